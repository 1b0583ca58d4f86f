package puzzles

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"puzzlejudge/judge"
	"puzzlejudge/reference/floodit"
	"puzzlejudge/reference/textin"
)

// Floodit adapts reference/floodit: one integer per case in answer
// mode, colours in move mode.
type Floodit struct{ adapts[Floodit] }

// Floodit is a whole puzzle.
var _ wholePuzzle = Floodit{}

// engine names reference/floodit's functions for adapts. Every board
// floods: a colour at a time, the region only grows.
func (Floodit) engine() caseEngine {
	return engine[floodit.Board, floodit.Solution, floodit.Progress]{
		parseCases: floodit.ParseCases, parseCase: floodit.ParseCase, format: floodit.Format, formatCases: floodit.FormatCases,
		solve: floodit.Solve, solvable: func(floodit.Solution) bool { return true }, version: floodit.SolverVersion}
}

func init() { Register(Floodit{}) }

func (Floodit) Name() string { return "floodit" }

func (Floodit) Info() judge.Info {
	return judge.Info{Unit: "case", MovesSyntax: "the colours to flood with, separated by spaces or commas (1 2 1).",
		Limits: judge.Limits{MaxSize: floodit.MaxN, MaxColors: floodit.MaxColors}}
}

func (Floodit) CheckLimits(c string, l judge.Limits) error {
	b, err := floodit.ParseCase(c)
	if err != nil {
		return parseError(err)
	}
	if err := floodit.CheckLimits(b, l.MaxSize, l.MaxColors); err != nil {
		return parseError(err)
	}
	return nil
}

func (Floodit) SplitAnswers(cases []string, output string) ([]judge.Answer, judge.Answer) {
	return splitByCount(answerLines(output), len(cases), func(int, judge.AnswerLine) int { return 1 })
}

// CheckAnswer accepts the optimum. A wrong number is only called wrong: on a
// hidden case, "too many" or "too few" would give the optimum away.
func (Floodit) CheckAnswer(c string, ref judge.Solution, a judge.Answer, _ string) judge.Result {
	if len(a) == 0 {
		return judge.NoOutput()
	}
	v, err := oneInt(a[0])
	if err != nil {
		return sayError(judge.Result{Verdict: judge.Invalid}, err)
	}
	if v != ref.Optimal {
		return judge.Result{Verdict: judge.WrongAnswer}.With(judge.M("floodit_not_minimum", "Line", a[0].No, "Value", v))
	}
	return judge.Correct(ref.Optimal)
}

func (Floodit) CheckMoves(c string, ref *judge.Solution, moves string) judge.Result {
	r, res, done := replayAgainst(c, ref, moves, floodit.ParseCase, floodit.Replay)
	if done {
		return res
	}
	return movesResult(r.Solved, r.Used, ref.Optimal,
		judge.M("floodit_not_flooded", "Count", r.Used, "Region", r.Final.Region(), "Cells", r.Final.N()*r.Final.N()))
}

// oneToken returns the only token of an answer line, positioned in the
// whole output.
func oneToken(l judge.AnswerLine) (textin.Token, error) {
	var toks []textin.Token
	if ls := textin.Split(l.Text, 0); len(ls) > 0 {
		toks = ls[0].Tokens
	}
	for i := range toks {
		toks[i].Line = l.No
	}
	switch {
	case len(toks) == 0:
		return textin.Token{}, textin.Fail(l.No, 0, "floodit_answer_empty_line", "expected an integer, found an empty line")
	case len(toks) > 1:
		return textin.Token{}, toks[1].Fail("floodit_answer_extra", "expected one integer on the line, found also %s", "Found", toks[1].Quoted())
	}
	return toks[0], nil
}

// oneInt returns the integer that stands alone on an answer line.
func oneInt(l judge.AnswerLine) (int, error) {
	tok, err := oneToken(l)
	if err != nil {
		return 0, err
	}
	return tok.Int()
}

func (pz Floodit) CheckProblemLimits(l judge.Limits) error {
	return checkLimitsUpTo("floodit", l, pz.Info().Limits)
}

func (Floodit) Checkers() []string { return nil }

func (Floodit) GenerateParams() []string { return []string{"size", "colors"} }

func (Floodit) GenerateBy() string { return judge.GenerateByRange }

// Candidates draws boards of params.size with params.colors colours, each
// cell uniform.
func (Floodit) Candidates(params map[string]int, _ *bool, l judge.Limits) (func(*rand.Rand) (string, bool), error) {
	if err := paramsError("floodit", params, Floodit{}.GenerateParams()...); err != nil {
		return nil, err
	}
	size, err := param(params, "size", 0, 1, cmp.Or(l.MaxSize, floodit.MaxN))
	if err != nil {
		return nil, err
	}
	colors, err := param(params, "colors", 0, 1, cmp.Or(l.MaxColors, floodit.MaxColors))
	if err != nil {
		return nil, err
	}
	return func(rng *rand.Rand) (string, bool) {
		rows := make([][]int, size)
		for r := range rows {
			rows[r] = make([]int, size)
			for c := range rows[r] {
				rows[r][c] = rng.IntN(colors)
			}
		}
		b, err := floodit.NewBoard(rows)
		return floodit.Format(b), err == nil
	}, nil
}

// Steps replays moves with the engine; each step tells the flooded area.
func (Floodit) Steps(c, moves string) judge.Replay {
	b, _ := floodit.ParseCase(c) // c is canonical: it parses
	r := floodit.Replay(b, moves)
	return stepsWith(b, floodit.Format, floodit.Boards(b, r), r, func(s floodit.Step) (string, judge.Msg) {
		return s.Token, judge.M("floodit_step", "Colour", s.Color, "Region", s.Region, "Cells", b.N()*b.N())
	})
}

// AnswerMoves: a Flood-it answer is a number, it holds no moves.
func (Floodit) AnswerMoves(judge.Answer) (string, bool) { return "", false }

// Hint solves the board reached by moves and returns the first colour.
func (Floodit) Hint(ctx context.Context, c, moves string) (string, error) {
	b, _ := floodit.ParseCase(c)
	r := floodit.Replay(b, moves)
	switch {
	case r.BadIndex > 0:
		return "", judge.Errorm(judge.EINVALID, badMove(r.BadIndex, r.BadToken, r.Why))
	case r.Solved:
		return "", judge.Errorm(judge.EINVALID, judge.M("hint_flooded"))
	}
	s, err := floodit.Solve(ctx, r.Final, nil)
	if err != nil {
		return "", err
	}
	return fmt.Sprint(int(s.Moves[0])), nil
}

func (Floodit) ParseCaseWithin(input string, l judge.Limits) (string, error) {
	b, err := floodit.ParseCaseWithin(input, l.MaxSize, l.MaxColors)
	if err != nil {
		return "", parseError(err)
	}
	return floodit.Format(b), nil
}

func (Floodit) MaxMoves() int { return floodit.MaxMoves }

func (pz Floodit) BoardMoves(string) int { return pz.MaxMoves() }

func (Floodit) CountMoves(text string, limit int) int {
	return len(strings.FieldsFunc(text[:min(len(text), 8*(limit+1))], isMoveSep))
}

// SymmetryKey of a Flood-it board is the key of its region graph up to
// colour relabelling (floodit.GraphKey): the optimum depends on nothing
// else, so a hidden board padded with copies of its last row and column,
// transposed or recoloured, has the hidden board's key (issue 24).
func (Floodit) SymmetryKey(c string) string {
	b, err := floodit.ParseCase(c)
	if err != nil {
		return "unparsable\x00" + c
	}
	return floodit.GraphKey(b)
}

// minEmbeddedCells and minEmbeddedRegions are the smallest core (cells,
// regions) of a hidden board that Embeds looks for inside other boards. A
// smaller one is a pattern that countless boards hold by chance (the
// shipped 2x2 board of four colours is in five of the shipped 8x8 boards
// and in a sample), and its optimum is found by hand at a glance: refusing
// every board that holds it would refuse students' own boards for nothing.
// A 3x3 core of four colours turns up by chance in about one random 8x8
// board of six colours in a hundred.
const (
	minEmbeddedCells   = 9
	minEmbeddedRegions = 4
)

// Embeds of a Flood-it board: hidden's core (floodit.Core, its repeated
// rows and columns gone) is a block of c's core, in any symmetry of the
// square, recoloured (floodit.Embeds). A hidden board padded with a row
// and a column of a new colour has one more move as optimum and another
// region graph, which SymmetryKey cannot tell (issue 32).
func (Floodit) Embeds(c, hidden string) bool {
	h, err := floodit.ParseCase(hidden)
	if err != nil {
		return false
	}
	core := floodit.Core(h)
	if len(core)*len(core[0]) < minEmbeddedCells || core.Regions() < minEmbeddedRegions {
		return false
	}
	b, err := floodit.ParseCase(c)
	return err == nil && floodit.Embeds(b, core)
}
