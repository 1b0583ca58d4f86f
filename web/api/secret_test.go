package api

import (
	"archive/zip"
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// zipNames returns the names of the entries of a zip answer.
func zipNames(t *testing.T, body []byte) []string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(body), int64(len(body)))
	if err != nil {
		t.Fatalf("not a zip: %v", err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	return names
}

// The boards of the secret problem: a sample and two hidden ones whose
// names give their answers away.
const (
	secretSample = "2\n0 0\n0 1\n"
	secretHidden = "3\n0 1 2\n1 2 0\n2 0 1\n"
	secretOther  = "3\n2 2 2\n2 1 2\n2 2 2\n"
)

// newSecretProblem makes the published Flood-it problem "timed" that takes
// moves and programs but no answers, with one sample and two hidden
// boards, and returns the ids of its cases in order.
func newSecretProblem(t *testing.T, e *apiEnv) []int64 {
	t.Helper()
	e.do("POST", "/api/v1/problems", e.admin, map[string]any{"slug": "timed", "title": "Timed", "puzzle": "floodit", "statement": "x",
		"published": true, "kinds": []string{"program", "moves"}}).want(t, 201, "")
	for _, c := range []map[string]any{
		{"name": "01-sample", "input": secretSample, "sample": true},
		{"name": "09-four-moves-unsolvable", "input": secretHidden},
		{"name": "12-two-blocks-never-vanish", "input": secretOther},
	} {
		e.do("POST", "/api/v1/problems/timed/cases", e.admin, c).want(t, 201, "")
	}
	e.waitReady()
	return e.caseIDs("timed")
}

// TestSecretBoards: a problem that takes no answers serves a student its
// samples only (/input, input.zip, GET /cases/{id}), lists every case by
// position, refuses answers and moves on the hidden boards; its
// instructor reads everything.
func TestSecretBoards(t *testing.T) {
	e := newAPIEnv(t, Options{})
	ids := newSecretProblem(t, e)
	ada := e.student("ada")

	var p problemJSON
	e.do("GET", "/api/v1/problems/timed", ada, nil).want(t, 200, "").json(t, &p)
	if !slices.Equal(p.Kinds, []judge.Kind{judge.KindMoves, judge.KindProgram}) || len(p.Samples) != 1 || len(p.Cases) != 3 {
		t.Fatalf("GET /problems/timed = kinds %v, %d samples, %d cases; want [moves program], 1, 3", p.Kinds, len(p.Samples), len(p.Cases))
	}
	want := []caseRow{
		{ID: ids[0], Name: "01-sample", Sample: true, Position: 1, Status: judge.CaseReady, File: "01-sample"},
		{ID: ids[1], Name: "board 2", Position: 2, Status: judge.CaseReady, Secret: true},
		{ID: ids[2], Name: "board 3", Position: 3, Status: judge.CaseReady, Secret: true},
	}
	if !slices.Equal(p.Cases, want) {
		t.Errorf("a student's cases =\n%+v\nwant\n%+v", p.Cases, want)
	}

	for _, who := range []struct{ name, token string }{{"a student", ada}, {"a visitor", ""}} {
		in := e.do("GET", "/api/v1/problems/timed/input", who.token, nil).want(t, 200, "")
		if body := string(in.body); !strings.Contains(body, "0 0\n0 1") || strings.Contains(body, "0 1 2") || strings.Contains(body, "2 1 2") {
			t.Errorf("/input to %s = %q, want the sample only", who.name, body)
		}
		z := e.do("GET", "/api/v1/problems/timed/input.zip", who.token, nil).want(t, 200, "")
		if names := zipNames(t, z.body); !slices.Equal(names, []string{"01-sample.in"}) {
			t.Errorf("input.zip to %s holds %v, want the sample only", who.name, names)
		}
	}
	e.do("GET", "/api/v1/problems/timed/cases/"+itoa64(ids[0]), ada, nil).want(t, 200, "")
	msg := e.do("GET", "/api/v1/problems/timed/cases/"+itoa64(ids[1]), ada, nil).want(t, 403, "forbidden").errorMessage(t)
	if !strings.Contains(msg, "board 2 of problem timed is secret") || strings.Contains(msg, "four-moves") {
		t.Errorf("GET a secret case: %q", msg)
	}
	e.do("GET", "/api/v1/problems/timed/cases/"+itoa64(ids[1]), "", nil).want(t, 401, "unauthorized")

	// Answers are refused; moves only on the sample.
	msg = e.do("POST", "/api/v1/problems/timed/submissions", ada, map[string]any{"kind": "answer", "output": "0\n"}).want(t, 403, "forbidden").errorMessage(t)
	if msg != "problem timed does not take answer submissions (its kinds: moves, program)" {
		t.Errorf("an answer: %q", msg)
	}
	msg = e.do("POST", "/api/v1/problems/timed/submissions", ada, map[string]any{"kind": "moves", "case": ids[1], "moves": "1 2"}).want(t, 403, "forbidden").errorMessage(t)
	if !strings.Contains(msg, "board 2 of problem timed is secret") || !strings.Contains(msg, "samples only") {
		t.Errorf("moves on a secret board: %q", msg)
	}
	if id := e.submit(ada, "timed", map[string]any{"kind": "moves", "case": ids[0], "moves": "1"}); e.result(ada, id).Verdict != judge.Accepted {
		t.Errorf("moves on the sample: %+v", e.result(ada, id))
	}

	// The instructor reads every board under its name.
	var staff problemJSON
	e.do("GET", "/api/v1/problems/timed", e.admin, nil).want(t, 200, "").json(t, &staff)
	if staff.Cases[1].Name != "09-four-moves-unsolvable" || staff.Cases[1].Secret || staff.Cases[1].File == "" {
		t.Errorf("the instructor's case 2 = %+v", staff.Cases[1])
	}
	all := e.do("GET", "/api/v1/problems/timed/input", e.admin, nil).want(t, 200, "")
	if body := string(all.body); !strings.Contains(body, "0 1 2") || !strings.Contains(body, "2 1 2") {
		t.Errorf("/input to the instructor = %q, want every board", body)
	}
	z := e.do("GET", "/api/v1/problems/timed/input.zip", e.admin, nil).want(t, 200, "")
	if names := zipNames(t, z.body); len(names) != 3 || names[1] != "02-09-four-moves-unsolvable.in" {
		t.Errorf("input.zip to the instructor holds %v", names)
	}
	e.do("GET", "/api/v1/problems/timed/cases/"+itoa64(ids[1]), e.admin, nil).want(t, 200, "")
	if student, staff := e.do("GET", "/api/v1/problems/timed/input", ada, nil).header.Get("ETag"), all.header.Get("ETag"); student == staff {
		t.Errorf("the student's and the instructor's /input share the ETag %s, though they differ", student)
	}

	// Taking answers again opens the boards (an answer is judged on all
	// of them), still named by position.
	e.do("PATCH", "/api/v1/problems/timed", e.admin, map[string]any{"kinds": []string{"answer", "moves", "program"}}).want(t, 200, "")
	in := e.do("GET", "/api/v1/problems/timed/input", ada, nil).want(t, 200, "")
	if !strings.Contains(string(in.body), "0 1 2") {
		t.Errorf("/input of a problem that takes answers = %q, want every board", in.body)
	}
	if names := zipNames(t, e.do("GET", "/api/v1/problems/timed/input.zip", ada, nil).want(t, 200, "").body); !slices.Equal(names, []string{"01-sample.in", "02-board-2.in", "03-board-3.in"}) {
		t.Errorf("input.zip of a problem that takes answers holds %v", names)
	}
}

// TestKindsRefused: each kind a problem does not take is refused with 403
// forbidden, and a kind it takes is queued.
func TestKindsRefused(t *testing.T) {
	e := newAPIEnv(t, Options{})
	ids := newSecretProblem(t, e)
	ada := e.student("ada")
	answer := map[string]any{"kind": "answer", "output": "0\n1\n1\n"}
	moves := map[string]any{"kind": "moves", "case": ids[0], "moves": "1"}
	for _, tc := range []struct {
		kinds         []string
		answer, moves int
	}{
		{[]string{"program"}, 403, 403},
		{[]string{"moves"}, 403, 202},
		{[]string{"answer"}, 202, 403},
		{[]string{"answer", "moves", "program"}, 202, 202},
	} {
		e.do("PATCH", "/api/v1/problems/timed", e.admin, map[string]any{"kinds": tc.kinds}).want(t, 200, "")
		for _, s := range []struct {
			body map[string]any
			want int
		}{{answer, tc.answer}, {moves, tc.moves}} {
			code := ""
			if s.want == 403 {
				code = "forbidden"
			}
			r := e.do("POST", "/api/v1/problems/timed/submissions", ada, s.body).want(t, s.want, code)
			if s.want == 403 && !strings.Contains(r.errorMessage(t), "does not take "+map[any]string{"answer": "answer", "moves": "move"}[s.body["kind"]]+" submissions") {
				t.Errorf("kinds %v, %s: %q", tc.kinds, s.body["kind"], r.errorMessage(t))
			}
		}
	}
}

// TestHiddenNamesNeverShown is issue 24's bug 2: the names of hidden cases
// give answers away, so a student reads them by position on every route
// that names a case; samples keep their names, instructors read all.
func TestHiddenNamesNeverShown(t *testing.T) {
	e := newAPIEnv(t, Options{})
	rot := apiProblems[1]
	e.do("POST", "/api/v1/problems/rot/cases", e.admin, map[string]any{"name": "03-already-solved", "input": rot.cases[0].Input}).want(t, 201, "")
	e.waitReady()
	leaks := []string{"02-hidden", "already-solved", "hidden", "already"}
	ada := e.student("ada")
	check := func(route string, r response) {
		t.Helper()
		for _, l := range leaks {
			if bytes.Contains(r.body, []byte(l)) {
				t.Errorf("%s names a hidden case to a student (%q): %s", route, l, r.body)
			}
		}
	}

	check("GET /problems/rot", e.do("GET", "/api/v1/problems/rot", ada, nil).want(t, 200, ""))
	z := e.do("GET", "/api/v1/problems/rot/input.zip", ada, nil).want(t, 200, "")
	if names := zipNames(t, z.body); !slices.Equal(names, []string{"01-sample-1.in", "02-board-2.in", "03-board-3.in"}) {
		t.Errorf("input.zip holds %v, want the sample's name and the others by position", names)
	}
	ids := e.caseIDs("rot")
	var cs caseJSON
	e.do("GET", "/api/v1/problems/rot/cases/"+itoa64(ids[2]), ada, nil).want(t, 200, "").json(t, &cs)
	if cs.Name != "board 3" || cs.Input == "" {
		t.Errorf("GET /cases/{id} of a hidden case = %+v, want board 3 with its board", cs)
	}

	// An answer, whole and per case under input.zip's names.
	answers := []string{solveRef(t, "rotation", rot.cases[0].Input).answer, solveRef(t, "rotation", rot.cases[1].Input).answer, solveRef(t, "rotation", rot.cases[0].Input).answer}
	whole := e.submit(ada, "rot", map[string]any{"kind": "answer", "output": strings.Join(answers, "")})
	if s := e.result(ada, whole); s.Verdict != judge.Accepted || s.Cases[1].Name != "board 2" || s.Cases[0].Name != "01-sample-1" {
		t.Errorf("results = %+v", s.Cases)
	}
	check("GET /submissions/{id}", e.do("GET", "/api/v1/submissions/"+itoa64(whole), ada, nil).want(t, 200, ""))
	perCase := e.submit(ada, "rot", map[string]any{"kind": "answer", "outputs": map[string]string{"01-sample-1": answers[0], "02-board-2": answers[1], "03-board-3": answers[2]}})
	if s := e.result(ada, perCase); s.Verdict != judge.Accepted {
		t.Errorf("per-case answer under input.zip's names = %s %+v", s.Verdict, s.Cases)
	}
	e.do("POST", "/api/v1/problems/rot/submissions", ada, map[string]any{"kind": "answer", "outputs": map[string]string{"03-already-solved": answers[2]}}).want(t, 400, "invalid")
	check("GET /submissions/{id}/replay", e.do("GET", "/api/v1/submissions/"+itoa64(whole)+"/replay", ada, nil).want(t, 200, ""))
	check("GET /problems/rot/progress", e.do("GET", "/api/v1/problems/rot/progress", ada, nil).want(t, 200, ""))
	check("GET /submissions", e.do("GET", "/api/v1/submissions", ada, nil).want(t, 200, ""))

	// The assignments' drill-down.
	now := time.Now().UTC()
	var a assignmentJSON
	e.do("POST", "/api/v1/assignments", e.admin, map[string]any{"title": "W", "problems": []map[string]any{{"slug": "rot"}},
		"opens_at": now.Add(-time.Hour).Format(time.RFC3339), "due_at": now.Add(time.Hour).Format(time.RFC3339)}).want(t, 201, "").json(t, &a)
	path := "/api/v1/assignments/" + itoa64(a.ID)
	check("GET /assignments/{id}/progress/rot", e.do("GET", path+"/progress/rot", ada, nil).want(t, 200, ""))
	check("GET /assignments/{id}/progress", e.do("GET", path+"/progress", ada, nil).want(t, 200, ""))
	check("GET /assignments/{id}", e.do("GET", path, ada, nil).want(t, 200, ""))
	if r := e.do("GET", path+"/progress/rot", e.admin, nil).want(t, 200, ""); !bytes.Contains(r.body, []byte("03-already-solved")) {
		t.Errorf("the instructor's drill-down does not name the case: %s", r.body)
	}

	// A deleted hidden case rejudges the answer; the reason in its history
	// names it by position.
	e.do("DELETE", "/api/v1/problems/rot/cases/"+itoa64(ids[2]), e.admin, nil).want(t, 204, "")
	deadline := time.Now().Add(20 * time.Second)
	for {
		r := e.do("GET", "/api/v1/submissions/"+itoa64(whole), ada, nil).want(t, 200, "")
		if bytes.Contains(r.body, []byte("was deleted")) {
			check("the history of a rejudged submission", r)
			if !bytes.Contains(r.body, []byte("board 3 was deleted")) {
				t.Errorf("history: %s", r.body)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the answer was not rejudged: %s", r.body)
		}
		time.Sleep(20 * time.Millisecond)
	}

	// The instructor reads the names.
	if r := e.do("GET", "/api/v1/problems/rot", e.admin, nil).want(t, 200, ""); !bytes.Contains(r.body, []byte("02-hidden")) {
		t.Errorf("the instructor does not read the hidden case's name: %s", r.body)
	}
	if r := e.do("GET", "/api/v1/submissions/"+itoa64(whole), e.admin, nil).want(t, 200, ""); !bytes.Contains(r.body, []byte("02-hidden")) {
		t.Errorf("the instructor's view of the results does not name the case: %s", r.body)
	}
}
