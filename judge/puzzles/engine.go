package puzzles

import (
	"context"

	"puzzlejudge/judge"
	"puzzlejudge/reference/textin"
)

// The adapters' parse and format methods are the same three steps over each
// engine's own Board type; these generic helpers are those steps, so that an
// adapter's method is one line naming its engine's functions.

// parseCasesWith parses a whole classic input with parse and returns each
// case's canonical text (format); errors are EINVALID with the engine's line
// and column.
func parseCasesWith[B any](parse func(string) ([]B, error), format func(B) string, input string) ([]string, error) {
	bs, err := parse(input)
	if err != nil {
		return nil, parseError(err)
	}
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = format(b)
	}
	return out, nil
}

// parseCaseWith parses exactly one case and returns its canonical text.
func parseCaseWith[B any](parse func(string) (B, error), format func(B) string, input string) (string, error) {
	b, err := parse(input)
	if err != nil {
		return "", parseError(err)
	}
	return format(b), nil
}

// judgeInputWith joins canonical cases into one classic judge input. A case
// that does not parse (the store holds none) is left out.
func judgeInputWith[B any](parse func(string) (B, error), formatCases func([]B) string, cases []string) string {
	bs := make([]B, 0, len(cases))
	for _, c := range cases {
		if b, err := parse(c); err == nil {
			bs = append(bs, b)
		}
	}
	return formatCases(bs)
}

// stepsWith builds a Replay from what an engine's replay read: the tokens
// of every step, the board after each legal one, the message of each legal
// one, and the first bad move.
func stepsWith[B any](start B, format func(B) string, tokens []string, boards []B, messages []judge.Msg,
	badIndex int, badToken string, why textin.Reason, solved bool) judge.Replay {
	r := judge.Replay{Steps: make([]judge.Step, 0, len(tokens)), Solved: solved, Moves: len(boards)}
	last := format(start)
	for i, tok := range tokens {
		if i < len(boards) {
			last = format(boards[i])
			r.Steps = append(r.Steps, judge.Step{Move: tok, Legal: true, Board: last}.With(messages[i]))
			continue
		}
		if badIndex > 0 {
			r.Steps = append(r.Steps, judge.Step{Move: tok, Board: last}.With(badMove(badIndex, badToken, why)))
		}
		break
	}
	return r
}

// stepTokens returns the token of every step an engine's replay read.
func stepTokens[S any](steps []S, token func(S) string) []string {
	out := make([]string, len(steps))
	for i, s := range steps {
		out[i] = token(s)
	}
	return out
}

// stepMessages returns the message of every step an engine's replay read;
// only those of legal steps are used.
func stepMessages[S any](steps []S, message func(S) judge.Msg) []judge.Msg {
	out := make([]judge.Msg, len(steps))
	for i, s := range steps {
		out[i] = message(s)
	}
	return out
}

// engineSolution is what every engine's Solution tells of itself.
type engineSolution interface {
	Answer() string
	MovesText() string
	Len() int
}

// solveWith parses the case c, solves it with the engine's solve under ctx
// (progress to p, converted to the engine's own Progress type P), and
// returns it as the judge's Solution; solvable tells whether the engine's
// solution solves the board, version is the engine's SolverVersion.
func solveWith[B any, P ~func(int, int64), S engineSolution](ctx context.Context, c string, p judge.Progress,
	parse func(string) (B, error), solve func(context.Context, B, P) (S, error), solvable func(S) bool, version string) (judge.Solution, error) {
	b, err := parse(c)
	if err != nil {
		return judge.Solution{}, err
	}
	s, err := solve(ctx, b, P(p))
	if err != nil {
		return judge.Solution{}, err
	}
	return judge.Solution{Answer: s.Answer(), Moves: s.MovesText(), Optimal: s.Len(), Solvable: solvable(s), Version: version}, nil
}
