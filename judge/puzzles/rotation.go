package puzzles

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"

	"puzzlejudge/judge"
	"puzzlejudge/reference/rotation"
	"puzzlejudge/reference/textin"
)

// Rotation adapts reference/rotation: two lines per case in answer mode
// (the moves or "No moves needed", then the centre symbol), letters A-H in
// move mode.
type Rotation struct{ adapts[Rotation] }

// Rotation is a whole puzzle.
var _ wholePuzzle = Rotation{}

// noMovesNeeded is the first answer line of a board solved from the start;
// unsolvablePrefix starts the one-line answer of a board no moves can solve.
const (
	noMovesNeeded    = "No moves needed"
	unsolvablePrefix = "No solution"
)

// engine names reference/rotation's functions for adapts.
func (Rotation) engine() caseEngine {
	return engine[rotation.Board, rotation.Solution, rotation.Progress]{
		parseCases: rotation.ParseCases, parseCase: rotation.ParseCase, format: rotation.Format, formatCases: rotation.FormatCases,
		solve: rotation.Solve, solvable: func(s rotation.Solution) bool { return s.Solvable }, version: rotation.SolverVersion}
}

func init() { Register(Rotation{}) }

func (Rotation) Name() string { return "rotation" }

func (Rotation) Info() judge.Info {
	return judge.Info{Unit: "case", MovesSyntax: "the letters A to H, in capitals (DDHH)."}
}

// CheckLimits has nothing to check: every rotation board has 24 squares.
func (Rotation) CheckLimits(c string, _ judge.Limits) error {
	if _, err := rotation.ParseCase(c); err != nil {
		return parseError(err)
	}
	return nil
}

func (Rotation) SplitAnswers(cases []string, output string) ([]judge.Answer, judge.Answer) {
	return splitByCount(answerLines(output), len(cases), func(_ int, first judge.AnswerLine) int {
		if strings.HasPrefix(strings.TrimSpace(first.Text), unsolvablePrefix) {
			return 1 // the one-line answer of a board with no solution
		}
		return 2
	})
}

// CheckAnswer checks, in this order, that the moves are letters A-H, solve
// the centre, are of optimal length and the lexicographically smallest, and
// that the symbol is the centre's; each failure has its own message.
func (Rotation) CheckAnswer(c string, ref judge.Solution, a judge.Answer, _ string) judge.Result {
	if len(a) == 0 {
		return judge.NoOutput()
	}
	b, err := rotation.ParseCase(c)
	if err != nil {
		return brokenCase(err)
	}
	if !ref.Solvable {
		// No symbol fills the centre: only the reference's exact text is right.
		if strings.TrimSpace(a[0].Text) == strings.TrimSpace(ref.Answer) {
			return judge.Correct(0)
		}
		return judge.Result{Verdict: judge.WrongAnswer}.With(atLine(a[0].No, judge.M("wrong_answer")))
	}
	first := a[0]
	moves := strings.TrimSpace(first.Text)
	if moves == noMovesNeeded {
		moves = ""
	} else if msg, bad := notLetters(first); bad {
		return judge.Result{Verdict: judge.Invalid}.With(msg)
	}
	r := rotation.Replay(b, moves)
	switch {
	case r.BadIndex > 0:
		return judge.Result{Verdict: judge.Invalid}.With(atLine(first.No, badMove(r.BadIndex, r.BadToken, r.Why)))
	case !r.Solved && r.Used == 0:
		return judge.Result{Verdict: judge.WrongAnswer}.With(atLine(first.No, judge.M("rotation_not_solved_at_start")))
	case !r.Solved:
		return judge.Result{Verdict: judge.WrongAnswer}.With(atLine(first.No, judge.M("rotation_does_not_solve", "Moves", textin.Quote(moves))))
	case r.Used > ref.Optimal:
		return judge.Result{Verdict: judge.WrongAnswer, Used: r.Used, Optimal: ref.Optimal, Solved: true}.
			With(atLine(first.No, judge.M("rotation_above_optimum", "Moves", textin.Quote(moves), "Used", plural(r.Used, "n_moves"), "Optimal", ref.Optimal)))
	case r.Used < ref.Optimal:
		return referenceDisagrees()
	case moves != strings.TrimSpace(ref.Moves):
		return judge.Result{Verdict: judge.WrongAnswer, Used: r.Used, Optimal: ref.Optimal, Solved: true}.
			With(atLine(first.No, judge.M("rotation_not_smallest", "Used", plural(r.Used, "n_moves"))))
	}
	if len(a) < 2 {
		return judge.Result{Verdict: judge.WrongAnswer}.With(atLine(first.No, judge.M("rotation_symbol_missing")))
	}
	v, err := oneInt(a[1])
	if err != nil {
		return sayError(judge.Result{Verdict: judge.Invalid}, err)
	}
	if got := r.Final.CentreSymbol(); v != got {
		return judge.Result{Verdict: judge.WrongAnswer}.With(atLine(a[1].No, judge.M("rotation_wrong_symbol", "Got", got, "Value", v)))
	}
	return judge.Result{Verdict: judge.Accepted, Used: r.Used, Optimal: ref.Optimal, Score: 100}.With(judge.M("correct"))
}

// notLetters returns a message naming the first character of a moves line
// that is not a capital letter A-H (after leading blanks); bad is false
// when there is none.
func notLetters(l judge.AnswerLine) (msg judge.Msg, bad bool) {
	col, started := 0, false
	for _, r := range l.Text {
		col++
		switch {
		case !started && (r == ' ' || r == '\t'):
			continue // leading blanks are tolerated, like trailing ones
		case r >= 'A' && r <= 'H':
			started = true
		case r >= 'a' && r <= 'h':
			return judge.M("at_line_col", "Line", l.No, "Col", col, "Text", judge.M("rotation_lower_case", "Found", strconv.QuoteRune(r))), true
		default:
			return judge.M("at_line_col", "Line", l.No, "Col", col, "Text", judge.M("rotation_not_letter", "Found", strconv.QuoteRune(r))), true
		}
	}
	return judge.Msg{}, false
}

func (Rotation) CheckMoves(c string, ref *judge.Solution, moves string) judge.Result {
	r, res, done := replayAgainst(c, ref, moves, rotation.ParseCase, rotation.Replay)
	if done {
		return res
	}
	if !ref.Solvable {
		if r.Solved {
			return referenceDisagrees()
		}
		return judge.Result{Verdict: judge.NotSolved, Used: r.Used}.With(judge.M("rotation_not_solved", "Legal", allLegal(r.Used)))
	}
	return movesResult(r.Solved, r.Used, ref.Optimal,
		judge.M("rotation_not_solved_agree", "Legal", allLegal(r.Used), "Agree", r.Final.CentreBest()))
}

func (pz Rotation) CheckProblemLimits(l judge.Limits) error {
	return checkLimitsUpTo("rotation", l, pz.Info().Limits)
}

func (Rotation) Checkers() []string { return nil }

func (Rotation) GenerateParams() []string { return []string{} }

func (Rotation) GenerateBy() string { return judge.GenerateByRange }

// Candidates draws the classic boards: eight squares of each symbol, in a
// uniform random order.
func (Rotation) Candidates(params map[string]int, _ *bool, _ judge.Limits) (func(*rand.Rand) (string, bool), error) {
	if err := paramsError("rotation", params, Rotation{}.GenerateParams()...); err != nil {
		return nil, err
	}
	return func(rng *rand.Rand) (string, bool) {
		var b rotation.Board
		for i := range b.Squares {
			b.Squares[i] = uint8(1 + i%rotation.Symbols)
		}
		rng.Shuffle(len(b.Squares), func(i, j int) { b.Squares[i], b.Squares[j] = b.Squares[j], b.Squares[i] })
		return rotation.Format(b), true
	}, nil
}

// Steps replays moves with the engine; each step tells how far the centre is.
func (Rotation) Steps(c, moves string) judge.Replay {
	b, _ := rotation.ParseCase(c) // c is canonical: it parses
	r := rotation.Replay(b, moves)
	return stepsWith(b, rotation.Format, rotation.Boards(b, r), r, func(s rotation.Step) (string, judge.Msg) {
		return s.Token, judge.M("rotation_step", "Agree", s.Centre)
	})
}

// AnswerMoves returns the first line of an answer: its move letters.
func (Rotation) AnswerMoves(a judge.Answer) (string, bool) {
	if len(a) == 0 || strings.HasPrefix(strings.TrimSpace(a[0].Text), unsolvablePrefix) {
		return "", false
	}
	if m := strings.TrimSpace(a[0].Text); m != noMovesNeeded {
		return m, true
	}
	return "", true
}

// Hint solves the board reached by moves and returns the first letter.
func (Rotation) Hint(ctx context.Context, c, moves string) (string, error) {
	b, _ := rotation.ParseCase(c)
	r := rotation.Replay(b, moves)
	return firstMove(r.FirstBad, r.Solved, judge.M("hint_centre_solved"), judge.M("hint_rotation_unsolvable"), func() ([]rotation.Move, bool, error) {
		s, err := rotation.Solve(ctx, r.Final, nil)
		return s.Moves, s.Solvable, err
	})
}

func (Rotation) MaxMoves() int { return rotation.MaxMoves }

func (pz Rotation) BoardMoves(string) int { return pz.MaxMoves() }

// ParseCaseWithin parses: a Rotation board has no size or colours to limit.
func (pz Rotation) ParseCaseWithin(input string, _ judge.Limits) (string, error) {
	return pz.ParseCase(input)
}

// CountMoves counts letters: each is a move.
func (Rotation) CountMoves(text string, limit int) int { return countLetters(text, limit) }

// rotationGrid places the 24 squares of the Rotation board (0-based) on a
// 7x7 grid: row, column.
var rotationGrid = [rotation.Squares][2]int{
	{0, 2}, {0, 4}, {1, 2}, {1, 4},
	{2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6},
	{3, 2}, {3, 4},
	{4, 0}, {4, 1}, {4, 2}, {4, 3}, {4, 4}, {4, 5}, {4, 6},
	{5, 2}, {5, 4}, {6, 2}, {6, 4},
}

// rotationSymmetries are the permutations of the squares under the eight
// symmetries of the square grid, which map the cross onto itself, each of
// its four lines onto a line and the centre onto the centre. A move along a
// line becomes a move along its image (in one direction or the other, and
// every line moves both ways), so mirrored and rotated boards have the same
// optimum; TestRotationSymmetriesKeepTheOptimum checks it with the solver.
// perm[i] is the square whose symbol lands on square i.
var rotationSymmetries = func() [][rotation.Squares]int {
	at := map[[2]int]int{}
	for i, p := range rotationGrid {
		at[p] = i
	}
	maps := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return c, 6 - r },
		func(r, c int) (int, int) { return 6 - r, 6 - c },
		func(r, c int) (int, int) { return 6 - c, r },
		func(r, c int) (int, int) { return r, 6 - c },
		func(r, c int) (int, int) { return 6 - r, c },
		func(r, c int) (int, int) { return c, r },
		func(r, c int) (int, int) { return 6 - c, 6 - r },
	}
	out := make([][rotation.Squares]int, len(maps))
	for k, f := range maps {
		for i, p := range rotationGrid {
			r, c := f(p[0], p[1])
			j, ok := at[[2]int{r, c}]
			if !ok {
				panic("judge: a symmetry of the square does not keep the rotation cross")
			}
			out[k][j] = i
		}
	}
	return out
}()

// SymmetryKey of a Rotation board: symbol relabelling and the eight
// symmetries of the cross.
func (Rotation) SymmetryKey(c string) string {
	b, err := rotation.ParseCase(c)
	if err != nil {
		return "unparsable\x00" + c
	}
	best := ""
	cells := make([]int, rotation.Squares)
	for k, perm := range rotationSymmetries {
		for i := range cells {
			cells[i] = int(b.Squares[perm[i]])
		}
		if t := relabel(cells, false); k == 0 || t < best {
			best = t
		}
	}
	return best
}

// Embeds is false: a Rotation board is always the 24 squares of the cross: it holds another only as itself, which SymmetryKey tells.
func (Rotation) Embeds(c, hidden string) bool { return false }
