package api

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/internal/testkit/ccstest"
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

// importPackage posts a package as an application/zip body, with the
// query's parameters (none when "").
func (e *apiEnv) importPackage(token string, data []byte, query ...string) response {
	e.t.Helper()
	path := ContestImportPath
	if len(query) > 0 {
		path += "?" + strings.Join(query, "&")
	}
	req := httptest.NewRequest("POST", path, bytes.NewReader(data))
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
	return withoutTeamIDs(e.t, e.do("GET", path, e.admin, nil).want(e.t, 200, "").body), withoutTeamIDs(e.t, e.do("GET", path, token, nil).want(e.t, 200, "").body)
}

// withoutTeamIDs is a board's JSON without its rows' team_id: the ids of
// one server, which another gives its own.
func withoutTeamIDs(t testing.TB, board []byte) string {
	t.Helper()
	var b map[string]any
	if err := json.Unmarshal(board, &b); err != nil {
		t.Fatal(err)
	}
	rows, _ := b["rows"].([]any)
	for _, r := range rows {
		delete(r.(map[string]any), "team_id")
	}
	out, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
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
	checkPackageSchemas(t, pkg.body)

	for _, tc := range []struct {
		name        string
		dst         *apiEnv
		newProblems int
		query       []string
	}{
		{"a server with the problems", newCCSEnv(t, Options{}).apiEnv, 0, nil},
		{"a server without them", newBareCCSEnv(t), 2, []string{"published=true"}},
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
			dst.importPackage(dst.admin, pkg.body, tc.query...).want(t, 201, "").json(t, &out)
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
			// The problems are published: a contestant reads them.
			dst.do("GET", "/api/v1/problems/"+apiProblems[0].problem.Slug, ada, nil).want(t, 200, "")
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

// zipDir zips the files of a folder of testdata, as a package's archive
// of its folder, with the files of change in place of theirs (a nil one
// left out).
func zipDir(t *testing.T, dir string, change map[string][]byte) []byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range entries {
		if files[e.Name()], err = os.ReadFile(filepath.Join(dir, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range change {
		files[name] = data
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, data := range files {
		if data == nil {
			continue
		}
		w, err := zw.Create("pkg/" + name)
		if err == nil {
			_, err = w.Write(data)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestContestPackageForeign imports a package written by hand as another
// CCS writes one (testdata/contest-package/foreign: the spec's files only,
// YAML for contest, problems and accounts, teams of three from two
// universities, a hidden observers group, a rejudged submission, one never
// judged, a jury account) and checks the contest, its teams and its
// boards.
func TestContestPackageForeign(t *testing.T) {
	e := newCCSEnv(t, Options{})
	var out struct {
		Contest struct {
			ID    int64  `json:"id"`
			Title string `json:"title"`
		} `json:"contest"`
		Accounts []struct {
			Username string `json:"username"`
			Password string `json:"password"`
		} `json:"accounts_created"`
		Submissions int            `json:"submissions"`
		Clars       int            `json:"clarifications"`
		Skipped     map[string]int `json:"skipped"`
		Warnings    []string       `json:"warnings"`
	}
	// With a logo and runs, which the import does not read either.
	e.importPackage(e.admin, zipDir(t, foreignPackage, map[string][]byte{"organizations/kth/logo.png": []byte("\x89PNG"), "runs.json": []byte("[]")})).
		want(t, 201, "").json(t, &out)
	if out.Contest.Title != "NWERC practice" || len(out.Accounts) != 7 || out.Submissions != 5 || out.Clars != 2 ||
		out.Skipped["submissions not judged"] != 1 || out.Skipped["accounts that are not teams'"] != 1 {
		t.Errorf("import = %+v", out)
	}
	// What the import leaves out is said, not dropped in silence.
	warnings := strings.Join(out.Warnings, "\n")
	for _, want := range []string{"persons.json: not imported", "runs.json: not imported", "judgements.json: 1 judgements a rejudge replaced",
		"organizations/kth/logo.png: not read"} {
		if !strings.Contains(warnings, want) {
			t.Errorf("warnings %q, want one with %q", out.Warnings, want)
		}
	}
	if len(out.Warnings) != 4 {
		t.Errorf("warnings %q, want 4", out.Warnings)
	}
	for _, a := range out.Accounts {
		if (a.Username == "anna") != (a.Password == "") {
			t.Errorf("account %s: password %q: the package gave anna's, the server makes the others'", a.Username, a.Password)
		}
	}
	if _, err := e.svc.Authenticate(context.Background(), "anna", "anna-pass-1"); err != nil {
		t.Errorf("anna logs in with the package's password: %v", err)
	}
	c, err := e.db.Contest(context.Background(), out.Contest.ID)
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, 1, 10, 8, 0, 0, 0, time.UTC); !c.StartTime.Equal(want) || c.Duration != 5*time.Hour || c.Freeze != time.Hour ||
		c.Scoring != judge.ScoringICPC || c.Everyone {
		t.Errorf("contest = %+v", c)
	}
	if len(c.Problems) != 2 || c.Problems[0].Label != "A" || c.Problems[0].Slug != "flood" || c.Problems[1].Slug != "rot" {
		t.Errorf("problems = %+v, want A flood, B rot (by ordinal)", c.Problems)
	}
	teams := fmt.Sprint(c.Teams)
	for _, want := range []string{"KTH Blue [anna bert carl] KTH [undergraduate]", "Delft Orange [dora emil fred] TU Delft [undergraduate]", "Guests [gina] KTH [observers]"} {
		if !strings.Contains(teams, want) {
			t.Errorf("teams = %s, want one %q", teams, want)
		}
	}
	if fmt.Sprint(c.Organizations) == "" || !strings.Contains(fmt.Sprint(c.Organizations), "KTH Royal Institute of Technology SWE") {
		t.Errorf("organizations = %+v", c.Organizations)
	}
	if g, ok := c.GroupNamed("observers"); !ok || !g.Hidden {
		t.Errorf("groups = %+v, want observers hidden", c.Groups)
	}
	jury, public := e.boards(c.ID, e.login("anna", "anna-pass-1"))
	// A: t2's rejudged try (WA, then AC current) at 0:25:30 after a WA:
	// 25 + 20. B: t1's accepted try at 4:30, in the freeze, pending on
	// the frozen board; t2's try never judged is not imported at all.
	for _, want := range []string{`"penalty":45`, `"minutes":25,"pending":0,"score":1,"solved":true,"tries":2`, `"minutes":270`} {
		if !strings.Contains(jury, want) {
			t.Errorf("the jury's board has no %s: %s", want, jury)
		}
	}
	// The observers (Guests) are on the jury's board only.
	if !strings.Contains(jury, "Guests") || strings.Contains(public, "Guests") || !strings.Contains(jury, "KTH Blue") {
		t.Errorf("boards: jury %s, frozen %s; want the teams, Guests on the jury's only", jury, public)
	}
	if strings.Contains(jury, `"pending":1`) || !strings.Contains(public, `"frozen":true`) || !strings.Contains(public, `"pending":1`) || strings.Contains(public, `"minutes":270`) {
		t.Errorf("boards: jury %s, frozen %s", jury, public)
	}
}

const foreignPackage = "testdata/contest-package/foreign"

// TestContestPackageRefused sends broken packages: each is a 400 invalid
// naming the file (and the line and column of a syntax error), and
// nothing of any is left behind, even when the fault is found in the
// middle of the writes.
func TestContestPackageRefused(t *testing.T) {
	e := newCCSEnv(t, Options{})
	users, err := e.db.Users(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		change map[string][]byte
		file   string
		line   int
		column int
		msg    string
	}{
		{"JSON syntax", map[string][]byte{"teams.json": []byte("[{\"id\": \"t1\",\n  \"name\" \"KTH\"}]")}, "teams.json", 2, 10, "JSON syntax"},
		{"JSON type", map[string][]byte{"groups.json": []byte("[{\"id\": \"ug\", \"name\": 5}]")}, "groups.json", 1, 23, "name"},
		{"YAML syntax", map[string][]byte{"contest.yaml": []byte("name: x\nduration: 5\n  bad: y\n")}, "contest.yaml", 2, 11, "YAML: mapping value"},
		{"no contest", map[string][]byte{"contest.yaml": nil}, "contest.json", 0, 0, "missing"},
		{"bad duration", map[string][]byte{"contest.yaml": []byte("name: x\nstart_time: 2026-01-10T09:00:00Z\nduration: 5 hours\n")}, "contest.yaml", 0, 0, "duration"},
		{"another penalty", map[string][]byte{"contest.yaml": []byte("name: x\nstart_time: 2026-01-10T09:00:00Z\nduration: '5:00:00'\npenalty_time: '0:15:00'\n")}, "contest.yaml", 0, 0, "penalty_time"},
		{"unknown team", map[string][]byte{"submissions.json": []byte(`[{"id": "s1", "language_id": "cpp", "problem_id": "flood", "team_id": "t9", "time": "2026-01-10T09:10:00Z"}]`)}, "submissions.json", 0, 0, "t9"},
		{"a path out", map[string][]byte{"../evil": []byte("x")}, "pkg/../evil", 0, 0, "'..'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var body struct {
				Error struct {
					Code    string `json:"code"`
					Message string `json:"message"`
					File    string `json:"file"`
					Line    int    `json:"line"`
					Column  int    `json:"column"`
				} `json:"error"`
			}
			e.with(t).importPackage(e.admin, zipDir(t, foreignPackage, tc.change)).want(t, 400, judge.EINVALID).json(t, &body)
			got := body.Error
			if got.File != tc.file || got.Line != tc.line || got.Column != tc.column || !strings.Contains(got.Message, tc.msg) {
				t.Errorf("error = %+v, want file %s line %d column %d, a message with %q", got, tc.file, tc.line, tc.column, tc.msg)
			}
		})
	}
	// Refused by the service: a problem neither here nor in the package.
	r := e.importPackage(e.admin, zipDir(t, foreignPackage, map[string][]byte{"problems.yaml": []byte("- {id: nosuch, label: A, name: X, ordinal: 1}\n"),
		"submissions.json": []byte("[]"), "clarifications.json": nil})).want(t, 400, judge.EINVALID)
	if msg := r.errorMessage(t); !strings.Contains(msg, "nosuch") || !strings.Contains(msg, "problems.yaml") {
		t.Errorf("message %q, want one naming the problem and problems.yaml", msg)
	}
	// Refused in the middle of the writes (the accounts and the contest
	// written, then a clarification the store refuses): rolled back.
	r = e.importPackage(e.admin, zipDir(t, foreignPackage, map[string][]byte{"clarifications.json": []byte(`[{"id": "c1", "text": "bad \u0000 byte", "time": "2026-01-10T09:30:00Z"}]`)}))
	r.want(t, 400, judge.EINVALID)
	after, err := e.db.Users(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	contests, err := e.db.Contests(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != len(users) || len(contests) != 0 {
		t.Errorf("after the refused imports: %d accounts (were %d), %d contests: %s", len(after), len(users), len(contests), r.body)
	}
	// The same package, mended, imports.
	e.importPackage(e.admin, zipDir(t, foreignPackage, nil)).want(t, 201, "")
}

// packageSchemas are the schemas of a package's JSON files (check-api.sh's
// modes: the clarifications carry to_team_ids, as the API serves them).
var packageSchemas = map[string]ccstest.Mode{"contest": ccstest.Strict, "state": ccstest.Strict, "judgement-types": ccstest.Strict,
	"languages": ccstest.Strict, "problems": ccstest.Strict, "teams": ccstest.Extra, "submissions": ccstest.Strict,
	"judgements": ccstest.Strict, "clarifications": ccstest.Extra, "awards": ccstest.Strict, "scoreboard": ccstest.Strict,
	"organizations": ccstest.Strict, "groups": ccstest.Strict, "accounts": ccstest.Strict, "persons": ccstest.Strict, "runs": ccstest.Strict}

// checkPackageSchemas checks every JSON file of an exported package
// against the release's schema of its endpoint, and its event feed.
func checkPackageSchemas(t *testing.T, data []byte) {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		name := path.Base(f.Name)
		if name == "event-feed.ndjson" {
			if err := ccstest.For(t, ccstest.Extra).ValidateFeed(body); err != nil {
				t.Errorf("%s: %v", f.Name, err)
			}
			continue
		}
		if mode, ok := packageSchemas[strings.TrimSuffix(name, ".json")]; ok && path.Dir(f.Name) == "1" {
			ccstest.Check(t, mode, strings.TrimSuffix(name, ".json"), body)
			checked++
		}
	}
	if checked < 10 {
		t.Errorf("%d files of the package checked against the schemas, want every endpoint's", checked)
	}
}

// TestContestPackageTeamsRoundTrip moves an ICPC contest of teams of three
// from two universities and a hidden observers group to a fresh server:
// the same teams, organizations and groups, and the same boards (the
// jury's, with the observers, and the frozen one without them).
func TestContestPackageTeamsRoundTrip(t *testing.T) {
	src := newCCSEnv(t, Options{})
	tokens := map[string]string{}
	for _, name := range []string{"ann", "amy", "abe", "ben", "bea", "bob", "oli"} {
		tokens[name] = src.student(name)
	}
	src.waitReady()
	body := map[string]any{"title": "Regional", "scoring": "icpc", "public": false,
		"problems":   []map[string]any{{"slug": apiProblems[0].problem.Slug, "label": "A"}, {"slug": apiProblems[1].problem.Slug, "label": "B"}},
		"start_time": time.Now().Add(-time.Hour).UTC().Truncate(time.Second).Format(time.RFC3339), "duration": 7200, "freeze": 5400,
		"organizations": []map[string]any{{"name": "Uni A", "formal_name": "University of A", "country": "SWE"}, {"name": "Uni B"}},
		"groups":        []map[string]any{{"name": "undergraduate"}, {"name": "observers", "hidden": true}},
		"teams": []map[string]any{
			{"name": "Alpha", "members": []string{"ann", "amy", "abe"}, "organization": "Uni A", "groups": []string{"undergraduate"}},
			{"name": "Beta", "members": []string{"ben", "bea", "bob"}, "organization": "Uni B", "groups": []string{"undergraduate"}},
			{"name": "Guests", "members": []string{"oli"}, "organization": "Uni A", "groups": []string{"observers"}}}}
	var made struct {
		ID int64 `json:"id"`
	}
	src.do("POST", "/api/v1/contests", src.admin, body).want(t, 201, "").json(t, &made)
	c, err := src.db.Contest(context.Background(), made.ID)
	if err != nil {
		t.Fatal(err)
	}
	src.contestSubmit(t, tokens["amy"], c, 0, false)
	src.contestSubmit(t, tokens["abe"], c, 0, true)
	src.contestSubmit(t, tokens["bea"], c, 1, true)
	src.contestSubmit(t, tokens["oli"], c, 0, true)
	src.do("POST", "/api/v1/contests/"+itoa64(c.ID)+"/clarifications", tokens["bob"], map[string]any{"text": "Is B's board 3 right?"}).want(t, 201, "")
	wantJury, wantFrozen := src.boards(c.ID, tokens["ann"])
	if !strings.Contains(wantJury, "Guests") || strings.Contains(wantFrozen, "Guests") || !strings.Contains(wantFrozen, `"frozen":true`) {
		t.Fatalf("the source boards are not what the test means: jury %s, frozen %s", wantJury, wantFrozen)
	}
	pkg := src.do("GET", "/api/v1/contests/"+itoa64(c.ID)+"/package", src.admin, nil).want(t, 200, "")
	checkPackageSchemas(t, pkg.body)

	dst := newBareCCSEnv(t)
	var out struct {
		Contest struct {
			ID int64 `json:"id"`
		} `json:"contest"`
		Accounts []struct {
			Username string `json:"username"`
			Password string `json:"password"`
		} `json:"accounts_created"`
	}
	dst.importPackage(dst.admin, pkg.body).want(t, 201, "").json(t, &out)
	if len(out.Accounts) != 7 {
		t.Fatalf("accounts made: %+v, want the 7 members", out.Accounts)
	}
	ann := ""
	for _, a := range out.Accounts {
		if a.Username == "ann" {
			ann = dst.login("ann", a.Password)
		}
	}
	// Made from the package without ?published=true: drafts, which no
	// contestant reads until the jury publishes them.
	dst.do("GET", "/api/v1/problems/"+apiProblems[0].problem.Slug, ann, nil).want(t, 404, judge.ENOTFOUND)
	dst.importPackage(dst.admin, pkg.body, "published=maybe").want(t, 400, judge.EINVALID)
	jury, frozen := dst.boards(out.Contest.ID, ann)
	if jury != wantJury || frozen != wantFrozen {
		t.Errorf("boards after the import:\njury %s\nwant %s\nfrozen %s\nwant %s", jury, wantJury, frozen, wantFrozen)
	}
	got, err := dst.svc.Contest(context.Background(), judge.User{ID: 1, Role: judge.RoleInstructor}, out.Contest.ID)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got.Teams, got.Organizations, got.Groups) == "" || fmt.Sprint(teamsOf(got)) != fmt.Sprint(teamsOf(c)) {
		t.Errorf("teams after the import %v, want %v", teamsOf(got), teamsOf(c))
	}
}

// teamsOf is what a contest's teams, organizations and groups are,
// without their ids.
func teamsOf(c judge.Contest) string {
	teams, orgs, groups := c.TeamSpecs()
	return fmt.Sprint(teams, orgs, groups)
}
