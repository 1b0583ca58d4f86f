package puzzles

import (
	"cmp"
	"context"
	"math/rand/v2"
	"strings"

	"puzzlejudge/judge"
	"puzzlejudge/reference/fifteen"
)

// Fifteen adapts reference/fifteen, the 15-puzzle of UVA 10181 (and the
// 8-puzzle on 3x3): one line per case in answer mode (the moves of the
// blank, or "This puzzle is not solvable."), letters L R U D in move mode.
type Fifteen struct{ adapts[Fifteen] }

// Fifteen is a whole puzzle and prepares its tables too.
var (
	_ wholePuzzle    = Fifteen{}
	_ judge.Preparer = Fifteen{}
)

// The checkers of a 15-puzzle problem besides exact (which wants the
// judge's own answer, the first optimal sequence in the order D < L < R < U):
// classic is UVA 10181's (any solution of at most ClassicMaxMoves moves),
// optimal wants any shortest solution.
const (
	CheckerClassic  = "classic"
	CheckerOptimal  = "optimal"
	ClassicMaxMoves = 50
)

// fifteenNotSolvable is the classic answer line of a board without a solution.
var fifteenNotSolvable = strings.TrimSpace(fifteen.NotSolvable)

// engine names reference/fifteen's functions for adapts.
func (Fifteen) engine() caseEngine {
	return engine[fifteen.Board, fifteen.Solution, fifteen.Progress]{
		parseCases: fifteen.ParseCases, parseCase: fifteen.ParseCase, format: fifteen.Format, formatCases: fifteen.FormatCases,
		solve: fifteen.Solve, solvable: func(s fifteen.Solution) bool { return s.Solvable }, version: fifteen.SolverVersion}
}

func init() { Register(Fifteen{}) }

func (Fifteen) Name() string { return "fifteen" }

func (Fifteen) Info() judge.Info {
	return judge.Info{Unit: "case", MovesSyntax: "the letters L, R, U and D, the way the blank goes (LLDR).",
		Limits: judge.Limits{MaxSize: 4}}
}

// CheckLimits checks the board's width against limits.max_size (3 keeps a
// problem to the 8-puzzle).
func (Fifteen) CheckLimits(c string, l judge.Limits) error {
	b, err := fifteen.ParseCase(c)
	if err != nil {
		return parseError(err)
	}
	if l.MaxSize > 0 && b.Width > l.MaxSize {
		return judge.Errorm(judge.EINVALID, judge.M("at_line", "Line", 1, "Text", judge.M("fifteen_width_above_limit", "Width", b.Width, "Max", l.MaxSize)))
	}
	return nil
}

func (pz Fifteen) ParseCaseWithin(input string, l judge.Limits) (string, error) {
	c, err := pz.ParseCase(input)
	if err != nil {
		return "", err
	}
	return c, pz.CheckLimits(c, l)
}

// CheckProblemLimits: only the width can be limited, to 3 or 4.
func (pz Fifteen) CheckProblemLimits(l judge.Limits) error {
	if l.MaxSize != 0 && l.MaxSize < 3 {
		return judge.Errorf(judge.EINVALID, "limits.max_size: %d, the fifteen engine's boards are 3x3 or 4x4", l.MaxSize)
	}
	return checkLimitsUpTo("fifteen", l, pz.Info().Limits)
}

func (Fifteen) Checkers() []string { return []string{CheckerClassic, CheckerOptimal} }

// Prepare builds the pattern databases of c's width.
func (Fifteen) Prepare(ctx context.Context, c string) error {
	b, err := fifteen.ParseCase(c)
	if err != nil {
		return parseError(err)
	}
	return fifteen.Prepare(ctx, b.Width)
}

// SplitAnswers takes one line per case. The answer of a board solved from
// the start is an empty line (no moves), so for such a board a blank line
// is its answer; for every other board blank lines are skipped, as in the
// other puzzles.
func (Fifteen) SplitAnswers(cases []string, output string) ([]judge.Answer, judge.Answer) {
	lines := rawLines(output)
	answers := make([]judge.Answer, 0, len(cases))
	for _, c := range cases {
		b, _ := fifteen.ParseCase(c)
		solved := b.Solved()
		for len(lines) > 0 && lines[0].Text == "" && !solved {
			lines = lines[1:]
		}
		if len(lines) == 0 {
			break
		}
		answers = append(answers, judge.Answer{lines[0]})
		lines = lines[1:]
	}
	var surplus judge.Answer
	for _, l := range lines {
		if l.Text != "" {
			surplus = append(surplus, l)
		}
	}
	return answers, surplus
}

// rawLines returns every line of an output, blank ones too, trailing spaces
// and "\r" removed; a final newline ends the last line, it starts none.
func rawLines(output string) []judge.AnswerLine {
	var out []judge.AnswerLine
	for no := 1; output != ""; no++ {
		line, rest, _ := strings.Cut(output, "\n")
		out = append(out, judge.AnswerLine{No: no, Text: strings.TrimRight(line, " \t\r\v\f")})
		output = rest
	}
	return out
}

// CheckAnswer judges one line: "This puzzle is not solvable." exactly when
// the parity rules every solution out (or, under the classic checker, when
// no solution has ClassicMaxMoves moves or fewer), otherwise moves that
// solve the board: at most ClassicMaxMoves of them (classic), a shortest
// sequence (optimal), or the judge's own answer (exact). A wrong line is
// never told why in a way that gives a hidden board's answer away.
func (Fifteen) CheckAnswer(c string, ref judge.Solution, a judge.Answer, checker string) judge.Result {
	if len(a) == 0 {
		return judge.NoOutput()
	}
	b, err := fifteen.ParseCase(c)
	if err != nil {
		return brokenCase(err)
	}
	line := a[0]
	text := strings.TrimSpace(line.Text)
	tooLong := checker == CheckerClassic && ref.Optimal > ClassicMaxMoves
	if text == fifteenNotSolvable {
		if !ref.Solvable || tooLong {
			return judge.Correct(0)
		}
		return judge.Result{Verdict: judge.WrongAnswer}.With(atLine(line.No, judge.M("fifteen_can_be_solved")))
	}
	r := fifteen.Replay(b, text)
	switch {
	case r.BadIndex > 0:
		return judge.Result{Verdict: judge.Invalid, Used: r.Used}.With(atLine(line.No, badMove(r.BadIndex, r.BadToken, r.Why)))
	case !r.Solved:
		return judge.Result{Verdict: judge.WrongAnswer, Used: r.Used}.
			With(atLine(line.No, judge.M("fifteen_not_solved", "Legal", allLegal(r.Used), "Misplaced", plural(r.Final.Misplaced(), "n_tiles"))))
	case !ref.Solvable || r.Used < ref.Optimal:
		return referenceDisagrees()
	}
	solved := judge.Result{Verdict: judge.Accepted, Used: r.Used, Optimal: ref.Optimal, Score: 100}.With(judge.M("correct"))
	wrong := func(m judge.Msg) judge.Result {
		return judge.Result{Verdict: judge.WrongAnswer, Used: r.Used, Optimal: ref.Optimal, Solved: true}.With(atLine(line.No, m))
	}
	switch checker {
	case CheckerClassic:
		if r.Used > ClassicMaxMoves {
			return wrong(judge.M("fifteen_classic_long", "Used", plural(r.Used, "n_moves"), "Max", ClassicMaxMoves))
		}
	case CheckerOptimal:
		if r.Used > ref.Optimal {
			return wrong(judge.M("fifteen_above_optimum", "Used", plural(r.Used, "n_moves"), "Optimal", ref.Optimal))
		}
	default:
		if r.Used > ref.Optimal {
			return wrong(judge.M("fifteen_above_optimum", "Used", plural(r.Used, "n_moves"), "Optimal", ref.Optimal))
		}
		if strings.Join(strings.FieldsFunc(text, isMoveSep), "") != ref.Moves {
			return wrong(judge.M("fifteen_not_first"))
		}
	}
	return solved
}

func (Fifteen) CheckMoves(c string, ref *judge.Solution, moves string) judge.Result {
	r, res, done := replayAgainst(c, ref, moves, fifteen.ParseCase, fifteen.Replay)
	if done {
		return res
	}
	unsolved := judge.M("fifteen_not_solved", "Legal", allLegal(r.Used), "Misplaced", plural(r.Final.Misplaced(), "n_tiles"))
	if !ref.Solvable {
		if r.Solved {
			return referenceDisagrees()
		}
		return judge.Result{Verdict: judge.NotSolved, Used: r.Used}.With(unsolved)
	}
	return movesResult(r.Solved, r.Used, ref.Optimal, unsolved)
}

func (Fifteen) MaxMoves() int { return fifteen.MaxMoves }

func (pz Fifteen) BoardMoves(string) int { return pz.MaxMoves() }

// CountMoves counts letters: each is a move.
func (Fifteen) CountMoves(text string, limit int) int { return countLetters(text, limit) }

// SymmetryKey of a 15-puzzle board: the board or its mirror image about the
// main diagonal (fifteen.Mirror), whichever prints first. Relabelling the
// tiles is no symmetry here, nor are the turns and the other reflections,
// which move the blank's goal corner; the diagonal keeps it.
func (Fifteen) SymmetryKey(c string) string {
	b, err := fifteen.ParseCase(c)
	if err != nil {
		return "unparsable\x00" + c
	}
	return min(fifteen.Format(b), fifteen.Format(fifteen.Mirror(b)))
}

// Embeds is false: a 15-puzzle board is always 4x4: it holds another only as itself, which SymmetryKey tells.
func (Fifteen) Embeds(c, hidden string) bool { return false }

func (Fifteen) GenerateParams() []string { return []string{"size", "walk"} }

func (Fifteen) GenerateBy() string { return judge.GenerateByRange }

// maxWalk bounds params.walk: a walk this long is as mixed as a uniform board.
const maxWalk = 1000

// Candidates draws boards of params.size (3 or 4, default 4): with
// params.walk, the end of a random walk of that many moves from the goal
// (its optimum is at most walk and of walk's parity, so that short targets
// are reached: ask for walk about 1.3 times the optimum wanted); without
// it, a uniform solvable board (optima about 45-60 on 4x4, 15-30 on 3x3).
func (Fifteen) Candidates(params map[string]int, _ *bool, l judge.Limits) (func(*rand.Rand) (string, bool), error) {
	if err := paramsError("fifteen", params, Fifteen{}.GenerateParams()...); err != nil {
		return nil, err
	}
	size, err := param(params, "size", 4, 3, cmp.Or(l.MaxSize, 4))
	if err != nil {
		return nil, err
	}
	walk := 0
	if _, ok := params["walk"]; ok {
		if walk, err = param(params, "walk", 0, 1, maxWalk); err != nil {
			return nil, err
		}
	}
	return func(rng *rand.Rand) (string, bool) {
		b := fifteen.Goal(size)
		if walk == 0 {
			n := b.Len()
			rng.Shuffle(n, func(i, j int) { b.Cells[i], b.Cells[j] = b.Cells[j], b.Cells[i] })
			if !b.Solvable() {
				// Swapping two tiles changes the parity of the
				// permutation alone: the board becomes solvable.
				i, j := 0, 1
				if b.Cells[i] == 0 {
					i = 2
				} else if b.Cells[j] == 0 {
					j = 2
				}
				b.Cells[i], b.Cells[j] = b.Cells[j], b.Cells[i]
			}
			return fifteen.Format(b), true
		}
		var last fifteen.Move
		for done := 0; done < walk; {
			m := [4]fifteen.Move{fifteen.Down, fifteen.Left, fifteen.Right, fifteen.Up}[rng.IntN(4)]
			if last != 0 && m == last.Inverse() {
				continue
			}
			if next, _, ok := b.Apply(m); ok {
				b, last = next, m
				done++
			}
		}
		return fifteen.Format(b), true
	}, nil
}

// blankGoes names, for each move of the blank, the way the tile it swaps
// with slides: the other way.
var blankGoes = map[fifteen.Move]judge.Msg{fifteen.Left: judge.M("fifteen_slid_right"), fifteen.Right: judge.M("fifteen_slid_left"),
	fifteen.Up: judge.M("fifteen_slid_down"), fifteen.Down: judge.M("fifteen_slid_up")}

// Steps replays moves with the engine; each step tells which tile slid and
// how many are still out of place.
func (Fifteen) Steps(c, moves string) judge.Replay {
	b, _ := fifteen.ParseCase(c) // c is canonical: it parses
	r := fifteen.Replay(b, moves)
	return stepsWith(b, fifteen.Format, fifteen.Boards(b, r), r, func(s fifteen.Step) (string, judge.Msg) {
		return s.Token, judge.M("fifteen_step", "Tile", s.Tile, "Way", blankGoes[s.Move], "Misplaced", plural(s.Misplaced, "n_tiles"))
	})
}

// AnswerMoves returns the moves of an answer line, none for "This puzzle is
// not solvable.".
func (Fifteen) AnswerMoves(a judge.Answer) (string, bool) {
	if len(a) == 0 || strings.TrimSpace(a[0].Text) == fifteenNotSolvable {
		return "", false
	}
	return strings.TrimSpace(a[0].Text), true
}

// Hint solves the board reached by moves and returns the first move.
func (Fifteen) Hint(ctx context.Context, c, moves string) (string, error) {
	b, _ := fifteen.ParseCase(c)
	r := fifteen.Replay(b, moves)
	return firstMove(r.FirstBad, r.Solved, judge.M("hint_fifteen_solved"), judge.M("hint_fifteen_swapped"), func() ([]fifteen.Move, bool, error) {
		s, err := fifteen.Solve(ctx, r.Final, nil)
		return s.Moves, s.Solvable, err
	})
}
