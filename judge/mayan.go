package judge

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"puzzlejudge/reference/mayan"
)

// mayanPuzzle adapts reference/mayan: n lines "x y g" or "-1" per case in
// answer mode; in move mode any n moves that clear the board are accepted.
type mayanPuzzle struct{}

func init() { Register(mayanPuzzle{}) }

func (mayanPuzzle) Name() string { return "mayan" }

func (mayanPuzzle) Info() Info {
	return Info{Unit: "instance", MovesSyntax: "one move \"x y g\" per line: the block at column x, row y, moved right (g = 1) or left (g = -1)."}
}

func (mayanPuzzle) SolverVersion() string { return mayan.SolverVersion }

func (mayanPuzzle) ParseCases(input string) ([]string, error) {
	return parseCasesWith(mayan.ParseCases, mayan.Format, input)
}

func (mayanPuzzle) ParseCase(input string) (string, error) {
	return parseCaseWith(mayan.ParseCase, mayan.Format, input)
}

func (mayanPuzzle) JudgeInput(cases []string) string {
	return judgeInputWith(mayan.ParseCase, mayan.FormatCases, cases)
}

func (mayanPuzzle) CheckLimits(c string, l Limits) error {
	b, err := mayan.ParseCase(c)
	if err != nil {
		return parseError(err)
	}
	if l.MaxMoves > 0 && b.N > l.MaxMoves {
		return Errorf(EINVALID, "line 1: %d moves is above this problem's limit of %d", b.N, l.MaxMoves)
	}
	return nil
}

func (mayanPuzzle) Solve(ctx context.Context, c string, p Progress) (Solution, error) {
	b, err := mayan.ParseCase(c)
	if err != nil {
		return Solution{}, err
	}
	s, err := mayan.Solve(ctx, b, mayan.Progress(p))
	if err != nil {
		return Solution{}, err
	}
	return Solution{Answer: s.Answer(), Moves: s.MovesText(), Optimal: s.Len(), Solvable: s.Solvable, Version: mayan.SolverVersion}, nil
}

// SplitAnswers gives each case one line when it reads "-1", else n lines.
func (mayanPuzzle) SplitAnswers(cases []string, output string) ([]Answer, Answer) {
	return splitByCount(answerLines(output), len(cases), func(i int, first AnswerLine) int {
		if strings.TrimSpace(first.Text) == "-1" {
			return 1
		}
		b, err := mayan.ParseCase(cases[i])
		if err != nil || b.N < 1 {
			return 1
		}
		return b.N
	})
}

// CheckAnswer accepts "-1" exactly when the reference found no solution, and
// otherwise n legal moves that clear the board: the lexicographically
// smallest, or any of them under the any-valid checker.
func (mayanPuzzle) CheckAnswer(c string, ref Solution, a Answer, anyValid bool) Result {
	if len(a) == 0 {
		return Result{Verdict: WrongAnswer, Message: "no output for this case"}
	}
	b, err := mayan.ParseCase(c)
	if err != nil {
		return brokenCase(err)
	}
	if strings.TrimSpace(a[0].Text) == "-1" {
		if !ref.Solvable {
			return Result{Verdict: Accepted, Message: "correct", Score: 100}
		}
		return Result{Verdict: WrongAnswer, Message: fmt.Sprintf("line %d: -1, but the board can be cleared in %s", a[0].No, Plural(b.N, "move"))}
	}
	lines := make([]string, len(a))
	for i, l := range a {
		lines[i] = l.Text
	}
	r := mayan.Replay(b, strings.Join(lines, "\n"))
	switch {
	case r.BadIndex > 0:
		return Result{Verdict: Invalid, Message: fmt.Sprintf("line %d: %s", a[r.BadIndex-1].No, badMove(r.BadIndex, r.BadToken, r.Reason))}
	case len(a) < b.N:
		return Result{Verdict: WrongAnswer, Message: fmt.Sprintf("line %d: the output ends after %d of the %d moves", a[len(a)-1].No, len(a), b.N)}
	case !r.Solved:
		return Result{Verdict: WrongAnswer, Message: fmt.Sprintf("%s: %s left after %s", lineRange(a), Plural(r.Final.Blocks(), "block"), Plural(r.Used, "move"))}
	case !ref.Solvable:
		return referenceDisagrees()
	}
	want, err := mayan.ParseMoves(ref.Moves)
	if err != nil {
		return brokenCase(err)
	}
	got := make([]mayan.Move, len(r.Steps))
	for i, s := range r.Steps {
		got[i] = s.Move
	}
	switch {
	case slices.Equal(got, want):
		return Result{Verdict: Accepted, Message: "correct", Used: r.Used, Optimal: b.N, Score: 100}
	case anyValid:
		return Result{Verdict: Accepted, Message: "a valid solution", Used: r.Used, Optimal: b.N, Score: 100}
	}
	return Result{Verdict: WrongAnswer, Used: r.Used, Optimal: b.N, Solved: true, Message: "valid, but not the lexicographically smallest"}
}

// CheckMoves needs no reference: the rule of the puzzle is to clear the board
// in exactly n moves, and any order that does so is accepted.
func (mayanPuzzle) CheckMoves(c string, ref *Solution, moves string) Result {
	b, err := mayan.ParseCase(c)
	if err != nil {
		return brokenCase(err)
	}
	r := mayan.Replay(b, moves)
	switch {
	case r.BadIndex > 0:
		return Result{Verdict: Invalid, Message: badMove(r.BadIndex, r.BadToken, r.Reason), Used: r.Used}
	case r.Used > b.N:
		return Result{Verdict: Invalid, Used: r.Used,
			Message: badMove(b.N+1, r.Steps[b.N].Token, fmt.Sprintf("this board must be cleared in exactly %s", Plural(b.N, "move")))}
	case r.Solved && r.Used == b.N:
		if ref != nil && !ref.Solvable {
			return referenceDisagrees()
		}
		return Result{Verdict: Accepted, Message: fmt.Sprintf("cleared in %s", Plural(b.N, "move")), Used: r.Used, Optimal: b.N, Score: 100}
	case r.Solved:
		return Result{Verdict: NotSolved, Used: r.Used,
			Message: fmt.Sprintf("the board is cleared after %s, but it must be cleared in exactly %d", Plural(r.Used, "move"), b.N)}
	}
	return Result{Verdict: NotSolved, Used: r.Used,
		Message: fmt.Sprintf("%s, but %s left (%s allowed)", allLegal(r.Used), blocksAre(r.Final.Blocks()), Plural(b.N, "move"))}
}

// blocksAre says how many blocks are left: "1 block is", "12 blocks are".
func blocksAre(n int) string {
	if n == 1 {
		return "1 block is"
	}
	return Plural(n, "block") + " are"
}

// boardMoves is the board's n: it must be cleared in exactly n moves, so a
// longer move text can only be a mistake.
func (mayanPuzzle) boardMoves(c string) int {
	b, err := mayan.ParseCase(c)
	if err != nil {
		return mayan.MaxReplayMoves
	}
	return b.N
}

// lineRange names the lines of an answer: "line 4" or "lines 1-3".
func lineRange(a Answer) string {
	first, last := a[0].No, a[len(a)-1].No
	if first == last {
		return fmt.Sprintf("line %d", first)
	}
	return fmt.Sprintf("lines %d-%d", first, last)
}

func (mayanPuzzle) CheckProblemLimits(l Limits) error {
	return checkLimitsUpTo("mayan", l, 0, mayan.MaxColor, mayan.MaxMoves)
}

func (mayanPuzzle) Checkers() []string { return []string{CheckerAnyValid} }

func (mayanPuzzle) GenerateParams() []string { return []string{"n", "colors", "blocks"} }

func (mayanPuzzle) GenerateBy() string { return GenerateBySolvable }

// Candidates builds boards of params.n moves, params.colors colours and
// params.blocks blocks: solvable ones by playing moves backwards from the
// empty board (random ones almost never are), unsolvable ones by stacking
// blocks at random. Solvable is the default.
func (mayanPuzzle) Candidates(params map[string]int, solvable *bool, l Limits) (func(*rand.Rand) (string, bool), error) {
	if err := paramsError("mayan", params, mayanPuzzle{}.GenerateParams()...); err != nil {
		return nil, err
	}
	n, err := param(params, "n", 0, 1, cmp.Or(l.MaxMoves, mayan.MaxMoves))
	if err != nil {
		return nil, err
	}
	colors, err := param(params, "colors", 0, 1, cmp.Or(l.MaxColors, mayan.MaxColor))
	if err != nil {
		return nil, err
	}
	build := mayan.Build
	maxBlocks := min(5*n, mayan.MaxBlocks)
	if solvable != nil && !*solvable {
		build, maxBlocks = mayan.Random, mayan.MaxBlocks
	}
	blocks, err := param(params, "blocks", min(3*n, maxBlocks), 3, maxBlocks)
	if err != nil {
		return nil, err
	}
	return func(rng *rand.Rand) (string, bool) {
		b, ok := build(rng, n, colors, blocks)
		return mayan.Format(b), ok
	}, nil
}

// Steps replays moves with the engine; each step has the pictures of its
// vanish-and-fall rounds.
func (mayanPuzzle) Steps(c, moves string) Replay {
	b, _ := mayan.ParseCase(c) // c is canonical: it parses
	r := mayan.Replay(b, moves)
	pictures := mayan.Boards(b, r)
	boards := make([]mayan.Board, len(pictures))
	for i, p := range pictures {
		boards[i] = p[len(p)-1]
	}
	out := stepsWith(b, mayan.Format, stepTokens(r.Steps, func(s mayan.Step) string { return s.Token }),
		boards, stepMessages(r.Steps, func(s mayan.Step) string {
			if s.Cleared == 0 {
				return fmt.Sprintf("nothing vanished; %s left", Plural(s.Left, "block"))
			}
			return fmt.Sprintf("%s vanished in %s; %s left", Plural(s.Cleared, "block"), Plural(s.Rounds, "round"), Plural(s.Left, "block"))
		}), r.BadIndex, r.BadToken, r.Reason, r.Solved)
	for i, p := range pictures {
		for _, pb := range p {
			out.Steps[i].Rounds = append(out.Steps[i].Rounds, mayan.Format(pb))
		}
	}
	return out
}

// AnswerMoves returns the lines of an answer, unless it is "-1".
func (mayanPuzzle) AnswerMoves(a Answer) (string, bool) {
	if len(a) == 0 || strings.TrimSpace(a[0].Text) == "-1" {
		return "", false
	}
	lines := make([]string, len(a))
	for i, l := range a {
		lines[i] = l.Text
	}
	return strings.Join(lines, "\n"), true
}

// Hint solves the board reached by moves with the moves left and returns
// the first move of the smallest solution.
func (mayanPuzzle) Hint(ctx context.Context, c, moves string) (string, error) {
	b, _ := mayan.ParseCase(c)
	r := mayan.Replay(b, moves)
	switch {
	case r.BadIndex > 0:
		return "", Errorf(EINVALID, "%s", badMove(r.BadIndex, r.BadToken, r.Reason))
	case r.Solved:
		return "", Errorf(EINVALID, "the board is already cleared")
	case r.Used >= b.N:
		return "", Errorf(EINVALID, "no moves are left: this board must be cleared in exactly %s", Plural(b.N, "move"))
	}
	next := r.Final
	next.N = b.N - r.Used
	s, err := mayan.Solve(ctx, next, nil)
	if err != nil {
		return "", err
	}
	if !s.Solvable {
		return "", Errorf(EINVALID, "the board cannot be cleared in the %s left from here: undo some moves", Plural(next.N, "move"))
	}
	return s.Moves[0].String(), nil
}
