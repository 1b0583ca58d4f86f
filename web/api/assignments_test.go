package api

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

func TestAssignmentsAPI(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()
	ada := e.student("ada")
	odd := e.student("-1-1") // a valid username that a spreadsheet would compute
	e.student("idle")
	now := time.Now().UTC().Truncate(time.Second) // the API takes whole seconds
	body := map[string]any{
		"title":    "Week 1",
		"problems": []map[string]any{{"slug": "flood", "weight": 1}, {"slug": "rot", "weight": 3}},
		"opens_at": now.Add(-time.Hour).Format(time.RFC3339), "due_at": now.Add(time.Hour).Format(time.RFC3339),
	}
	e.do("POST", "/api/v1/assignments", ada, body).want(t, 403, judge.EFORBIDDEN)
	e.do("POST", "/api/v1/assignments", "", body).want(t, 401, judge.EUNAUTHORIZED)
	e.do("POST", "/api/v1/assignments", e.admin, map[string]any{"title": "x", "problems": []map[string]any{{"slug": "nope"}},
		"opens_at": body["opens_at"], "due_at": body["due_at"]}).want(t, 400, judge.EINVALID)
	e.do("POST", "/api/v1/assignments", e.admin, `{"title":"x","problems":[{"slug":"flood"}],"opens_at":"yesterday","due_at":"2026-01-01T00:00:00Z"}`).want(t, 400, judge.EINVALID)
	var a assignmentJSON
	e.do("POST", "/api/v1/assignments", e.admin, body).want(t, 201, "").json(t, &a)
	if a.ID == 0 || len(a.Problems) != 2 || a.Problems[1].Weight != 3 || a.Status != judge.PhaseOpen || a.SecondsLeft < 3500 {
		t.Fatalf("POST /assignments = %+v", a)
	}
	path := "/api/v1/assignments/" + itoa64(a.ID)

	// ada: flood answered right, rot answered wrong; -1-1: rot by moves.
	ids := e.caseIDs("rot")
	ref := solveRef(t, "rotation", apiProblems[1].cases[1].Input)
	e.result(ada, e.submit(ada, "flood", map[string]any{"kind": "answer", "output": "0\n3\n" + solveRef(t, "floodit", apiProblems[0].cases[2].Input).answer}))
	e.result(ada, e.submit(ada, "rot", map[string]any{"kind": "answer", "output": "x\n"}))
	e.result(odd, e.submit(odd, "rot", map[string]any{"kind": "moves", "case": ids[1], "moves": ref.moves}))

	var mine assignmentJSON
	e.do("GET", path, ada, nil).want(t, 200, "").json(t, &mine)
	if mine.Progress == nil || mine.Progress.Username != "ada" || mine.Progress.Problems[0].Score != 100 || mine.Progress.Problems[0].Verdict != judge.Accepted ||
		mine.Progress.Total != 25 || mine.Progress.Problems[1].Submissions != 1 || mine.Progress.Problems[0].LastSubmission == nil {
		t.Errorf("GET /assignments/{id} as ada: progress %+v", mine.Progress)
	}
	var list []assignmentJSON
	e.do("GET", "/api/v1/assignments", ada, nil).want(t, 200, "").json(t, &list)
	if len(list) != 1 || list[0].ID != a.ID {
		t.Errorf("GET /assignments as a student = %+v", list)
	}

	var own progressJSON
	e.do("GET", path+"/progress", ada, nil).want(t, 200, "").json(t, &own)
	if len(own.Students) != 1 || own.Students[0].Username != "ada" {
		t.Errorf("a student's progress shows %+v, want their own row only", own.Students)
	}
	var all progressJSON
	e.do("GET", path+"/progress", e.admin, nil).want(t, 200, "").json(t, &all)
	got := map[string]float64{}
	for _, r := range all.Students {
		got[r.Username] = r.Total
	}
	if len(all.Students) != 3 || got["ada"] != 25 || got["-1-1"] != 75 || got["idle"] != 0 {
		t.Errorf("progress totals = %v, want ada 25, -1-1 75, idle 0 (and no instructor)", got)
	}
	var boards boardsJSON
	e.do("GET", path+"/progress/rot", e.admin, nil).want(t, 200, "").json(t, &boards)
	for _, r := range boards.Students {
		if r.Username == "-1-1" && (len(r.Boards) != 2 || r.Boards[1].Score != 100 || r.Boards[1].Verdict != judge.Accepted || !boards.Boards[0].Sample) {
			t.Errorf("drill-down row %+v, boards %+v", r, boards.Boards)
		}
	}
	e.do("GET", path+"/progress/maya", e.admin, nil).want(t, 404, judge.ENOTFOUND)

	// Grades: instructors only; CSV and JSON agree.
	e.do("GET", path+"/grades.csv", ada, nil).want(t, 403, judge.EFORBIDDEN)
	e.do("GET", path+"/grades", ada, nil).want(t, 403, judge.EFORBIDDEN)
	res := e.do("GET", path+"/grades.csv", e.admin, nil).want(t, 200, "")
	if ct := res.header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}
	want := "username,flood,rot,total\r\n'-1-1,0,100,75\r\nada,100,0,25\r\nidle,0,0,0\r\n"
	if string(res.body) != want {
		t.Errorf("grades.csv =\n%q\nwant\n%q", res.body, want)
	}
	var gj gradesJSON
	e.do("GET", path+"/grades", e.admin, nil).want(t, 200, "").json(t, &gj)
	if len(gj.Grades) != 3 || gj.Grades[0].Username != "-1-1" || gj.Grades[0].Scores["rot"] != 100 || gj.Grades[0].Total != 75 {
		t.Errorf("grades JSON = %+v", gj)
	}

	// Deadlines, moved over the submissions: late with the factor, then too late.
	subsAt := now
	e.do("PATCH", path, ada, map[string]any{"title": "x"}).want(t, 403, judge.EFORBIDDEN)
	e.do("PATCH", path, e.admin, map[string]any{
		"opens_at": subsAt.Add(-2 * time.Hour), "due_at": subsAt.Add(-time.Minute),
		"late_until": time.Now().Add(time.Hour).Truncate(time.Second), "late_factor": 0.5,
	}).want(t, 200, "").json(t, &a)
	if a.Status != judge.PhaseLate || a.LateFactor != 0.5 {
		t.Errorf("after PATCH: %+v", a)
	}
	e.do("GET", path, ada, nil).want(t, 200, "").json(t, &mine)
	if p := mine.Progress.Problems[0]; p.Score != 50 || !p.Late || mine.Progress.Total != 12.5 {
		t.Errorf("late: %+v total %v, want 50 late, total 12.5", p, mine.Progress.Total)
	}
	e.do("PATCH", path, e.admin, map[string]any{"late_until": subsAt.Add(-30 * time.Second)}).want(t, 200, "").json(t, &a)
	e.do("GET", path, ada, nil).want(t, 200, "").json(t, &mine)
	if p := mine.Progress.Problems[0]; p.Score != 0 || p.Submissions != 0 || a.Status != judge.PhaseClosed {
		t.Errorf("too late: %+v (status %s), want 0 and no counted submission", p, a.Status)
	}
	e.do("PATCH", path, e.admin, `{"late_until": null}`).want(t, 200, "").json(t, &a)
	if a.LateUntil != nil || a.LateFactor != 0 {
		t.Errorf("late_until null kept %+v", a)
	}
	recs, err := csv.NewReader(bytes.NewReader(e.do("GET", path+"/grades.csv", e.admin, nil).want(t, 200, "").body)).ReadAll()
	if err != nil || len(recs) != 4 || strings.Join(recs[2], ",") != "ada,0,0,0" {
		t.Errorf("grades.csv after the deadline moved = %q, %v", recs, err)
	}

	// A future assignment is invisible to students; DELETE removes it.
	var future assignmentJSON
	e.do("POST", "/api/v1/assignments", e.admin, map[string]any{"title": "Week 9", "problems": []map[string]any{{"slug": "maya"}},
		"opens_at": now.Add(24 * time.Hour), "due_at": now.Add(48 * time.Hour)}).want(t, 201, "").json(t, &future)
	e.do("GET", "/api/v1/assignments/"+itoa64(future.ID), ada, nil).want(t, 404, judge.ENOTFOUND)
	e.do("GET", "/api/v1/assignments", ada, nil).want(t, 200, "").json(t, &list)
	if len(list) != 1 {
		t.Errorf("a student lists %d assignments, want the 1 open", len(list))
	}
	e.do("DELETE", path, ada, nil).want(t, 403, judge.EFORBIDDEN)
	e.do("DELETE", path, e.admin, nil).want(t, 204, "")
	e.do("GET", path, e.admin, nil).want(t, 404, judge.ENOTFOUND)
	e.do("GET", "/api/v1/assignments/abc", e.admin, nil).want(t, 404, judge.ENOTFOUND)
}

// TestAssignmentTimesAndWeightsRefused performs issue 24's item 9: an
// offset of +24:00 (not RFC 3339) was taken and moved the opening by a day,
// and a weight of 1e-320 was stored. Both are 400 naming the field.
func TestAssignmentTimesAndWeightsRefused(t *testing.T) {
	e := newAPIEnv(t, Options{})
	for _, tc := range []struct{ name, body, want string }{
		{"offset +24:00", `{"title":"x","problems":[{"slug":"flood"}],"opens_at":"2027-01-01T00:00:00+24:00","due_at":"2027-01-03T00:00:00Z"}`, "opens_at"},
		{"offset -24:00", `{"title":"x","problems":[{"slug":"flood"}],"opens_at":"2027-01-01T00:00:00Z","due_at":"2027-01-03T00:00:00-24:00"}`, "due_at"},
		{"tiny weight", `{"title":"x","problems":[{"slug":"flood","weight":1e-320}],"opens_at":"2027-01-01T00:00:00Z","due_at":"2027-01-03T00:00:00Z"}`, "weight"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			msg := e.do("POST", "/api/v1/assignments", e.admin, tc.body).want(t, 400, judge.EINVALID).errorMessage(t)
			if !strings.Contains(msg, tc.want) {
				t.Errorf("refused with %q, want it to name %s", msg, tc.want)
			}
		})
	}
	e.do("POST", "/api/v1/assignments", e.admin, `{"title":"x","problems":[{"slug":"flood","weight":0.5}],"opens_at":"2027-01-01T00:00:00+23:59","due_at":"2027-01-03T00:00:00Z"}`).want(t, 201, "")
}
