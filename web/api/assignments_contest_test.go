package api

import (
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// TestContestAssignmentAPI: POST /api/v1/assignments with "contest" makes
// the contest's assignment, whose grades are the contest's results, and
// PATCH "contest": null unlinks it.
func TestContestAssignmentAPI(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()
	ada, bob := e.student("ada"), e.student("bob")
	e.student("idle")
	right := "0\n3\n" + solveRef(t, "floodit", apiProblems[0].cases[2].Input).answer
	start := time.Now().UTC().Add(-time.Hour).Truncate(time.Second)
	var c contestJSON
	e.do("POST", "/api/v1/contests", e.admin, map[string]any{
		"title": "Weekly 1", "problems": []map[string]any{{"slug": "flood", "label": "A"}, {"slug": "rot", "label": "B"}},
		"start_time": start.Format(time.RFC3339), "duration": "5h", "scoring": "icpc",
	}).want(t, 201, "").json(t, &c)

	e.do("POST", "/api/v1/assignments", e.admin, map[string]any{"title": "Exam", "contest": c.ID,
		"opens_at": start.Format(time.RFC3339)}).want(t, 400, judge.EINVALID)
	e.do("POST", "/api/v1/assignments", e.admin, map[string]any{"title": "Exam", "contest": c.ID,
		"problems": []map[string]any{{"slug": "maya"}}}).want(t, 400, judge.EINVALID)
	e.do("POST", "/api/v1/assignments", e.admin, `{"title":"Exam","contest":"one"}`).want(t, 400, judge.EINVALID)
	e.do("POST", "/api/v1/assignments", ada, map[string]any{"title": "Exam", "contest": c.ID}).want(t, 403, judge.EFORBIDDEN)
	var a assignmentJSON
	e.do("POST", "/api/v1/assignments", e.admin, map[string]any{"title": "Exam", "contest": c.ID,
		"problems": []map[string]any{{"slug": "rot", "weight": 3}}}).want(t, 201, "").json(t, &a)
	if a.Contest == nil || *a.Contest != c.ID || len(a.Problems) != 2 || a.Problems[0].Slug != "flood" || a.Problems[0].Weight != 1 ||
		a.Problems[1].Weight != 3 || !a.OpensAt.Equal(start) || !a.DueAt.Equal(start.Add(5*time.Hour)) || a.LateUntil != nil || a.Status != judge.PhaseOpen {
		t.Fatalf("POST /assignments with contest %d = %+v", c.ID, a)
	}
	path := "/api/v1/assignments/" + itoa64(a.ID)

	e.result(ada, e.submit(ada, "flood", map[string]any{"kind": "answer", "output": right, "contest": c.ID}))
	e.result(bob, e.submit(bob, "flood", map[string]any{"kind": "answer", "output": right})) // practice: not counted
	e.result(bob, e.submit(bob, "rot", map[string]any{"kind": "answer", "output": "x\n", "contest": c.ID}))

	r := e.do("GET", path+"/grades.csv", e.admin, nil).want(t, 200, "")
	if got, want := string(r.body), "username,flood,rot,total\r\nada,100,0,25\r\nbob,0,0,0\r\nidle,0,0,0\r\n"; got != want {
		t.Errorf("grades.csv of the contest's assignment:\n%q\nwant:\n%q", got, want)
	}
	var mine assignmentJSON
	e.do("GET", path, bob, nil).want(t, 200, "").json(t, &mine)
	if mine.Contest == nil || mine.Progress == nil || mine.Progress.Problems[1].Verdict != judge.Invalid || mine.Progress.Problems[1].Submissions != 1 ||
		mine.Progress.Problems[0].Submissions != 0 {
		t.Errorf("GET /assignments/{id} as bob = %+v, progress %+v", mine, mine.Progress)
	}
	var list []assignmentJSON
	e.do("GET", "/api/v1/assignments", ada, nil).want(t, 200, "").json(t, &list)
	if len(list) != 1 || list[0].Contest == nil || *list[0].Contest != c.ID {
		t.Errorf("GET /assignments = %+v", list)
	}

	e.do("PATCH", path, e.admin, map[string]any{"due_at": start.Format(time.RFC3339)}).want(t, 400, judge.EINVALID)
	e.do("PATCH", path, e.admin, map[string]any{"contest": 0}).want(t, 400, judge.EINVALID)
	var unlinked assignmentJSON
	e.do("PATCH", path, e.admin, `{"contest": null}`).want(t, 200, "").json(t, &unlinked)
	if unlinked.Contest != nil || len(unlinked.Problems) != 2 || !unlinked.DueAt.Equal(a.DueAt) {
		t.Errorf("PATCH contest null = %+v, want the contest's problems and window kept", unlinked)
	}
	// Unlinked, it counts the window's submissions as any assignment:
	// bob's practice answer too.
	r = e.do("GET", path+"/grades.csv", e.admin, nil).want(t, 200, "")
	if !strings.Contains(string(r.body), "bob,100,0,25") {
		t.Errorf("grades.csv unlinked:\n%s", r.body)
	}
	var relinked assignmentJSON
	e.do("PATCH", path, e.admin, map[string]any{"contest": c.ID}).want(t, 200, "").json(t, &relinked)
	if relinked.Contest == nil || *relinked.Contest != c.ID {
		t.Errorf("PATCH contest %d = %+v", c.ID, relinked)
	}
}
