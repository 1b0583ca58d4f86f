package judge

import (
	"cmp"
	"context"
	"fmt"
	"math/rand/v2"

	"puzzlejudge/reference/floodit"
	"puzzlejudge/reference/textin"
)

// flooditPuzzle adapts reference/floodit: one integer per case in answer
// mode, colours in move mode.
type flooditPuzzle struct{}

func init() { Register(flooditPuzzle{}) }

func (flooditPuzzle) Name() string { return "floodit" }

func (flooditPuzzle) Info() Info {
	return Info{Unit: "case", MovesSyntax: "the colours to flood with, separated by spaces or commas (1 2 1)."}
}

func (flooditPuzzle) SolverVersion() string { return floodit.SolverVersion }

func (flooditPuzzle) ParseCases(input string) ([]string, error) {
	return parseCasesWith(floodit.ParseCases, floodit.Format, input)
}

func (flooditPuzzle) ParseCase(input string) (string, error) {
	return parseCaseWith(floodit.ParseCase, floodit.Format, input)
}

func (flooditPuzzle) JudgeInput(cases []string) string {
	return judgeInputWith(floodit.ParseCase, floodit.FormatCases, cases)
}

func (flooditPuzzle) CheckLimits(c string, l Limits) error {
	b, err := floodit.ParseCase(c)
	if err != nil {
		return parseError(err)
	}
	if err := floodit.CheckLimits(b, l.MaxSize, l.MaxColors); err != nil {
		return Errorf(EINVALID, "%s", err.Error())
	}
	return nil
}

func (flooditPuzzle) Solve(ctx context.Context, c string, p Progress) (Solution, error) {
	b, err := floodit.ParseCase(c)
	if err != nil {
		return Solution{}, err
	}
	s, err := floodit.Solve(ctx, b, floodit.Progress(p))
	if err != nil {
		return Solution{}, err
	}
	return Solution{Answer: s.Answer(), Moves: s.MovesText(), Optimal: s.Len(), Solvable: true, Version: floodit.SolverVersion}, nil
}

func (flooditPuzzle) SplitAnswers(cases []string, output string) ([]Answer, Answer) {
	return splitByCount(answerLines(output), len(cases), func(int, AnswerLine) int { return 1 })
}

// CheckAnswer accepts the optimum. A wrong number is only called wrong: on a
// hidden case, "too many" or "too few" would give the optimum away.
func (flooditPuzzle) CheckAnswer(c string, ref Solution, a Answer, _ bool) Result {
	if len(a) == 0 {
		return Result{Verdict: WrongAnswer, Message: "no output for this case"}
	}
	tok, err := oneToken(a[0])
	if err != nil {
		return Result{Verdict: Invalid, Message: err.Error()}
	}
	v, err := tok.Int()
	if err != nil {
		return Result{Verdict: Invalid, Message: err.Error()}
	}
	if v != ref.Optimal {
		return Result{Verdict: WrongAnswer, Message: fmt.Sprintf("line %d: %d is not the minimum number of moves", a[0].No, v)}
	}
	return Result{Verdict: Accepted, Message: "correct", Optimal: ref.Optimal, Score: 100}
}

func (flooditPuzzle) CheckMoves(c string, ref *Solution, moves string) Result {
	if ref == nil {
		return noReference()
	}
	b, err := floodit.ParseCase(c)
	if err != nil {
		return brokenCase(err)
	}
	r := floodit.Replay(b, moves)
	if r.BadIndex > 0 {
		return Result{Verdict: Invalid, Message: badMove(r.BadIndex, r.BadToken, r.Reason), Used: r.Used}
	}
	return movesResult(r.Solved, r.Used, ref.Optimal,
		fmt.Sprintf("%s, but the board is not flooded (%d of %d cells)", allLegal(r.Used), r.Final.Region(), b.N()*b.N()))
}

// oneToken returns the only token of an answer line, positioned in the
// whole output.
func oneToken(l AnswerLine) (textin.Token, error) {
	var toks []textin.Token
	if ls := textin.Split(l.Text, 0); len(ls) > 0 {
		toks = ls[0].Tokens
	}
	for i := range toks {
		toks[i].Line = l.No
	}
	switch {
	case len(toks) == 0:
		return textin.Token{}, textin.Errorf(l.No, 0, "expected an integer, found an empty line")
	case len(toks) > 1:
		return textin.Token{}, toks[1].Errorf("expected one integer on the line, found also %s", toks[1].Quoted())
	}
	return toks[0], nil
}

func (flooditPuzzle) CheckProblemLimits(l Limits) error {
	return checkLimitsUpTo("floodit", l, floodit.MaxN, floodit.MaxColors, 0)
}

func (flooditPuzzle) Checkers() []string { return nil }

func (flooditPuzzle) GenerateParams() []string { return []string{"size", "colors"} }

func (flooditPuzzle) GenerateBy() string { return GenerateByRange }

// Candidates draws boards of params.size with params.colors colours, each
// cell uniform.
func (flooditPuzzle) Candidates(params map[string]int, _ *bool, l Limits) (func(*rand.Rand) (string, bool), error) {
	if err := paramsError("floodit", params, flooditPuzzle{}.GenerateParams()...); err != nil {
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
func (flooditPuzzle) Steps(c, moves string) Replay {
	b, _ := floodit.ParseCase(c) // c is canonical: it parses
	r := floodit.Replay(b, moves)
	return stepsWith(b, floodit.Format, stepTokens(r.Steps, func(s floodit.Step) string { return s.Token }),
		floodit.Boards(b, r), stepMessages(r.Steps, func(s floodit.Step) string {
			return fmt.Sprintf("flooded with colour %d: %d of %d cells", s.Color, s.Region, b.N()*b.N())
		}), r.BadIndex, r.BadToken, r.Reason, r.Solved)
}

// AnswerMoves: a Flood-it answer is a number, it holds no moves.
func (flooditPuzzle) AnswerMoves(Answer) (string, bool) { return "", false }

// Hint solves the board reached by moves and returns the first colour.
func (flooditPuzzle) Hint(ctx context.Context, c, moves string) (string, error) {
	b, _ := floodit.ParseCase(c)
	r := floodit.Replay(b, moves)
	switch {
	case r.BadIndex > 0:
		return "", Errorf(EINVALID, "%s", badMove(r.BadIndex, r.BadToken, r.Reason))
	case r.Solved:
		return "", Errorf(EINVALID, "the board is already flooded")
	}
	s, err := floodit.Solve(ctx, r.Final, nil)
	if err != nil {
		return "", err
	}
	return fmt.Sprint(int(s.Moves[0])), nil
}
