package judge

import "testing"

// TestCaseResultHidesOptimum checks the last guard against leaking a hidden
// case's answer: whatever a checker returns, the optimum of a hidden case is
// stored only when the student's text solved it; a sample shows it always.
func TestCaseResultHidesOptimum(t *testing.T) {
	hidden, sample := Case{ID: 1, Name: "hidden"}, Case{ID: 2, Name: "sample", Sample: true}
	for _, tc := range []struct {
		name string
		c    Case
		r    Result
		want int
	}{
		{"accepted", hidden, Result{Verdict: Accepted, Optimal: 4}, 4},
		{"suboptimal", hidden, Result{Verdict: Suboptimal, Used: 6, Optimal: 4}, 4},
		{"wrong but solved", hidden, Result{Verdict: WrongAnswer, Used: 6, Optimal: 4, Solved: true}, 4},
		{"wrong answer", hidden, Result{Verdict: WrongAnswer, Optimal: 4}, 0},
		{"not solved", hidden, Result{Verdict: NotSolved, Used: 2, Optimal: 4}, 0},
		{"invalid", hidden, Result{Verdict: Invalid, Optimal: 4}, 0},
		{"judge error", hidden, Result{Verdict: JudgeError, Optimal: 4}, 0},
		{"sample wrong answer", sample, Result{Verdict: WrongAnswer, Optimal: 4}, 4},
		{"sample not solved", sample, Result{Verdict: NotSolved, Optimal: 4}, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := caseResult(tc.c, tc.r); got.Optimal != tc.want {
				t.Errorf("caseResult(%s, %+v).Optimal = %d, want %d", tc.c.Name, tc.r, got.Optimal, tc.want)
			}
		})
	}
}

// TestCheckersMarkSolved checks that the checkers which call a solution
// wrong for a reason other than its length say that it solved the case, so
// that its optimum is kept.
func TestCheckersMarkSolved(t *testing.T) {
	rot := rotationPuzzle{}
	board := "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
	ref := Solution{Answer: "AC\n2\n", Moves: "AC", Optimal: 2, Solvable: true}
	for _, tc := range []struct {
		text   string
		solved bool
	}{
		{"AFAC\n2\n", true},
		{"A\n2\n", false},
	} {
		as, _ := rot.SplitAnswers([]string{board}, tc.text)
		if r := rot.CheckAnswer(board, ref, as[0], false); r.Solved != tc.solved || r.Verdict != WrongAnswer {
			t.Errorf("CheckAnswer(%q) = %+v, want wrong_answer with Solved %v", tc.text, r, tc.solved)
		}
	}
}
