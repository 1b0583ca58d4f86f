package api

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// TestContestsAPI runs a contest through the API as the contract writes
// it: created already running and frozen, submitted to, read by each
// viewer, unfrozen.
func TestContestsAPI(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()
	ada, bob, carol := e.student("ada"), e.student("bob"), e.student("carol")
	right := "0\n3\n" + solveRef(t, "floodit", apiProblems[0].cases[2].Input).answer
	now := time.Now().UTC()
	body := map[string]any{
		"title": "Weekly 1", "problems": []map[string]any{{"slug": "flood", "label": "A"}, {"slug": "rot", "label": "B"}},
		"start_time": now.Add(-4*time.Hour - 30*time.Minute).Format(time.RFC3339), "duration": "5h", "freeze": 3600,
		"scoring": "icpc", "participants": []string{"ada", "bob"},
	}
	e.do("POST", "/api/v1/contests", ada, body).want(t, 403, judge.EFORBIDDEN)
	e.do("POST", "/api/v1/contests", "", body).want(t, 401, judge.EUNAUTHORIZED)
	bad := map[string]any{}
	for k, v := range body {
		bad[k] = v
	}
	bad["duration"] = "5x"
	if r := e.do("POST", "/api/v1/contests", e.admin, bad).want(t, 400, judge.EINVALID); !strings.Contains(string(r.body), "column 2") {
		t.Errorf("a bad duration: %s, want its column named", string(r.body))
	}
	var c contestJSON
	e.do("POST", "/api/v1/contests", e.admin, body).want(t, 201, "").json(t, &c)
	if c.ID == 0 || c.Duration != "5:00:00" || c.Freeze != "1:00:00" || c.Status != contestRunning || !c.Frozen || len(c.Problems) != 2 ||
		c.Problems[1].Label != "B" || c.Everyone || len(c.Participants) != 2 {
		t.Fatalf("POST /contests = %+v", c)
	}
	path := "/api/v1/contests/" + itoa64(c.ID)
	var seen contestJSON
	e.do("GET", path, ada, nil).want(t, 200, "").json(t, &seen)
	if seen.Participants != nil || seen.Title != "Weekly 1" || len(seen.Problems) != 2 {
		t.Errorf("GET /contests/{id} as ada = %+v, want no participants", seen)
	}

	// Submitting names the contest; a non-participant is refused.
	e.do("POST", "/api/v1/problems/flood/submissions", carol, map[string]any{"kind": "answer", "output": right, "contest": c.ID}).
		want(t, 403, judge.EFORBIDDEN)
	var q struct {
		ID      int64 `json:"id"`
		Contest int64 `json:"contest"`
	}
	e.do("POST", "/api/v1/problems/flood/submissions", ada, map[string]any{"kind": "answer", "output": "0\n3\n99\n", "contest": c.ID}).
		want(t, 202, "").json(t, &q)
	if q.Contest != c.ID {
		t.Errorf("202 of a contest submission = %+v, want contest %d", q, c.ID)
	}
	e.result(ada, q.ID)
	e.result(ada, e.submit(ada, "flood", map[string]any{"kind": "answer", "output": right, "contest": c.ID}))
	e.result(bob, e.submit(bob, "flood", map[string]any{"kind": "answer", "output": right})) // practice

	// ada's tries are after the freeze: pending to ada, solved to the jury.
	var mine judge.Scoreboard
	r := e.do("GET", path+"/scoreboard", ada, nil).want(t, 200, "")
	r.json(t, &mine)
	if !mine.Frozen || len(mine.Rows) != 2 || mine.Rows[0].User != "ada" || mine.Rows[0].Problems[0].Pending != 2 || mine.Rows[0].Solved != 0 ||
		mine.Rows[1].User != "bob" || mine.Rows[1].Rank != 1 {
		t.Errorf("ada's frozen board = %+v", mine)
	}
	etag := r.header.Get("ETag")
	req := e.request("GET", path+"/scoreboard", nil)
	req.Header.Set("Authorization", "Bearer "+ada)
	req.Header.Set("If-None-Match", etag)
	if got := e.serve(req); got.status != http.StatusNotModified {
		t.Errorf("GET scoreboard with If-None-Match %s = %d, want 304", etag, got.status)
	}
	var jury judge.Scoreboard
	e.do("GET", path+"/scoreboard", e.admin, nil).want(t, 200, "").json(t, &jury)
	a := jury.Rows[0]
	if jury.Frozen || a.User != "ada" || a.Rank != 1 || a.Solved != 1 || a.Penalty != 270+20 || !a.Problems[0].First || a.Problems[0].Tries != 2 {
		t.Errorf("the jury's board = %+v, want ada first with 1 solved, penalty 290", jury)
	}
	e.do("GET", path+"/scoreboard", carol, nil).want(t, 403, judge.EFORBIDDEN)
	e.do("GET", path+"/scoreboard", "", nil).want(t, 401, judge.EUNAUTHORIZED)

	// The jury unfreezes the board.
	e.do("PATCH", path, ada, map[string]any{"unfrozen": true}).want(t, 403, judge.EFORBIDDEN)
	var u contestJSON
	e.do("PATCH", path, e.admin, map[string]any{"unfrozen": true, "public": true}).want(t, 200, "").json(t, &u)
	if u.Frozen || u.UnfrozenAt == nil || !u.Public {
		t.Errorf("PATCH unfrozen = %+v", u)
	}
	var pub judge.Scoreboard
	e.do("GET", path+"/scoreboard", "", nil).want(t, 200, "").json(t, &pub)
	if pub.Frozen || pub.Rows[0].Penalty != 290 {
		t.Errorf("the public's board after unfreezing = %+v", pub)
	}
	csv := e.do("GET", path+"/scoreboard.csv", "", nil).want(t, 200, "")
	if got := string(csv.body); !strings.HasPrefix(got, "rank,user,solved,penalty,score,A tries,A minutes,A solved,A score,B tries,") ||
		!strings.Contains(got, "\r\n1,ada,1,290,1,2,270,true,1,") {
		t.Errorf("scoreboard.csv = %q", got)
	}

	// A contest that has not started: 403 naming its start.
	later := map[string]any{"title": "Later", "problems": []map[string]any{{"slug": "flood"}}, "scoring": "ioi", "duration": "90m",
		"start_time": now.Add(time.Hour).Format(time.RFC3339)}
	var l contestJSON
	e.do("POST", "/api/v1/contests", e.admin, later).want(t, 201, "").json(t, &l)
	if l.Status != contestScheduled || !l.Everyone || l.Problems[0].Label != "A" {
		t.Errorf("POST /contests, later = %+v", l)
	}
	var seenLater contestJSON
	e.do("GET", "/api/v1/contests/"+itoa64(l.ID), ada, nil).want(t, 200, "").json(t, &seenLater)
	if len(seenLater.Problems) != 0 {
		t.Errorf("a scheduled contest shows ada its problems: %+v", seenLater.Problems)
	}
	r = e.do("POST", "/api/v1/problems/flood/submissions", ada, map[string]any{"kind": "answer", "output": right, "contest": l.ID}).
		want(t, 403, judge.EFORBIDDEN)
	if !strings.Contains(string(r.body), "starts at") {
		t.Errorf("a submission before the start: %s, want the start named", string(r.body))
	}
	var list []contestJSON
	e.do("GET", "/api/v1/contests", ada, nil).want(t, 200, "").json(t, &list)
	if len(list) != 2 || list[0].ID != c.ID {
		t.Errorf("GET /contests = %+v", list)
	}
	// "Later" is not public: the anonymous are not told of it, as in /api/ccs.
	e.do("GET", "/api/v1/contests", "", nil).want(t, 200, "").json(t, &list)
	if len(list) != 1 || list[0].ID != c.ID {
		t.Errorf("GET /contests, anonymous = %+v", list)
	}
	e.do("GET", "/api/v1/contests/999", "", nil).want(t, 404, judge.ENOTFOUND)
}

// TestContestProgram submits a program in a contest as pj does (a
// multipart form with the field contest) and reads its verdict, judged in
// the real sandbox, on the board.
func TestContestProgram(t *testing.T) {
	e := newAPIEnvWith(t, Options{}, service.Config{RegistrationOpen: true, Sandbox: sandboxtest.Embedded(t)})
	e.waitReady()
	alice := e.student("alice")
	var c contestJSON
	e.do("POST", "/api/v1/contests", e.admin, map[string]any{"title": "Programs", "problems": []map[string]any{{"slug": "flood"}},
		"start_time": time.Now().UTC().Add(-time.Minute).Format(time.RFC3339), "duration": 3600, "scoring": "ioi"}).want(t, 201, "").json(t, &c)

	body, ct := programForm(map[string]string{"language": "cpp", "contest": "x"}, "main.cpp", floodIDA(t))
	e.postForm(alice, "flood", body, ct).want(t, 400, judge.EINVALID)
	body, ct = programForm(map[string]string{"language": "cpp", "contest": itoa64(c.ID)}, "main.cpp", floodIDA(t))
	var q struct {
		ID      int64 `json:"id"`
		Contest int64 `json:"contest"`
	}
	e.postForm(alice, "flood", body, ct).want(t, 202, "").json(t, &q)
	if q.Contest != c.ID {
		t.Errorf("202 = %+v, want contest %d", q, c.ID)
	}
	if s := e.result(alice, q.ID); s.Verdict != judge.Accepted {
		t.Fatalf("the program's verdict = %s, want accepted", s.Verdict)
	}
	var b judge.Scoreboard
	e.do("GET", "/api/v1/contests/"+itoa64(c.ID)+"/scoreboard", alice, nil).want(t, 200, "").json(t, &b)
	if len(b.Rows) != 1 || b.Rows[0].Score != 100 || !b.Rows[0].Problems[0].Solved || !b.Rows[0].Problems[0].First {
		t.Errorf("the board after the program = %+v", b)
	}
}
