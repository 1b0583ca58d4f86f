package api

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

// newBareCCSEnv is newCCSEnv over a server with no problem at all: an
// imported contest brings its problems in their packages.
func newBareCCSEnv(t *testing.T) *apiEnv {
	t.Helper()
	svc, db, logger := webtest.NewService(t, webtest.Setup{Config: service.Config{RegistrationOpen: true}, AdminPassword: adminPassword})
	logins := httpx.NewLoginLimiter()
	logins.Store = db
	srv := New(svc, logger, Options{Logins: logins})
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(httpx.LimitBodyExcept(httpx.MaxBodyBytes, map[string]int64{ContestImportPath: ContestImportMaxBody}))
	srv.Register(r)
	e := &apiEnv{t: t, handler: r, server: srv, svc: svc}
	e.admin = e.login("admin", adminPassword)
	return e
}

// importPackage posts a package as an application/zip body.
func (e *apiEnv) importPackage(token string, data []byte) response {
	e.t.Helper()
	req := httptest.NewRequest("POST", ContestImportPath, bytes.NewReader(data))
	req.Header.Set("Content-Type", "application/zip")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return e.serve(req)
}

// boards returns a contest's board as the jury and as a contestant (token)
// read it.
func (e *apiEnv) boards(id int64, token string) (jury, contestant string) {
	e.t.Helper()
	path := "/api/v1/contests/" + itoa64(id) + "/scoreboard"
	return string(e.do("GET", path, e.admin, nil).want(e.t, 200, "").body), string(e.do("GET", path, token, nil).want(e.t, 200, "").body)
}

// TestContestPackageRoundTrip exports a contest with wrong and right
// answers, a freeze and a clarification, and imports it into two fresh
// servers (real services, their own SQLite files): one that has the
// problems, one that has none and takes them from the package. Both give
// the same boards, the jury's and the frozen one a contestant reads.
func TestContestPackageRoundTrip(t *testing.T) {
	src := newCCSEnv(t, Options{})
	ada, bob, cy := src.student("ada"), src.student("bob"), src.student("cyd")
	src.waitReady()
	c := src.contest("Weekly 1", time.Hour, 2*time.Hour, 90*time.Minute, judge.ScoringICPC, []string{"ada", "bob", "cyd"})
	src.contestSubmit(t, ada, c, 0, false)
	src.contestSubmit(t, ada, c, 0, true)
	src.contestSubmit(t, bob, c, 1, true)
	src.contestSubmit(t, cy, c, 0, true)
	src.contestSubmit(t, cy, c, 1, false)
	src.do("POST", "/api/v1/contests/"+itoa64(c.ID)+"/clarifications", bob, map[string]any{"text": "May the board be empty?"}).want(t, 201, "")
	wantJury, wantPublic := src.boards(c.ID, ada)
	if !strings.Contains(wantPublic, `"frozen":true`) || !strings.Contains(wantJury, `"penalty":80`) {
		t.Fatalf("the source boards are not what the test means: jury %s, public %s", wantJury, wantPublic)
	}

	pkg := src.do("GET", "/api/v1/contests/"+itoa64(c.ID)+"/package", src.admin, nil).want(t, 200, "")
	files := map[string]bool{}
	for _, name := range zipNames(t, pkg.body) {
		files[name] = true
	}
	for _, name := range []string{"api.json", "contest.json", "problems.json", "teams.json", "submissions.json", "judgements.json",
		"clarifications.json", "awards.json", "scoreboard.json", "state.json", "event-feed.ndjson",
		"problems/" + apiProblems[0].problem.Slug + "/" + apiProblems[0].problem.Slug + ".zip", "submissions/" + itoa64(src.contestSubmitIDs(t, c)[0]) + "/files.zip"} {
		if !files["1/"+name] {
			t.Errorf("the package has no %s; it has %v", name, files)
		}
	}
	src.do("GET", "/api/v1/contests/"+itoa64(c.ID)+"/package", ada, nil).want(t, 403, judge.EFORBIDDEN)

	for _, tc := range []struct {
		name        string
		dst         *apiEnv
		newProblems int
	}{
		{"a server with the problems", newCCSEnv(t, Options{}).apiEnv, 0},
		{"a server without them", newBareCCSEnv(t), 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dst := tc.dst.with(t)
			var out struct {
				Contest struct {
					ID int64 `json:"id"`
				} `json:"contest"`
				Problems    []string                              `json:"problems_created"`
				Accounts    []struct{ Username, Password string } `json:"accounts_created"`
				Submissions int                                   `json:"submissions"`
				Clars       int                                   `json:"clarifications"`
			}
			dst.importPackage(dst.admin, pkg.body).want(t, 201, "").json(t, &out)
			if len(out.Problems) != tc.newProblems || len(out.Accounts) != 3 || out.Submissions != 5 || out.Clars != 1 {
				t.Errorf("import = %+v, want %d problems made, 3 accounts, 5 submissions, 1 clarification", out, tc.newProblems)
			}
			passwords := map[string]string{}
			for _, a := range out.Accounts {
				passwords[a.Username] = a.Password
			}
			ada := dst.login("ada", passwords["ada"])
			jury, public := dst.boards(out.Contest.ID, ada)
			if jury != wantJury {
				t.Errorf("the jury's board after the import:\n%s\nwant\n%s", jury, wantJury)
			}
			if public != wantPublic {
				t.Errorf("the public board after the import:\n%s\nwant\n%s", public, wantPublic)
			}
			dst.importPackage(ada, pkg.body).want(t, 403, judge.EFORBIDDEN)
		})
	}
}

// contestSubmitIDs returns the ids of contest c's submissions, oldest first.
func (e *ccsEnv) contestSubmitIDs(t *testing.T, c judge.Contest) []int64 {
	t.Helper()
	var subs []struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(e.ccsGet(t, "/contests/"+itoa64(c.ID)+"/submissions", e.admin, 200), &subs); err != nil {
		t.Fatal(err)
	}
	var out []int64
	for _, s := range subs {
		var n int64
		if err := json.Unmarshal([]byte(s.ID), &n); err != nil {
			t.Fatal(err)
		}
		out = append(out, n)
	}
	return out
}
