package judge

import "context"

// Progress receives the progress of a running solve: the current depth bound
// and the nodes searched so far.
type Progress func(bound int, nodes int64)

// Result is the verdict of one case.
type Result struct {
	Verdict Verdict
	Message string
	Used    int
	Optimal int
	Score   float64 // 0..1
}

// Puzzle is the one interface the judge uses over the engines of reference/.
// A case is its canonical classic text (the engine's Format).
type Puzzle interface {
	Name() string
	// ParseCases reads a classic judge input and returns each case in its
	// canonical text; errors are EINVALID with line and column.
	ParseCases(input string) ([]string, error)
	// ParseCase reads exactly one case (a closing "0" line optional).
	ParseCase(input string) (string, error)
	// JudgeInput returns the classic judge input of these cases.
	JudgeInput(cases []string) string
	Solve(ctx context.Context, c string, p Progress) (Solution, error)
	// CheckAnswer judges the output of one case (split by SplitAnswers).
	CheckAnswer(c string, ref Solution, text string, anyValid bool) Result
	// SplitAnswers cuts a whole output into one text per case; the second
	// result is the surplus text after the last case, if any.
	SplitAnswers(cases []string, output string) ([]string, string)
	CheckMoves(c string, ref Solution, moves string) Result
	// Limits checks a case against a problem's limits.
	CheckLimits(c string, l Limits) error
}
