package api

import (
	"fmt"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/reference/floodit"
	"puzzlejudge/reference/mayan"
	"puzzlejudge/reference/rotation"
)

// studentCaseName is the name a student reads for the case c at
// position: its own for a sample, "board N" for a hidden one.
func studentCaseName(c judge.CaseSpec, position int) string {
	if c.Sample {
		return c.Name
	}
	return fmt.Sprintf("board %d", position)
}

func TestProblems(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()

	var list []problemSummaryJSON
	e.do("GET", "/api/v1/problems", "", nil).want(t, 200, "").json(t, &list)
	if len(list) != len(apiProblems) {
		t.Fatalf("GET /problems has %d problems, want %d", len(list), len(apiProblems))
	}
	bySlug := map[string]problemSummaryJSON{}
	for _, p := range list {
		bySlug[p.Slug] = p
	}
	for _, want := range apiProblems {
		t.Run(want.problem.Slug, func(t *testing.T) {
			e := e.with(t)
			got := bySlug[want.problem.Slug]
			if got.Title != want.problem.Title || got.Puzzle != want.problem.Puzzle || got.Cases != len(want.cases) {
				t.Errorf("list row = %+v, want %s %s with %d cases", got, want.problem.Title, want.problem.Puzzle, len(want.cases))
			}
			var p problemJSON
			e.do("GET", "/api/v1/problems/"+want.problem.Slug, "", nil).want(t, 200, "").json(t, &p)
			if p.Statement != want.problem.Statement || p.Puzzle != want.problem.Puzzle {
				t.Errorf("detail = %+v", p)
			}
			if len(p.Cases) != len(want.cases) {
				t.Fatalf("%d cases, want %d", len(p.Cases), len(want.cases))
			}
			samples := 0
			for i, c := range p.Cases {
				if c.Name != studentCaseName(want.cases[i], i+1) || c.Sample != want.cases[i].Sample || c.ID == 0 {
					t.Errorf("case %d = %+v, want %+v", i, c, want.cases[i])
				}
				if !want.cases[i].Sample {
					continue
				}
				s := p.Samples[samples]
				samples++
				ref := solveRef(t, want.problem.Puzzle, want.cases[i].Input)
				if s.Input != want.cases[i].Input || s.Output != ref.answer {
					t.Errorf("sample %s = %q -> %q, want %q -> %q", c.Name, s.Input, s.Output, want.cases[i].Input, ref.answer)
				}
			}
			if samples != len(p.Samples) {
				t.Errorf("%d samples listed, want %d", len(p.Samples), samples)
			}
		})
	}
	e.do("GET", "/api/v1/problems/nope", "", nil).want(t, 404, judge.ENOTFOUND)
}

func TestJudgeInput(t *testing.T) {
	e := newAPIEnv(t, Options{})
	for _, p := range apiProblems {
		var ins []string
		for _, c := range p.cases {
			ins = append(ins, c.Input)
		}
		want := classicInput(t, p.problem.Puzzle, ins)
		r := e.do("GET", "/api/v1/problems/"+p.problem.Slug+"/input", "", nil).want(t, 200, "")
		if ct := r.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
			t.Errorf("%s input Content-Type %q, want text/plain", p.problem.Slug, ct)
		}
		if string(r.body) != want {
			t.Errorf("%s input = %q, want %q", p.problem.Slug, r.body, want)
		}
	}
	e.do("GET", "/api/v1/problems/nope/input", "", nil).want(t, 404, judge.ENOTFOUND)
}

// classicInput is the whole judge input of cases, made by the engine itself.
func classicInput(t *testing.T, puzzle string, cases []string) string {
	t.Helper()
	all := strings.Join(cases, "")
	var (
		out string
		err error
	)
	switch puzzle {
	case "floodit":
		var bs []floodit.Board
		bs, err = floodit.ParseCases(all + "0\n")
		out = floodit.FormatCases(bs)
	case "rotation":
		var bs []rotation.Board
		bs, err = rotation.ParseCases(all + "0\n")
		out = rotation.FormatCases(bs)
	case "mayan":
		var bs []mayan.Board
		bs, err = mayan.ParseCases(all)
		out = mayan.FormatCases(bs)
	}
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestCases(t *testing.T) {
	e := newAPIEnv(t, Options{})
	student := e.student("erin")
	e.waitReady()
	ids := e.caseIDs("flood")
	sample, hidden := ids[0], ids[2]

	// Expected answers: samples for anyone, hidden cases for instructors only.
	for _, tc := range []struct {
		name     string
		token    string
		id       int64
		expected bool
	}{
		{"anonymous sample", "", sample, true},
		{"anonymous hidden", "", hidden, false},
		{"student hidden", student, hidden, false},
		{"instructor hidden", e.admin, hidden, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := e.with(t)
			var c caseJSON
			e.do("GET", "/api/v1/problems/flood/cases/"+itoa64(tc.id), tc.token, nil).want(t, 200, "").json(t, &c)
			if (c.Expected != nil) != tc.expected {
				t.Fatalf("expected shown = %v, want %v", c.Expected != nil, tc.expected)
			}
			if c.Input == "" || c.Status != judge.CaseReady {
				t.Errorf("case = %+v", c)
			}
			if tc.expected {
				ref := solveRef(t, "floodit", c.Input)
				if c.Expected.Answer != ref.answer || c.Expected.Optimal != ref.optimal {
					t.Errorf("expected = %+v, want answer %q optimal %d", c.Expected, ref.answer, ref.optimal)
				}
			} else if r := e.do("GET", "/api/v1/problems/flood/cases/"+itoa64(tc.id), tc.token, nil); strings.Contains(string(r.body), "expected\":{") {
				t.Errorf("hidden case leaks its expected answer: %s", r.body)
			}
		})
	}

	// Add a board: 201 {id,status}, solved in the background.
	board := "3\n0 1 0\n1 0 1\n0 1 0\n"
	var added struct {
		ID     int64            `json:"id"`
		Status judge.CaseStatus `json:"status"`
	}
	e.do("POST", "/api/v1/problems/flood/cases", e.admin, map[string]any{"input": board + "0\n", "name": "checker", "sample": false}).
		want(t, 201, "").json(t, &added)
	if added.ID == 0 || added.Status == "" {
		t.Fatalf("add case = %+v", added)
	}
	if got := e.caseIDs("flood"); len(got) != 4 || got[3] != added.ID {
		t.Errorf("cases after add = %v, want the new case %d last", got, added.ID)
	}
	e.waitReady()
	var c caseJSON
	e.do("GET", "/api/v1/problems/flood/cases/"+itoa64(added.ID), e.admin, nil).want(t, 200, "").json(t, &c)
	if ref := solveRef(t, "floodit", board); c.Expected == nil || c.Expected.Answer != ref.answer || c.Input != board {
		t.Errorf("added case = %+v, want input %q expected %q", c, board, ref.answer)
	}

	// A board that does not parse: 400 naming line and column.
	for _, bad := range []string{"3\n0 1 0\n1 x 1\n0 1 0\n", "2\n0 1 2\n1 0\n", "2\n0 -1\n1 0\n"} {
		msg := e.do("POST", "/api/v1/problems/flood/cases", e.admin, map[string]any{"input": bad}).want(t, 400, judge.EINVALID).errorMessage(t)
		if !strings.Contains(msg, "line") {
			t.Errorf("add %q: message %q does not name the line", bad, msg)
		}
	}
	msg := e.do("POST", "/api/v1/problems/flood/cases", e.admin, map[string]any{"input": "3\n0 1 0\n1 x 1\n0 1 0\n"}).errorMessage(t)
	if !strings.Contains(msg, "line 3, column 3") {
		t.Errorf("message %q, want line 3, column 3", msg)
	}
	e.do("POST", "/api/v1/problems/flood/cases", e.admin, map[string]any{"name": "empty"}).want(t, 400, judge.EINVALID)
	e.do("POST", "/api/v1/problems/nope/cases", e.admin, map[string]any{"input": board}).want(t, 404, judge.ENOTFOUND)

	// Delete: 204, then 404.
	e.do("DELETE", "/api/v1/problems/flood/cases/"+itoa64(added.ID), e.admin, nil).want(t, 204, "")
	e.do("DELETE", "/api/v1/problems/flood/cases/"+itoa64(added.ID), e.admin, nil).want(t, 404, judge.ENOTFOUND)
	e.do("GET", "/api/v1/problems/flood/cases/"+itoa64(added.ID), "", nil).want(t, 404, judge.ENOTFOUND)
	// A case is found only under its own problem.
	e.do("GET", "/api/v1/problems/rot/cases/"+itoa64(sample), "", nil).want(t, 404, judge.ENOTFOUND)
	e.do("GET", "/api/v1/problems/flood/cases/abc", "", nil).want(t, 404, judge.ENOTFOUND)
	e.do("GET", "/api/v1/problems/flood/cases/-1", "", nil).want(t, 404, judge.ENOTFOUND)
}

func TestRejudge(t *testing.T) {
	e := newAPIEnv(t, Options{})
	student := e.student("frank")
	e.waitReady()
	id := e.submit(student, "flood", map[string]any{"kind": "answer", "output": "0\n3\n9\n"})
	e.result(student, id)
	var out struct {
		Queued *int `json:"queued"`
	}
	e.do("POST", "/api/v1/problems/flood/rejudge", e.admin, nil).want(t, 202, "").json(t, &out)
	if out.Queued == nil || *out.Queued != 1 {
		t.Errorf("rejudge queued = %v, want 1", out.Queued)
	}
	if s := e.result(student, id); s.Status != judge.StatusDone {
		t.Errorf("after rejudge: %+v", s)
	}
	e.do("POST", "/api/v1/problems/nope/rejudge", e.admin, nil).want(t, 404, judge.ENOTFOUND)
}
