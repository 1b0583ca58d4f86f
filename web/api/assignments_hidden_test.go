package api

import (
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// TestAssignmentHiddenProblemsAPI: an archived problem is refused in a new
// assignment (400 naming it); a draft in an open assignment reaches a
// student as "available": false without its title, and its drill-down is
// not found for them.
func TestAssignmentHiddenProblemsAPI(t *testing.T) {
	e := newAPIEnv(t, Options{})
	ada := e.student("ada")
	for _, slug := range []string{"soon", "retired"} {
		e.do("POST", "/api/v1/problems", e.admin, map[string]any{"slug": slug, "title": "Secret " + slug, "puzzle": "floodit"}).want(t, 201, "")
	}
	e.do("DELETE", "/api/v1/problems/retired", e.admin, nil).want(t, 204, "")
	now := time.Now().UTC()
	body := map[string]any{
		"title":    "Week 1",
		"problems": []map[string]any{{"slug": "flood"}, {"slug": "retired"}},
		"opens_at": now.Add(-time.Hour).Format(time.RFC3339), "due_at": now.Add(time.Hour).Format(time.RFC3339),
	}
	if msg := e.do("POST", "/api/v1/assignments", e.admin, body).want(t, 400, judge.EINVALID).errorMessage(t); !strings.Contains(msg, "retired is archived") {
		t.Errorf("POST /assignments with an archived problem: %q, want it named as archived", msg)
	}
	body["problems"] = []map[string]any{{"slug": "flood"}, {"slug": "soon"}}
	var a assignmentJSON
	e.do("POST", "/api/v1/assignments", e.admin, body).want(t, 201, "").json(t, &a)
	if !a.Problems[1].Available || a.Problems[1].Title != "Secret soon" {
		t.Errorf("the instructor sees %+v, want the draft available with its title", a.Problems[1])
	}
	path := "/api/v1/assignments/" + itoa64(a.ID)
	var mine assignmentJSON
	e.do("GET", path, ada, nil).want(t, 200, "").json(t, &mine)
	if want := (assignmentProblemJSON{Slug: "soon", Weight: 1}); mine.Problems[1] != want || !mine.Problems[0].Available || len(mine.Progress.Problems) != 2 {
		t.Errorf("a student sees %+v, want %+v and flood available", mine.Problems, want)
	}
	e.do("GET", path+"/progress/soon", ada, nil).want(t, 404, judge.ENOTFOUND)
	e.do("GET", path+"/progress/soon", e.admin, nil).want(t, 200, "")
}
