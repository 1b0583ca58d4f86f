package api

import (
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// TestPrivateContestDetailsHidden: GET /api/v1/contests/{id} of a private
// contest is 404 for a signed-in non-participant and for the anonymous, as
// /api/ccs is, and the list leaves it out; a participant and the jury read
// it. One who may join with a code learns it exists, but not its problems
// (issue 32: its title and problems were shown to everyone signed in).
func TestPrivateContestDetailsHidden(t *testing.T) {
	e := newCCSEnv(t, Options{})
	alice, mallory := e.student("alice"), e.student("mallory")
	c := e.contest("Exam", time.Hour, 2*time.Hour, 0, judge.ScoringIOI, []string{"alice"})
	path := "/api/v1/contests/" + itoa64(c.ID)
	e.do("PATCH", path, e.admin, map[string]any{"public": false}).want(t, 200, "")
	for _, who := range []struct{ name, token string }{{"mallory", mallory}, {"anonymous", ""}} {
		r := e.do("GET", path, who.token, nil).want(t, 404, judge.ENOTFOUND)
		if strings.Contains(string(r.body), "Exam") {
			t.Errorf("%s's 404 names the contest: %s", who.name, r.body)
		}
		var list []contestJSON
		e.do("GET", "/api/v1/contests", who.token, nil).want(t, 200, "").json(t, &list)
		if len(list) != 0 {
			t.Errorf("%s lists %+v", who.name, list)
		}
	}
	for _, who := range []struct{ name, token string }{{"alice", alice}, {"jury", e.admin}} {
		var got contestJSON
		e.do("GET", path, who.token, nil).want(t, 200, "").json(t, &got)
		if got.Title != "Exam" || len(got.Problems) != 2 {
			t.Errorf("%s reads %+v, want the title and both problems", who.name, got)
		}
	}
	// With a registration code, mallory may join: she finds the contest,
	// without its problems until she has joined.
	e.do("PATCH", path, e.admin, map[string]any{"registration_code": "sesame"}).want(t, 200, "")
	var got contestJSON
	e.do("GET", path, mallory, nil).want(t, 200, "").json(t, &got)
	if got.Title != "Exam" || len(got.Problems) != 0 {
		t.Errorf("mallory, who may join, reads %+v, want the title without problems", got)
	}
	e.do("GET", path, "", nil).want(t, 404, judge.ENOTFOUND)
	e.do("POST", path+"/join", mallory, map[string]any{"code": "sesame"}).want(t, 204, "")
	e.do("GET", path, mallory, nil).want(t, 200, "").json(t, &got)
	if len(got.Problems) != 2 {
		t.Errorf("mallory, joined, reads %+v, want both problems", got)
	}
}
