package api

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"puzzlejudge/judge"
)

// refAnswers returns the reference output of every case of a test problem, in order.
func refAnswers(t *testing.T, i int) []string {
	var out []string
	for _, c := range apiProblems[i].cases {
		out = append(out, solveRef(t, apiProblems[i].problem.Puzzle, c.Input).answer)
	}
	return out
}

func TestSubmitAnswers(t *testing.T) {
	e := newAPIEnv(t, Options{})
	student := e.student("gina")
	e.waitReady()
	for i, p := range apiProblems {
		slug := p.problem.Slug
		answers := refAnswers(t, i)
		t.Run(slug+" right", func(t *testing.T) {
			e := e.with(t)
			id := e.submit(student, slug, map[string]any{"kind": "answer", "output": strings.Join(answers, "")})
			s := e.result(student, id)
			if s.Verdict != judge.Accepted || s.Score != 100 || s.Problem != slug || s.Kind != judge.KindAnswer {
				t.Errorf("right answer: %+v", s)
			}
			if len(s.Cases) != len(p.cases) {
				t.Fatalf("%d case rows, want %d", len(s.Cases), len(p.cases))
			}
			for j, r := range s.Cases {
				if r.Verdict != judge.Accepted || r.Name != studentCaseName(p.cases[j], j+1) || r.Case == 0 {
					t.Errorf("row %d = %+v", j, r)
				}
			}
		})
		t.Run(slug+" wrong", func(t *testing.T) {
			e := e.with(t)
			wrong := append([]string(nil), answers...)
			last := len(wrong) - 1
			wrong[last] = wrongAnswer(p.problem.Puzzle, wrong[last])
			id := e.submit(student, slug, map[string]any{"kind": "answer", "output": strings.Join(wrong, "")})
			s := e.result(student, id)
			if s.Verdict == judge.Accepted || s.Score == 100 {
				t.Errorf("wrong answer accepted: %+v", s)
			}
			if r := s.Cases[last]; r.Verdict == judge.Accepted || r.Message == "" {
				t.Errorf("last row = %+v, want a rejection with a message", r)
			}
			for _, r := range s.Cases[:last] {
				if r.Verdict != judge.Accepted {
					t.Errorf("row %+v, want accepted", r)
				}
			}
		})
	}
	e.do("POST", "/api/v1/problems/nope/submissions", student, map[string]any{"kind": "answer", "output": "1\n"}).want(t, 404, judge.ENOTFOUND)
}

// wrongAnswer turns a right answer of puzzle into a well-formed wrong one.
func wrongAnswer(puzzle, right string) string {
	switch puzzle {
	case "floodit":
		n, _ := strconv.Atoi(strings.TrimSpace(right))
		return strconv.Itoa(n+1) + "\n"
	case "rotation":
		lines := strings.Split(strings.TrimSpace(right), "\n")
		sym, _ := strconv.Atoi(lines[len(lines)-1])
		lines[len(lines)-1] = strconv.Itoa(sym%3 + 1)
		return strings.Join(lines, "\n") + "\n"
	default: // mayan: claim there is no solution
		return "-1\n"
	}
}

func TestSubmitMoves(t *testing.T) {
	e := newAPIEnv(t, Options{})
	student := e.student("hank")
	e.waitReady()
	rot := solveRef(t, "rotation", apiProblems[1].cases[0].Input)
	flood := solveRef(t, "floodit", apiProblems[0].cases[1].Input)
	maya := solveRef(t, "mayan", apiProblems[2].cases[0].Input)
	if rot.optimal < 2 || flood.optimal < 2 {
		t.Fatalf("test boards too easy: rotation %d, floodit %d moves", rot.optimal, flood.optimal)
	}
	tests := []struct {
		name, slug string
		caseIdx    int
		moves      string
		verdict    judge.Verdict
		used       int
		optimal    int
	}{
		{"rotation optimal", "rot", 0, rot.moves, judge.Accepted, rot.optimal, rot.optimal},
		// A then F turn the same line up and back down: two wasted moves.
		{"rotation suboptimal", "rot", 0, "AF" + rot.moves, judge.Suboptimal, rot.optimal + 2, rot.optimal},
		{"rotation not solved", "rot", 0, rot.moves[:1], judge.NotSolved, 1, 0}, // the optimum is not told before the board is solved
		{"rotation invalid", "rot", 0, "AZ", judge.Invalid, 0, 0},
		{"floodit optimal", "flood", 1, flood.moves, judge.Accepted, flood.optimal, flood.optimal},
		{"floodit invalid colour", "flood", 1, "1 9 2", judge.Invalid, 0, 0},
		{"floodit not solved", "flood", 1, "2", judge.NotSolved, 1, 0},
		{"mayan solution", "maya", 0, maya.moves, judge.Accepted, maya.optimal, maya.optimal},
		{"mayan invalid", "maya", 0, "9 9 1\n", judge.Invalid, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := e.with(t)
			caseID := e.caseIDs(tc.slug)[tc.caseIdx]
			id := e.submit(student, tc.slug, map[string]any{"kind": "moves", "case": caseID, "moves": tc.moves})
			s := e.result(student, id)
			if s.Verdict != tc.verdict || s.Kind != judge.KindMoves || s.Case != caseID {
				t.Fatalf("moves %q: %+v, want verdict %s", tc.moves, s, tc.verdict)
			}
			if len(s.Cases) != 1 {
				t.Fatalf("%d case rows, want 1", len(s.Cases))
			}
			r := s.Cases[0]
			if r.Case != caseID || r.Verdict != tc.verdict {
				t.Errorf("row = %+v", r)
			}
			if tc.verdict != judge.Invalid && (r.Used != tc.used || r.Optimal != tc.optimal) {
				t.Errorf("row used/optimal = %d/%d, want %d/%d", r.Used, r.Optimal, tc.used, tc.optimal)
			}
			if tc.verdict == judge.Suboptimal {
				if want := 100 * float64(tc.optimal) / float64(tc.used); float64(s.Score) < want-0.01 || float64(s.Score) > want+0.01 {
					t.Errorf("score %.2f, want %.2f", s.Score, want)
				}
			}
			// A case's score is 0..100, like the submission's: with one case
			// they are the same.
			if r.Score < s.Score-0.01 || r.Score > s.Score+0.01 || (tc.verdict == judge.Accepted) != (r.Score == 100) {
				t.Errorf("case score %.2f with submission score %.2f and verdict %s, want equal, and 100 when accepted", r.Score, s.Score, tc.verdict)
			}
			if tc.verdict == judge.Invalid && r.Message == "" {
				t.Error("invalid without a message")
			}
		})
	}

	rotCase := e.caseIDs("rot")[0]
	for _, tc := range []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"no case", map[string]any{"kind": "moves", "moves": "A"}, 400, judge.EINVALID},
		{"case of another problem", map[string]any{"kind": "moves", "case": rotCase, "moves": "1"}, 0, ""},
		{"unknown case", map[string]any{"kind": "moves", "case": 999999, "moves": "1"}, 0, ""},
		{"bad kind", map[string]any{"kind": "guess", "output": "1"}, 400, judge.EINVALID},
		{"no kind", map[string]any{"output": "1"}, 400, judge.EINVALID},
		{"case not a number", `{"kind":"moves","case":"one","moves":"1"}`, 400, judge.EINVALID},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := e.with(t)
			r := e.do("POST", "/api/v1/problems/flood/submissions", student, tc.body)
			if tc.status == 0 { // 400 or 404 both say it well; never a 202 or a 500
				if r.status != 400 && r.status != 404 {
					t.Fatalf("status %d, want 400 or 404: %s", r.status, r.body)
				}
				r.want(t, r.status, "")
				return
			}
			r.want(t, tc.status, tc.code)
		})
	}
}

func TestSubmissionVisibility(t *testing.T) {
	e := newAPIEnv(t, Options{})
	ivy, jack := e.student("ivy"), e.student("jack")
	e.waitReady()
	var ivyIDs []int64
	for i := 0; i < 3; i++ {
		ivyIDs = append(ivyIDs, e.submit(ivy, "flood", map[string]any{"kind": "answer", "output": "0\n"}))
	}
	jackID := e.submit(jack, "rot", map[string]any{"kind": "answer", "output": "No moves needed\n1\n"})

	e.do("GET", "/api/v1/submissions/"+itoa64(jackID), ivy, nil).want(t, 403, judge.EFORBIDDEN)
	e.do("GET", "/api/v1/submissions/"+itoa64(ivyIDs[0]), jack, nil).want(t, 403, judge.EFORBIDDEN)
	e.do("GET", "/api/v1/submissions/"+itoa64(jackID), e.admin, nil).want(t, 200, "")
	e.do("GET", "/api/v1/submissions/"+itoa64(jackID), jack, nil).want(t, 200, "")
	e.do("GET", "/api/v1/submissions/999999", e.admin, nil).want(t, 404, judge.ENOTFOUND)
	e.do("GET", "/api/v1/submissions/zero", e.admin, nil).want(t, 404, judge.ENOTFOUND)

	list := func(token, query string) ([]submissionJSON, string) {
		t.Helper()
		var out []submissionJSON
		r := e.do("GET", "/api/v1/submissions"+query, token, nil).want(t, 200, "")
		r.json(t, &out)
		return out, r.header.Get("X-Total-Count")
	}
	ids := func(subs []submissionJSON) []int64 {
		var out []int64
		for _, s := range subs {
			out = append(out, s.ID)
		}
		return out
	}
	eq := slices.Equal[[]int64]

	newestFirst := []int64{ivyIDs[2], ivyIDs[1], ivyIDs[0]}
	if got, total := list(ivy, ""); !eq(ids(got), newestFirst) || total != "3" {
		t.Errorf("ivy's list = %v (total %s), want %v (3)", ids(got), total, newestFirst)
	}
	if got, _ := list(jack, ""); !eq(ids(got), []int64{jackID}) {
		t.Errorf("jack's list = %v, want [%d]", ids(got), jackID)
	}
	all, total := list(e.admin, "")
	if !eq(ids(all), append([]int64{jackID}, newestFirst...)) || total != "4" {
		t.Errorf("instructor's list = %v (total %s)", ids(all), total)
	}
	if got, total := list(ivy, "?limit=2"); !eq(ids(got), newestFirst[:2]) || total != "3" {
		t.Errorf("limit=2: %v (total %s)", ids(got), total)
	}
	if got, _ := list(ivy, "?limit=2&offset=2"); !eq(ids(got), newestFirst[2:]) {
		t.Errorf("limit=2&offset=2: %v", ids(got))
	}
	if got, _ := list(ivy, "?limit=2&page=2"); !eq(ids(got), newestFirst[2:]) {
		t.Errorf("limit=2&page=2: %v", ids(got))
	}
	if got, _ := list(e.admin, "?user=jack"); !eq(ids(got), []int64{jackID}) {
		t.Errorf("user=jack: %v", ids(got))
	}
	if got, _ := list(e.admin, "?problem=flood"); !eq(ids(got), newestFirst) {
		t.Errorf("problem=flood: %v", ids(got))
	}
	// A student cannot see others' submissions through ?user.
	if got, _ := list(jack, "?user=ivy"); !eq(ids(got), []int64{jackID}) {
		t.Errorf("student with user=ivy: %v", ids(got))
	}
	for _, q := range []string{"?limit=x", "?limit=-1", "?offset=y", "?page=0", "?limit=100000"} {
		e.do("GET", "/api/v1/submissions"+q, ivy, nil).want(t, 400, judge.EINVALID)
	}
	// limit=0 is the default page size, also for the page's offset: page 2
	// of 50 is past ivy's 3 (it was page 1 again, the offset taken as 0).
	if got, total := list(ivy, "?limit=0&page=2"); len(got) != 0 || total != "3" {
		t.Errorf("limit=0&page=2: %v (total %s), want none (3)", ids(got), total)
	}
	// A page too far is refused as too far, not as "not a positive integer".
	r := e.do("GET", "/api/v1/submissions?page=1000001", ivy, nil).want(t, 400, judge.EINVALID)
	if msg := string(r.body); !strings.Contains(msg, "at most") || strings.Contains(msg, "positive integer") {
		t.Errorf("page=1000001: %s, want a message saying the largest page", msg)
	}
}

func TestCheck(t *testing.T) {
	e := newAPIEnv(t, Options{})
	student := e.student("kate")
	board := apiProblems[1].cases[0].Input
	ref := solveRef(t, "rotation", board)

	var out struct {
		Verdict    judge.Verdict `json:"verdict"`
		Score      float64       `json:"score"`
		Used       int           `json:"used"`
		Optimal    int           `json:"optimal"`
		Message    string        `json:"message"`
		Submission int64         `json:"submission"`
	}
	e.do("POST", "/api/v1/check", student, map[string]any{"puzzle": "rotation", "board": board + "0\n", "moves": ref.moves}).
		want(t, 200, "").json(t, &out)
	if out.Verdict != judge.Accepted || out.Used != ref.optimal || out.Optimal != ref.optimal || out.Submission == 0 {
		t.Errorf("check optimal = %+v", out)
	}
	e.do("POST", "/api/v1/check", student, map[string]any{"puzzle": "rotation", "board": board, "moves": "AF" + ref.moves}).
		want(t, 200, "").json(t, &out)
	if out.Verdict != judge.Suboptimal || out.Used != ref.optimal+2 {
		t.Errorf("check suboptimal = %+v", out)
	}
	// Stored too: the check is in the student's list.
	var subs []submissionJSON
	e.do("GET", "/api/v1/submissions", student, nil).want(t, 200, "").json(t, &subs)
	if len(subs) != 2 || subs[0].Kind != judge.KindCheck {
		t.Errorf("after two checks the list is %+v", subs)
	}

	msg := e.do("POST", "/api/v1/check", student, map[string]any{"puzzle": "rotation", "board": "1 1 1 4\n", "moves": ""}).
		want(t, 400, judge.EINVALID).errorMessage(t)
	if !strings.Contains(msg, "line 1") {
		t.Errorf("bad board message %q does not name the line", msg)
	}
	e.do("POST", "/api/v1/check", student, map[string]any{"puzzle": "chess", "board": board, "moves": ""}).want(t, 400, judge.EINVALID)
	e.do("POST", "/api/v1/check", student, map[string]any{"puzzle": "rotation"}).want(t, 400, judge.EINVALID)
	e.do("POST", "/api/v1/check", student, "{").want(t, 400, judge.EINVALID)
}

// TestScoresAreRounded performs issue 24's bug 7 (scores): a score of one
// board right of three was written 33.333333333333336; the API writes
// two decimals.
func TestScoresAreRounded(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()
	ada := e.student("ada")
	id := e.submit(ada, "flood", map[string]any{"kind": "answer", "output": "0\n9\n9\n"})
	e.result(ada, id)
	body := string(e.do("GET", "/api/v1/submissions/"+itoa64(id), ada, nil).want(t, 200, "").body)
	if !strings.Contains(body, `"score":33.33,`) {
		t.Errorf("the submission's score is not 33.33: %s", body)
	}
}
