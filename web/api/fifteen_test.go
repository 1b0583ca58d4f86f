package api

import (
	"context"
	"testing"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/reference/fifteen"
)

// The boards of the 15-puzzle problem these tests add: UVA's first sample,
// and a hidden board of 14 moves with four shortest solutions.
const (
	fifteenSampleBoard = "2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n"
	fifteenHiddenBoard = "1 2 3 4\n6 0 7 8\n5 10 13 11\n9 14 15 12\n"
)

// withFifteen adds a 15-puzzle problem under the optimal checker to e and
// waits for its boards to be solved.
func withFifteen(t *testing.T, e *apiEnv) []judge.Case {
	t.Helper()
	err := e.svc.SyncProblem(context.Background(), judge.Problem{Slug: "fif", Title: "Fifteen", Puzzle: "fifteen", Statement: "Sort the tiles.\n", Checker: "optimal"},
		[]judge.CaseSpec{{Name: "01-sample-1", Input: fifteenSampleBoard, Sample: true}, {Name: "02-hidden", Input: fifteenHiddenBoard}})
	if err != nil {
		t.Fatal(err)
	}
	return webtest.WaitCases(t, e.svc, "fif")
}

// TestCheckFifteenHiddenBoard: POST /api/v1/check of a hidden 15-puzzle
// board, as it is or as its mirror image about the main diagonal (the
// puzzle's one symmetry), is 403 hidden_board for a student; the sample, or
// the hidden board with two tiles swapped, is checked; an instructor gets
// the optimum.
func TestCheckFifteenHiddenBoard(t *testing.T) {
	e := newAPIEnv(t, Options{})
	withFifteen(t, e)
	student := e.student("eve")
	b, err := fifteen.ParseCase(fifteenHiddenBoard)
	if err != nil {
		t.Fatal(err)
	}
	mirror := fifteen.Format(fifteen.Mirror(b))
	if mirror == fifteenHiddenBoard {
		t.Fatal("the hidden board is its own mirror image: pick another")
	}
	for _, board := range []string{fifteenHiddenBoard, "1\n" + mirror} {
		e.do("POST", "/api/v1/check", student, map[string]any{"puzzle": "fifteen", "board": board, "moves": "L"}).want(t, 403, judge.EHIDDENBOARD)
	}
	var out struct {
		Verdict judge.Verdict
		Optimal int
	}
	e.do("POST", "/api/v1/check", e.admin, map[string]any{"puzzle": "fifteen", "board": mirror, "moves": "U"}).want(t, 200, "").json(t, &out)
	if out.Optimal != 14 || out.Verdict != judge.NotSolved {
		t.Errorf("an instructor's check of the mirrored hidden board = %+v, want not_solved with the optimum 14", out)
	}
	e.do("POST", "/api/v1/check", student, map[string]any{"puzzle": "fifteen", "board": fifteenSampleBoard, "moves": "LLLDRDRDR"}).want(t, 200, "").json(t, &out)
	if out.Verdict != judge.Accepted || out.Optimal != 9 {
		t.Errorf("check of the sample = %+v, want accepted in 9", out)
	}
	swapped := "1 2 3 4\n6 0 7 8\n5 10 13 11\n9 14 12 15\n"
	e.do("POST", "/api/v1/check", student, map[string]any{"puzzle": "fifteen", "board": swapped, "moves": "R"}).want(t, 200, "")
}

// TestFifteenSubmissions judges answers and moves through the API under
// the optimal checker: any shortest solution is accepted, a longer one is a
// wrong answer, and moves score optimum/used.
func TestFifteenSubmissions(t *testing.T) {
	e := newAPIEnv(t, Options{})
	cases := withFifteen(t, e)
	student := e.student("ada")
	tests := []struct {
		name    string
		body    map[string]any
		verdict judge.Verdict
		score   float64
	}{
		{"shortest answers, not the judge's own", map[string]any{"kind": "answer", "output": "LLLDRDRDR\nLDRRRDLLULDRRR\n"}, judge.Accepted, 100},
		{"a longer answer", map[string]any{"kind": "answer", "output": "LLLDRDRDR\nLDRRRDLLULDRRRLR\n"}, judge.WrongAnswer, 50},
		{"not solvable, wrongly", map[string]any{"kind": "answer", "output": "This puzzle is not solvable.\nLDRRRDLLULDRRR\n"}, judge.WrongAnswer, 50},
		{"moves, longer", map[string]any{"kind": "moves", "case": cases[0].ID, "moves": "L L L D R D R D R U D"}, judge.Suboptimal, 100 * 9.0 / 11},
		{"moves, off the board", map[string]any{"kind": "moves", "case": cases[0].ID, "moves": "R"}, judge.Invalid, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got submissionJSON
			e.env().Result(student, e.submit(student, "fif", tc.body), &got)
			if got.Verdict != tc.verdict || got.Score != tc.score {
				t.Errorf("verdict %s, score %v (%+v), want %s, %v", got.Verdict, got.Score, got.Cases, tc.verdict, tc.score)
			}
		})
	}
}
