package web

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// icpcClock is the service's clock in TestICPCContest: the contest's
// hours pass in a moment.
type icpcClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *icpcClock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *icpcClock) Set(t time.Time) { c.mu.Lock(); defer c.mu.Unlock(); c.t = t }

// TestICPCContest runs a contest as the ICPC runs them (issue 35): teams of
// three from two universities and a hidden "observers" group, submissions
// by several members of a team, clarifications, a freeze and its end. Any
// member's submission counts for the team and every member reads it; the
// board ranks teams, names their organizations, filters by group and
// keeps the observers to the jury; the pages show the same; and the
// Contest API passes the release's own check script, check-api.sh, with
// -p (extra properties allowed, for the clarifications' to_team_ids) and
// -e (the error codes), for the jury, the public and the hidden team,
// printing no schema failure.
//
// Parallel: most of its time is check-api.sh's waiting for the event
// feed's streams (-t 2), which TestBrowser's Chromium may use meanwhile.
func TestICPCContest(t *testing.T) {
	t.Parallel()
	start := time.Now().UTC().Truncate(time.Minute).Add(-time.Hour)
	clock := &icpcClock{t: start.Add(-time.Minute)}
	svc, db, logger := webtest.NewService(t, webtest.Setup{Config: service.Config{Clock: clock.Now, RegistrationOpen: true},
		AdminPassword: adminPassword, Catalogue: webtest.Catalogue()})
	e := newEnvOver(t, NewServer(svc, logger, NewMetrics(), Options{Logins: db}), svc)
	e.admin = e.Login("admin", adminPassword)
	tok := map[string]string{}
	for _, u := range []string{"ann", "amy", "abe", "ben", "bea", "bob", "oli"} {
		tok[u] = e.Student(u)
	}
	right := map[string]string{}
	for _, slug := range []string{"flood", "rot"} {
		for _, c := range webtest.WaitCases(t, svc, slug) {
			right[slug] += c.Expected.Answer
		}
	}

	var ct struct {
		ID    int64 `json:"id"`
		Teams []struct {
			Name    string   `json:"name"`
			Members []string `json:"members"`
			Hidden  bool     `json:"hidden"`
		} `json:"teams"`
	}
	e.Do("POST", "/api/v1/contests", e.admin, map[string]any{
		"title": "Regional", "problems": []map[string]string{{"slug": "flood", "label": "A"}, {"slug": "rot", "label": "B"}},
		"start_time": start.Format(time.RFC3339), "duration": "5h", "freeze": "1h", "scoring": "icpc", "public": true,
		"teams": []map[string]any{
			{"name": "Alpha", "members": []string{"ann", "amy", "abe"}, "groups": []string{"undergraduate"},
				"organization": map[string]string{"name": "UA", "formal_name": "University of A", "country": "NLD"}},
			{"name": "Beta", "members": []string{"ben", "bea", "bob"}, "organization": "UB", "groups": []string{"undergraduate"}},
			{"name": "Watchers", "members": []string{"oli"}, "organization": "UA", "groups": []string{"observers"}},
		},
		"organizations": []map[string]string{{"name": "UB", "formal_name": "University of B", "country": "BEL"}},
		"groups":        []map[string]any{{"name": "observers", "hidden": true}},
	}).Want(t, 201, "").JSON(t, &ct)
	if len(ct.Teams) != 3 || !slices.Equal(ct.Teams[0].Members, []string{"abe", "amy", "ann"}) || !ct.Teams[2].Hidden {
		t.Fatalf("the contest's teams = %+v", ct.Teams)
	}
	id := itoa64(ct.ID)
	// A member is in one team: a fourth team with a1 is refused.
	e.Do("PATCH", "/api/v1/contests/"+id, e.admin, map[string]any{"teams": []map[string]any{
		{"name": "Alpha", "members": []string{"ann"}}, {"name": "Gamma", "members": []string{"ann", "ben"}}}}).Want(t, 400, judge.EINVALID)

	submit := func(at time.Duration, user, slug string, ok bool) int64 {
		t.Helper()
		clock.Set(start.Add(at))
		out := right[slug]
		if !ok {
			out = "999\n" + out
		}
		sub := e.Submit(tok[user], slug, map[string]any{"kind": "answer", "output": out, "contest": ct.ID})
		e.Result(tok[user], sub, nil)
		return sub
	}
	clar := func(at time.Duration, who string, body map[string]any) int64 {
		t.Helper()
		clock.Set(start.Add(at))
		var m struct {
			ID int64 `json:"id"`
		}
		e.Do("POST", "/api/v1/contests/"+id+"/clarifications", who, body).Want(t, 201, "").JSON(t, &m)
		return m.ID
	}
	q := clar(10*time.Minute, tok["amy"], map[string]any{"text": "Is the board square?", "problem": "A"})
	clar(12*time.Minute, e.admin, map[string]any{"text": "Yes.", "reply_to": q})
	clar(15*time.Minute, e.admin, map[string]any{"text": "Problem B's statement was fixed."})
	submit(20*time.Minute, "ben", "flood", false)
	alphaA := submit(25*time.Minute, "ann", "flood", true)
	submit(30*time.Minute, "oli", "flood", true) // the observers, first
	submit(60*time.Minute, "bea", "flood", true)
	submit(4*time.Hour+10*time.Minute, "abe", "rot", true) // under the freeze
	submit(4*time.Hour+20*time.Minute, "bob", "rot", false)
	clock.Set(start.Add(4*time.Hour + 30*time.Minute))

	// Every member reads the team's submissions; another team does not.
	e.Do("GET", "/api/v1/submissions/"+itoa64(alphaA), tok["amy"], nil).Want(t, 200, "")
	e.Do("GET", "/api/v1/submissions/"+itoa64(alphaA), tok["ben"], nil).Want(t, 403, judge.EFORBIDDEN)
	var subs []struct {
		User string `json:"user"`
	}
	e.Do("GET", "/api/v1/submissions?contest="+id, tok["amy"], nil).Want(t, 200, "").JSON(t, &subs)
	if len(subs) != 2 || subs[0].User != "abe" || subs[1].User != "ann" {
		t.Errorf("amy lists the contest's submissions %+v, want Alpha's two (abe's, ann's)", subs)
	}
	// And the team's clarifications: a1 reads a2's question and its answer.
	var clars struct {
		Clarifications []struct {
			Text string `json:"text"`
		} `json:"clarifications"`
	}
	e.Do("GET", "/api/v1/contests/"+id+"/clarifications", tok["ann"], nil).Want(t, 200, "").JSON(t, &clars)
	if len(clars.Clarifications) != 3 {
		t.Errorf("ann reads %+v, want the team's question, its answer and the announcement", clars.Clarifications)
	}
	e.Do("GET", "/api/v1/contests/"+id+"/clarifications", tok["ben"], nil).Want(t, 200, "").JSON(t, &clars)
	if len(clars.Clarifications) != 1 {
		t.Errorf("ben reads %+v, want the announcement only", clars.Clarifications)
	}

	// The boards: the public's is frozen and has no observers.
	board := func(token, query string) string {
		t.Helper()
		var b judge.Scoreboard
		e.Do("GET", "/api/v1/contests/"+id+"/scoreboard"+query, token, nil).Want(t, 200, "").JSON(t, &b)
		var rows []string
		for _, r := range b.Rows {
			rows = append(rows, itoa64(int64(r.Rank))+" "+r.Team+" "+r.Organization+" "+itoa64(int64(r.Solved)))
		}
		return strings.Join(rows, ", ")
	}
	for _, tc := range []struct{ who, token, query, want string }{
		{"the public", "", "", "1 Alpha UA 1, 2 Beta UB 1"},
		{"a member", tok["ann"], "", "1 Alpha UA 1, 2 Beta UB 1"},
		{"the jury", e.admin, "", "1 Alpha UA 2, 2 Watchers UA 1, 3 Beta UB 1"},
		{"the jury, observers", e.admin, "?group=observers", "2 Watchers UA 1"},
		{"the public, undergraduates", "", "?group=undergraduate", "1 Alpha UA 1, 2 Beta UB 1"},
	} {
		if got := board(tc.token, tc.query); got != tc.want {
			t.Errorf("%s read the board%s: %s, want %s", tc.who, tc.query, got, tc.want)
		}
	}
	// The pages say the same.
	page := e.Do("GET", "/contests/"+id+"/scoreboard", "", nil).Want(t, 200, "")
	for _, want := range []string{"Alpha", "Beta", ">UA<", "?group=undergraduate"} {
		if !bytes.Contains(page.Body, []byte(want)) {
			t.Errorf("the public board page lacks %q", want)
		}
	}
	for _, not := range []string{"Watchers", "?group=observers"} {
		if bytes.Contains(page.Body, []byte(not)) {
			t.Errorf("the public board page shows %q", not)
		}
	}
	contestPage := e.Do("GET", "/contests/"+id, "", nil).Want(t, 200, "")
	if !bytes.Contains(contestPage.Body, []byte("University of B")) || bytes.Contains(contestPage.Body, []byte(">bea<")) || bytes.Contains(contestPage.Body, []byte("Watchers")) {
		t.Errorf("the contest page should list the teams with their organizations, and no team's members nor hidden team to the public:\n%s", contestPage.Body)
	}

	// The Contest API, as its own check script reads it.
	srv := httptest.NewServer(e.Handler)
	t.Cleanup(srv.Close)
	// The jury, the public, and the hidden team (which reads itself and
	// its group, as no one else but the jury does).
	for _, who := range []struct{ name, curl string }{{"jury", "-s -u admin:" + adminPassword}, {"public", "-s"}, {"hidden team", "-s -u oli:pass-oli"}} {
		t.Run("check-api.sh "+who.name, func(t *testing.T) { runCheckAPI(t, srv.URL+"/api/ccs", who.curl) })
	}
	var teams []struct {
		ID             string   `json:"id"`
		Name           string   `json:"name"`
		OrganizationID *string  `json:"organization_id"`
		GroupIDs       []string `json:"group_ids"`
		Hidden         bool     `json:"hidden"`
	}
	// The observers are the jury's (and their own) to read, not the
	// public's.
	e.Do("GET", "/api/ccs/contests/"+id+"/teams", "", nil).Want(t, 200, "").JSON(t, &teams)
	if len(teams) != 2 || teams[0].Name != "Alpha" || teams[1].Name != "Beta" || teams[0].Hidden || teams[0].OrganizationID == nil || len(teams[0].GroupIDs) != 1 {
		t.Errorf("the Contest API's teams, as the public reads them = %+v", teams)
	}
	e.Do("GET", "/api/ccs/contests/"+id+"/teams", e.admin, nil).Want(t, 200, "").JSON(t, &teams)
	if len(teams) != 3 || teams[2].Name != "Watchers" || !teams[2].Hidden || teams[0].OrganizationID == nil || len(teams[0].GroupIDs) != 1 {
		t.Errorf("the Contest API's teams, as the jury reads them = %+v", teams)
	}
	for _, tc := range []struct {
		path, token string
		n           int
	}{
		{"/organizations", "", 2}, {"/groups", "", 1}, {"/groups", e.admin, 2}, {"/groups", tok["oli"], 2}, {"/submissions", "", 5}, {"/submissions", e.admin, 6}, {"/accounts", e.admin, 8}, {"/accounts", tok["ann"], 3}, {"/accounts", "", 0},
		{"/persons", tok["ben"], 3}, {"/persons", "", 0}, {"/runs", e.admin, 4 * len(webtest.WaitCases(t, svc, "flood"))},
	} {
		var list []json.RawMessage
		e.Do("GET", "/api/ccs/contests/"+id+tc.path, tc.token, nil).Want(t, 200, "").JSON(t, &list)
		if tc.path != "/runs" && len(list) != tc.n || tc.path == "/runs" && len(list) < tc.n {
			t.Errorf("%s as %q: %d objects, want %d", tc.path, tc.token, len(list), tc.n)
		}
	}

	// The end, and the board revealed: Alpha won; the observers stay off.
	clock.Set(start.Add(5*time.Hour + 10*time.Minute))
	e.Do("PATCH", "/api/v1/contests/"+id, e.admin, map[string]any{"unfrozen": true}).Want(t, 200, "")
	if got, want := board("", ""), "1 Alpha UA 2, 2 Beta UB 1"; got != want {
		t.Errorf("the final public board: %s, want %s", got, want)
	}
	var awards []struct {
		ID      string   `json:"id"`
		TeamIDs []string `json:"team_ids"`
	}
	e.Do("GET", "/api/ccs/contests/"+id+"/awards", "", nil).Want(t, 200, "").JSON(t, &awards)
	if len(awards) < 2 || len(awards[0].TeamIDs) != 1 || awards[0].TeamIDs[0] != teams[0].ID || len(awards[1].TeamIDs) != 1 || awards[1].TeamIDs[0] != teams[0].ID {
		t.Errorf("awards = %+v, want Alpha (%s) the winner and first to solve A (the observers were first, and win nothing)", awards, teams[0].ID)
	}
}

// runCheckAPI runs the release's check-api.sh (vendored in
// internal/testkit/ccstest) with -p and -e against the Contest API at url,
// curl given curlOpts, with the yajsv stand-in, and fails unless it exits
// 0 and reports no schema failure. It needs bash, curl and jq: without
// them it skips, unless PUZZLEJUDGE_REQUIRE_CHECK_API is set (.ci/run).
func runCheckAPI(t *testing.T, url, curlOpts string) {
	for _, tool := range []string{"bash", "curl", "jq"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("PUZZLEJUDGE_REQUIRE_CHECK_API") != "" {
				t.Fatalf("check-api.sh needs %s: %v", tool, err)
			}
			t.Skipf("check-api.sh needs %s", tool)
		}
	}
	yajsv := checkAPIValidator(t)
	script, err := filepath.Abs("../internal/testkit/ccstest/testdata/check-api.sh")
	if err != nil {
		t.Fatal(err)
	}
	// -t 2: the feed streams; two seconds bring all it has.
	cmd := exec.Command("bash", script, "-p", "-e", "-t", "2", "-j", yajsv, "-c", curlOpts, url)
	out, err := cmd.CombinedOutput()
	t.Logf("check-api.sh:\n%s", out)
	if err != nil {
		t.Errorf("check-api.sh -p -e %s: %v", url, err)
	}
	for _, bad := range []string{": fail:", ": error:", "Failed to download", "Warning:", "Error:"} {
		if bytes.Contains(out, []byte(bad)) {
			t.Errorf("check-api.sh printed %q", bad)
		}
	}
}

var (
	yajsvOnce sync.Once
	yajsvPath string
	yajsvErr  error
)

// checkAPIValidator builds the yajsv stand-in once per test binary, into a
// folder of the temporary directory kept across runs: go build finds it
// there up to date and skips the link (a new folder each run was left
// behind, and linked again).
func checkAPIValidator(t *testing.T) string {
	yajsvOnce.Do(func() {
		dir := filepath.Join(os.TempDir(), "puzzlejudge-test-yajsv")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			yajsvErr = err
			return
		}
		yajsvPath = filepath.Join(dir, "yajsv")
		out, err := exec.Command("go", "build", "-o", yajsvPath, "puzzlejudge/internal/testkit/ccstest/yajsv").CombinedOutput()
		if err != nil {
			yajsvErr = err
			yajsvPath = string(out)
		}
	})
	if yajsvErr != nil {
		t.Fatalf("building the yajsv stand-in: %v\n%s", yajsvErr, yajsvPath)
	}
	return yajsvPath
}
