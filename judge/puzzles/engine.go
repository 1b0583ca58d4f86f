package puzzles

import (
	"context"

	"puzzlejudge/judge"
	"puzzlejudge/reference/textin"
)

// An engine is a reference engine as its adapter names it: its functions
// over its own Board and Solution types (and its Progress type P). Its
// methods are the part of judge.Puzzle that is the same for every
// adapter, the same steps over each engine's own types: an adapter gets
// them by embedding adapts.
type engine[B any, S engineSolution, P ~func(int, int64)] struct {
	parseCases  func(string) ([]B, error)
	parseCase   func(string) (B, error)
	format      func(B) string
	formatCases func([]B) string
	solve       func(context.Context, B, P) (S, error)
	solvable    func(S) bool // whether the solution solves its board
	version     string       // the engine's SolverVersion
}

// engineSolution is what every engine's Solution tells of itself.
type engineSolution interface {
	Answer() string
	MovesText() string
	Len() int
}

// caseEngine is an engine seen through the canonical texts of its cases,
// whatever its own types.
type caseEngine interface {
	ParseCases(input string) ([]string, error)
	ParseCase(input string) (string, error)
	JudgeInput(cases []string) string
	Solve(ctx context.Context, c string, p judge.Progress) (judge.Solution, error)
	CaseSolvers(input string) ([]func(context.Context) (judge.Solution, error), error)
	SolverVersion() string
}

// adapts gives the adapter A that embeds it (type Floodit struct{
// adapts[Floodit] }) the methods of caseEngine, from the engine A names
// (A.engine()). A is a type parameter rather than a field, so that the
// adapter's zero value (Floodit{}) is ready to use.
type adapts[A interface{ engine() caseEngine }] struct{}

// cases is the engine A names.
func (adapts[A]) cases() caseEngine {
	var adapter A
	return adapter.engine()
}

func (a adapts[A]) ParseCases(input string) ([]string, error) { return a.cases().ParseCases(input) }

func (a adapts[A]) ParseCase(input string) (string, error) { return a.cases().ParseCase(input) }

func (a adapts[A]) JudgeInput(cases []string) string { return a.cases().JudgeInput(cases) }

func (a adapts[A]) Solve(ctx context.Context, c string, p judge.Progress) (judge.Solution, error) {
	return a.cases().Solve(ctx, c, p)
}

func (a adapts[A]) CaseSolvers(input string) ([]func(context.Context) (judge.Solution, error), error) {
	return a.cases().CaseSolvers(input)
}

func (a adapts[A]) SolverVersion() string { return a.cases().SolverVersion() }

// boards parses a whole classic input into the engine's boards, for
// ParseCases and CaseSolvers alike, so that both report the same errors:
// EINVALID with the engine's line and column.
func (e engine[B, S, P]) boards(input string) ([]B, error) {
	bs, err := e.parseCases(input)
	if err != nil {
		return nil, parseError(err)
	}
	return bs, nil
}

// ParseCases parses a whole classic input and returns each case's
// canonical text (format); errors are EINVALID with the engine's line and
// column.
func (e engine[B, S, P]) ParseCases(input string) ([]string, error) {
	bs, err := e.boards(input)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = e.format(b)
	}
	return out, nil
}

// ParseCase parses exactly one case and returns its canonical text.
func (e engine[B, S, P]) ParseCase(input string) (string, error) {
	b, err := e.parseCase(input)
	if err != nil {
		return "", parseError(err)
	}
	return e.format(b), nil
}

// JudgeInput joins canonical cases into one classic judge input. A case
// that does not parse (the store holds none) is left out.
func (e engine[B, S, P]) JudgeInput(cases []string) string {
	bs := make([]B, 0, len(cases))
	for _, c := range cases {
		if b, err := e.parseCase(c); err == nil {
			bs = append(bs, b)
		}
	}
	return e.formatCases(bs)
}

// Solve parses the case c, solves it under ctx (progress to p, converted
// to the engine's own Progress type), and returns it as the judge's
// Solution.
func (e engine[B, S, P]) Solve(ctx context.Context, c string, p judge.Progress) (judge.Solution, error) {
	b, err := e.parseCase(c)
	if err != nil {
		return judge.Solution{}, err
	}
	return e.solveBoard(ctx, b, P(p))
}

// solveBoard solves a parsed case and returns it as the judge's Solution.
func (e engine[B, S, P]) solveBoard(ctx context.Context, b B, p P) (judge.Solution, error) {
	s, err := e.solve(ctx, b, p)
	if err != nil {
		return judge.Solution{}, err
	}
	return judge.Solution{Answer: s.Answer(), Moves: s.MovesText(), Optimal: s.Len(), Solvable: e.solvable(s), Version: e.version}, nil
}

// CaseSolvers parses a whole classic input as ParseCases does and returns
// a solve per case over the parsed board itself (judge.CaseSolvers): the
// board a canonical text parses back to is the board it was formatted
// from, so the Solution is Solve's.
func (e engine[B, S, P]) CaseSolvers(input string) ([]func(context.Context) (judge.Solution, error), error) {
	bs, err := e.boards(input)
	if err != nil {
		return nil, err
	}
	out := make([]func(context.Context) (judge.Solution, error), len(bs))
	for i, b := range bs {
		out[i] = func(ctx context.Context) (judge.Solution, error) {
			var none P
			return e.solveBoard(ctx, b, none)
		}
	}
	return out, nil
}

func (e engine[B, S, P]) SolverVersion() string { return e.version }

// stepsWith builds a Replay from an engine's replay r of the board start:
// the board after each legal step (boards), each step's token and message
// (step; a bad step's message is not used), and the first bad move.
func stepsWith[B, S any](start B, format func(B) string, boards []B, r textin.Replay[B, S], step func(S) (token string, msg judge.Msg)) judge.Replay {
	out := judge.Replay{Steps: make([]judge.Step, 0, len(r.Steps)), Solved: r.Solved, Moves: len(boards)}
	last := format(start)
	for i, s := range r.Steps {
		tok, msg := step(s)
		if i < len(boards) {
			last = format(boards[i])
			out.Steps = append(out.Steps, judge.Step{Move: tok, Legal: true, Board: last}.With(msg))
			continue
		}
		if r.BadIndex > 0 {
			out.Steps = append(out.Steps, judge.Step{Move: tok, Board: last}.With(badMove(r.BadIndex, r.BadToken, r.Why)))
		}
		break
	}
	return out
}

// replayAgainst replays moves on the stored case c for a CheckMoves that
// judges them against the reference ref: done, with the result to give,
// when there is no reference yet, when the case does not parse (the
// judge's fault) or at a bad move (the answer's: invalid).
func replayAgainst[B, S any](c string, ref *judge.Solution, moves string, parse func(string) (B, error),
	replay func(B, string) textin.Replay[B, S]) (r textin.Replay[B, S], res judge.Result, done bool) {
	if ref == nil {
		return r, judge.NoReference(), true
	}
	b, err := parse(c)
	if err != nil {
		return r, brokenCase(err), true
	}
	r = replay(b, moves)
	if r.BadIndex > 0 {
		return r, judge.Result{Verdict: judge.Invalid, Used: r.Used}.With(badMove(r.BadIndex, r.BadToken, r.Why)), true
	}
	return r, judge.Result{}, false
}
