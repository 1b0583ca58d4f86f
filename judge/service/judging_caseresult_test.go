package service

import (
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// TestCaseResultHidesOptimum checks the last guard against leaking a hidden
// case's answer: whatever a checker returns, the optimum of a hidden case is
// stored only when the student's text solved it; a sample shows it always.
func TestCaseResultHidesOptimum(t *testing.T) {
	hidden, sample := judge.Case{ID: 1, Name: "hidden"}, judge.Case{ID: 2, Name: "sample", Sample: true}
	for _, tc := range []struct {
		name string
		c    judge.Case
		r    judge.Result
		want int
	}{
		{"accepted", hidden, judge.Result{Verdict: judge.Accepted, Optimal: 4}, 4},
		{"suboptimal", hidden, judge.Result{Verdict: judge.Suboptimal, Used: 6, Optimal: 4}, 4},
		{"wrong but solved", hidden, judge.Result{Verdict: judge.WrongAnswer, Used: 6, Optimal: 4, Solved: true}, 4},
		{"wrong answer", hidden, judge.Result{Verdict: judge.WrongAnswer, Optimal: 4}, 0},
		{"not solved", hidden, judge.Result{Verdict: judge.NotSolved, Used: 2, Optimal: 4}, 0},
		{"invalid", hidden, judge.Result{Verdict: judge.Invalid, Optimal: 4}, 0},
		{"judge error", hidden, judge.Result{Verdict: judge.JudgeError, Optimal: 4}, 0},
		{"sample wrong answer", sample, judge.Result{Verdict: judge.WrongAnswer, Optimal: 4}, 4},
		{"sample not solved", sample, judge.Result{Verdict: judge.NotSolved, Optimal: 4}, 4},
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
	rot := puzzles.Rotation{}
	board := "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
	ref := judge.Solution{Answer: "AC\n2\n", Moves: "AC", Optimal: 2, Solvable: true}
	for _, tc := range []struct {
		text   string
		solved bool
	}{
		{"AFAC\n2\n", true},
		{"A\n2\n", false},
	} {
		as, _ := rot.SplitAnswers([]string{board}, tc.text)
		if r := rot.CheckAnswer(board, ref, as[0], ""); r.Solved != tc.solved || r.Verdict != judge.WrongAnswer {
			t.Errorf("CheckAnswer(%q) = %+v, want wrong_answer with Solved %v", tc.text, r, tc.solved)
		}
	}
}
