package puzzles

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"puzzlejudge/judge"
	"puzzlejudge/reference/mayan"
	"puzzlejudge/reference/textin"
)

// Mayan adapts reference/mayan: n lines "x y g" or "-1" per case in
// answer mode; in move mode any n moves that clear the board are accepted.
type Mayan struct{ adapts[Mayan] }

// Mayan is a whole puzzle.
var _ wholePuzzle = Mayan{}

// engine names reference/mayan's functions for adapts.
func (Mayan) engine() caseEngine {
	return engine[mayan.Board, mayan.Solution, mayan.Progress]{
		parseCases: mayan.ParseCases, parseCase: mayan.ParseCase, format: mayan.Format, formatCases: mayan.FormatCases,
		solve: mayan.Solve, solvable: func(s mayan.Solution) bool { return s.Solvable }, version: mayan.SolverVersion}
}

func init() { Register(Mayan{}) }

func (Mayan) Name() string { return "mayan" }

func (Mayan) Info() judge.Info {
	return judge.Info{Unit: "instance", MovesSyntax: "one move \"x y g\" per line: the block at column x, row y, moved right (g = 1) or left (g = -1).",
		Limits: judge.Limits{MaxColors: mayan.MaxColor, MaxMoves: mayan.MaxMoves}}
}

func (Mayan) CheckLimits(c string, l judge.Limits) error {
	b, err := mayan.ParseCase(c)
	if err != nil {
		return parseError(err)
	}
	if l.MaxMoves > 0 && b.N > l.MaxMoves {
		return judge.Errorm(judge.EINVALID, judge.M("at_line", "Line", 1, "Text", judge.M("mayan_moves_above_limit", "Moves", b.N, "Max", l.MaxMoves)))
	}
	return nil
}

// SplitAnswers gives each case one line when it reads "-1", else n lines.
func (Mayan) SplitAnswers(cases []string, output string) ([]judge.Answer, judge.Answer) {
	return splitByCount(answerLines(output), len(cases), func(i int, first judge.AnswerLine) int {
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
func (Mayan) CheckAnswer(c string, ref judge.Solution, a judge.Answer, checker string) judge.Result {
	if len(a) == 0 {
		return judge.NoOutput()
	}
	b, err := mayan.ParseCase(c)
	if err != nil {
		return brokenCase(err)
	}
	if strings.TrimSpace(a[0].Text) == "-1" {
		if !ref.Solvable {
			return judge.Correct(0)
		}
		return judge.Result{Verdict: judge.WrongAnswer}.With(atLine(a[0].No, judge.M("mayan_can_be_cleared", "Moves", plural(b.N, "n_moves"))))
	}
	lines := make([]string, len(a))
	for i, l := range a {
		lines[i] = l.Text
	}
	r := mayan.Replay(b, strings.Join(lines, "\n"))
	switch {
	case r.BadIndex > 0:
		return judge.Result{Verdict: judge.Invalid}.With(atLine(a[r.BadIndex-1].No, badMove(r.BadIndex, r.BadToken, r.Why)))
	case len(a) < b.N:
		return judge.Result{Verdict: judge.WrongAnswer}.With(atLine(a[len(a)-1].No, judge.M("mayan_output_ends", "Got", len(a), "Want", b.N)))
	case !r.Solved:
		return judge.Result{Verdict: judge.WrongAnswer}.
			With(judge.M("mayan_left_after", "Lines", lineRange(a), "Blocks", plural(r.Final.Blocks(), "n_blocks"), "Used", plural(r.Used, "n_moves")))
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
		return judge.Result{Verdict: judge.Accepted, Used: r.Used, Optimal: b.N, Score: 100}.With(judge.M("correct"))
	case checker == judge.CheckerAnyValid:
		return judge.Result{Verdict: judge.Accepted, Used: r.Used, Optimal: b.N, Score: 100}.With(judge.M("mayan_any_valid"))
	}
	return judge.Result{Verdict: judge.WrongAnswer, Used: r.Used, Optimal: b.N, Solved: true}.With(judge.M("mayan_not_smallest"))
}

// CheckMoves needs no reference: the rule of the puzzle is to clear the board
// in exactly n moves, and any order that does so is accepted.
func (Mayan) CheckMoves(c string, ref *judge.Solution, moves string) judge.Result {
	b, err := mayan.ParseCase(c)
	if err != nil {
		return brokenCase(err)
	}
	r := mayan.Replay(b, moves)
	switch {
	case r.BadIndex > 0:
		return judge.Result{Verdict: judge.Invalid, Used: r.Used}.With(badMove(r.BadIndex, r.BadToken, r.Why))
	case r.Used > b.N:
		return judge.Result{Verdict: judge.Invalid, Used: r.Used}.With(judge.M("move_bad", "Index", b.N+1, "Token", textin.Quote(r.Steps[b.N].Token),
			"Reason", judge.M("mayan_exactly", "Moves", plural(b.N, "n_moves"))))
	case r.Solved && r.Used == b.N:
		if ref != nil && !ref.Solvable {
			return referenceDisagrees()
		}
		return judge.Result{Verdict: judge.Accepted, Used: r.Used, Optimal: b.N, Score: 100}.With(judge.M("mayan_cleared", "Moves", plural(b.N, "n_moves")))
	case r.Solved:
		return judge.Result{Verdict: judge.NotSolved, Used: r.Used}.With(judge.M("mayan_cleared_early", "Used", plural(r.Used, "n_moves"), "Want", b.N))
	}
	return judge.Result{Verdict: judge.NotSolved, Used: r.Used}.
		With(judge.M("mayan_blocks_left", "Legal", allLegal(r.Used), "Blocks", plural(r.Final.Blocks(), "n_blocks_are"), "Moves", plural(b.N, "n_moves")))
}

// BoardMoves is the board's n: it must be cleared in exactly n moves, so a
// longer move text can only be a mistake.
func (Mayan) BoardMoves(c string) int {
	b, err := mayan.ParseCase(c)
	if err != nil {
		return mayan.MaxReplayMoves
	}
	return b.N
}

// lineRange names the lines of an answer: "line 4" or "lines 1-3".
func lineRange(a judge.Answer) judge.Msg {
	first, last := a[0].No, a[len(a)-1].No
	if first == last {
		return judge.M("line", "Line", first)
	}
	return judge.M("lines", "First", first, "Last", last)
}

func (pz Mayan) CheckProblemLimits(l judge.Limits) error {
	return checkLimitsUpTo("mayan", l, pz.Info().Limits)
}

func (Mayan) Checkers() []string { return []string{judge.CheckerAnyValid} }

func (Mayan) GenerateParams() []string { return []string{"n", "colors", "blocks"} }

func (Mayan) GenerateBy() string { return judge.GenerateBySolvable }

// Candidates builds boards of params.n moves, params.colors colours and
// params.blocks blocks: solvable ones by playing moves backwards from the
// empty board (random ones almost never are), unsolvable ones by stacking
// blocks at random. Solvable is the default.
func (Mayan) Candidates(params map[string]int, solvable *bool, l judge.Limits) (func(*rand.Rand) (string, bool), error) {
	if err := paramsError("mayan", params, Mayan{}.GenerateParams()...); err != nil {
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
func (Mayan) Steps(c, moves string) judge.Replay {
	b, _ := mayan.ParseCase(c) // c is canonical: it parses
	r := mayan.Replay(b, moves)
	pictures := mayan.Boards(b, r)
	boards := make([]mayan.Board, len(pictures))
	for i, p := range pictures {
		boards[i] = p[len(p)-1]
	}
	out := stepsWith(b, mayan.Format, boards, r, func(s mayan.Step) (string, judge.Msg) {
		if s.Cleared == 0 {
			return s.Token, judge.M("mayan_step_none", "Left", plural(s.Left, "n_blocks"))
		}
		return s.Token, judge.M("mayan_step", "Cleared", plural(s.Cleared, "n_blocks"), "Rounds", plural(s.Rounds, "n_rounds"), "Left", plural(s.Left, "n_blocks"))
	})
	// Solved means what the judge means: cleared in exactly n moves, not
	// sooner (a board cleared too early is not_solved).
	out.Solved = r.Solved && r.Used == b.N
	if r.Solved && r.Used < b.N && len(boards) > 0 {
		last := &out.Steps[len(boards)-1]
		*last = last.With(judge.M("mayan_step_too_early", "Step", last.Msg, "Moves", plural(b.N, "n_moves")))
	}
	for i, p := range pictures {
		for _, pb := range p {
			out.Steps[i].Rounds = append(out.Steps[i].Rounds, mayan.Format(pb))
		}
	}
	return out
}

// AnswerMoves returns the lines of an answer, unless it is "-1".
func (Mayan) AnswerMoves(a judge.Answer) (string, bool) {
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
func (Mayan) Hint(ctx context.Context, c, moves string) (string, error) {
	b, _ := mayan.ParseCase(c)
	r := mayan.Replay(b, moves)
	switch {
	case r.BadIndex > 0:
		return "", judge.Errorm(judge.EINVALID, badMove(r.BadIndex, r.BadToken, r.Why))
	case r.Solved:
		return "", judge.Errorm(judge.EINVALID, judge.M("hint_cleared"))
	case r.Used >= b.N:
		return "", judge.Errorm(judge.EINVALID, judge.M("hint_mayan_no_moves_left", "Moves", judge.M("n_moves", "Count", b.N)))
	}
	next := r.Final
	next.N = b.N - r.Used
	s, err := mayan.Solve(ctx, next, nil)
	if err != nil {
		return "", err
	}
	if !s.Solvable {
		return "", judge.Errorm(judge.EINVALID, judge.M("hint_mayan_undo", "Moves", judge.M("n_moves", "Count", next.N)))
	}
	return s.Moves[0].String(), nil
}

func (Mayan) MaxMoves() int { return mayan.MaxReplayMoves }

// ParseCaseWithin parses, then leaves n to CheckLimits.
func (pz Mayan) ParseCaseWithin(input string, _ judge.Limits) (string, error) {
	return pz.ParseCase(input)
}

func (Mayan) CountMoves(text string, limit int) int {
	n := 0
	for line := range strings.Lines(text) {
		if strings.TrimSpace(line) != "" {
			if n++; n > limit {
				break
			}
		}
	}
	return n
}

// SymmetryKey of a Mayan board: n and colour relabelling. A left-right
// mirror is not used: the solution must be the lexicographically smallest
// in x, and the classic answer of a mirrored board is not the mirror of
// the answer (the optimum n is public anyway).
func (Mayan) SymmetryKey(c string) string {
	b, err := mayan.ParseCase(c)
	if err != nil {
		return "unparsable\x00" + c
	}
	cells := make([]int, 0, mayan.Width*(mayan.Height+1))
	for x := range mayan.Width {
		cells = append(cells, b.Column(x)...)
		cells = append(cells, 0)
	}
	return strconv.Itoa(b.N) + ":" + relabel(cells, true)
}

// Embeds is false: a Mayan board is not searched for another inside it: blocks added to a board fall and clear with its own, so its moves tell nothing exact of the board without them.
func (Mayan) Embeds(c, hidden string) bool { return false }
