package puzzles_test

import (
	"context"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/problems"
)

// shippedBoards returns, per registered puzzle, the canonical boards of the
// shipped cases that need at least one move.
func shippedBoards(t *testing.T) map[string][]string {
	t.Helper()
	shipped, err := problems.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, p := range shipped {
		pz, err := puzzles.Lookup(p.Problem.Puzzle)
		if err != nil {
			t.Fatal(err)
		}
		for _, cs := range p.Cases {
			c, err := pz.ParseCase(cs.Input)
			if err != nil {
				t.Fatalf("%s: sample %s: %v", p.Problem.Slug, cs.Name, err)
			}
			if sol, err := pz.Solve(context.Background(), c, nil); err == nil && sol.Solvable && sol.Optimal > 0 {
				out[pz.Name()] = append(out[pz.Name()], c)
			}
		}
	}
	for _, name := range puzzles.PuzzleNames() {
		if len(out[name]) == 0 {
			t.Fatalf("no shipped sample of %s needs a move", name)
		}
	}
	return out
}

// TestSteppers replays the reference solution of every sample with the
// puzzle's Stepper: one legal step per move, solved at the end, and the
// moves an answer holds are the moves it was made of.
func TestSteppers(t *testing.T) {
	for name, boards := range shippedBoards(t) {
		pz, _ := puzzles.Lookup(name)
		st, ok := pz.(judge.Stepper)
		if !ok {
			continue
		}
		for _, c := range boards {
			sol, err := pz.Solve(context.Background(), c, nil)
			if err != nil {
				t.Fatal(err)
			}
			r := st.Steps(c, sol.Moves)
			if !r.Solved || r.Moves != sol.Optimal || len(r.Steps) != sol.Optimal {
				t.Errorf("%s: Steps(%q, %q) = solved %v, %d moves, %d steps; want solved, %d", name, c, sol.Moves, r.Solved, r.Moves, len(r.Steps), sol.Optimal)
			}
			for i, s := range r.Steps {
				if !s.Legal {
					t.Errorf("%s: Steps(%q, %q): step %d (%s) not legal: %s", name, c, sol.Moves, i+1, s.Move, s.Message)
				}
			}
			answers, _ := pz.SplitAnswers([]string{c}, sol.Answer)
			if len(answers) != 1 {
				t.Fatalf("%s: SplitAnswers of the expected answer gave %d answers", name, len(answers))
			}
			if moves, ok := st.AnswerMoves(answers[0]); ok {
				if r := st.Steps(c, moves); !r.Solved || r.Moves != sol.Optimal {
					t.Errorf("%s: the moves of the expected answer, %q, replay to solved %v in %d moves, want solved in %d", name, moves, r.Solved, r.Moves, sol.Optimal)
				}
			}
		}
	}
}

// TestHinters asks every sample for a hint: a legal first move of an
// optimal solution, and EINVALID once the board is solved.
func TestHinters(t *testing.T) {
	ctx := context.Background()
	for name, boards := range shippedBoards(t) {
		pz, _ := puzzles.Lookup(name)
		h, ok := pz.(judge.Hinter)
		if !ok {
			continue
		}
		for _, c := range boards {
			hint, err := h.Hint(ctx, c, "")
			if err != nil {
				t.Fatalf("%s: Hint(%q, \"\"): %v", name, c, err)
			}
			sol, err := pz.Solve(ctx, c, nil)
			if err != nil {
				t.Fatal(err)
			}
			rest, err := h.Hint(ctx, c, hint)
			if sol.Optimal == 1 {
				if err == nil || judge.ErrorCode(err) != judge.EINVALID {
					t.Errorf("%s: Hint after the one optimal move %q = %q, %v; want EINVALID", name, hint, rest, err)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: Hint(%q, %q): %v", name, c, hint, err)
			}
			if r := pz.CheckMoves(c, &sol, hint); r.Verdict != judge.NotSolved {
				t.Errorf("%s: the hint %q alone on %q: %s (%s), want not_solved", name, hint, c, r.Verdict, r.Message)
			}
			if st, ok := pz.(judge.Stepper); ok {
				// The reference solver is deterministic: the hint leads to
				// the board its solution's first move leads to.
				r, ref := st.Steps(c, hint), st.Steps(c, sol.Moves)
				if len(r.Steps) != 1 || !r.Steps[0].Legal {
					t.Fatalf("%s: the hint %q is not one legal move: %+v", name, hint, r.Steps)
				}
				if r.Steps[0].Board != ref.Steps[0].Board {
					t.Errorf("%s: the hint %q on %q leads to %q, the first move of %q to %q", name, hint, c, r.Steps[0].Board, sol.Moves, ref.Steps[0].Board)
				}
			}
			if _, err := h.Hint(ctx, c, sol.Moves); judge.ErrorCode(err) != judge.EINVALID {
				t.Errorf("%s: Hint after the whole solution %q: err %v, want EINVALID", name, sol.Moves, err)
			}
		}
	}
}

// smallParams are small values of generation params; a param not here is
// left out, so the puzzle's default serves (a puzzle that requires it fails
// TestGenerators until it is added).
var smallParams = map[string]int{"size": 4, "colors": 3, "n": 2, "blocks": 6}

// TestGenerators draws small boards with every Generator: each one is a
// canonical case of the puzzle, and unknown params are refused.
func TestGenerators(t *testing.T) {
	for _, name := range puzzles.PuzzleNames() {
		pz, _ := puzzles.Lookup(name)
		gen, ok := pz.(judge.Generator)
		if !ok {
			continue
		}
		if by := gen.GenerateBy(); by != judge.GenerateByRange && by != judge.GenerateBySolvable {
			t.Errorf("%s: GenerateBy() = %q", name, by)
		}
		if slices.Contains(gen.GenerateParams(), "nope") {
			t.Fatalf("%s takes a param named nope", name)
		}
		if _, err := gen.Candidates(map[string]int{"nope": 1}, nil, judge.Limits{}); judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(err.Error(), "nope") {
			t.Errorf("%s: Candidates with params.nope: err %v, want EINVALID naming it", name, err)
		}
		params := map[string]int{}
		for _, p := range gen.GenerateParams() {
			if v, ok := smallParams[p]; ok {
				params[p] = v
			}
		}
		draw, err := gen.Candidates(params, nil, judge.Limits{})
		if err != nil {
			t.Fatalf("%s: Candidates(%v): %v (a param it requires has no small value in smallParams?)", name, params, err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		kept := 0
		for range 20 {
			c, ok := draw(rng)
			if !ok {
				continue
			}
			kept++
			if got, err := pz.ParseCase(c); err != nil || got != c {
				t.Errorf("%s: drew %q, which parses to %q, %v; want itself", name, c, got, err)
			}
		}
		if kept == 0 {
			t.Errorf("%s: 20 draws of Candidates(%v) kept no board", name, params)
		}
	}
}

// TestPreparers prepares every shipped board of the puzzles that have a
// Preparer (the service calls it before a solve's budget starts), and
// checks a bad board is refused with EINVALID. The 15-puzzle must have one.
func TestPreparers(t *testing.T) {
	ctx := context.Background()
	found := false
	for name, boards := range shippedBoards(t) {
		pz, _ := puzzles.Lookup(name)
		p, ok := pz.(judge.Preparer)
		if !ok {
			continue
		}
		found = true
		for _, c := range boards {
			if err := p.Prepare(ctx, c); err != nil {
				t.Fatalf("%s: Prepare(%q): %v", name, c, err)
			}
		}
		if err := p.Prepare(ctx, "not a board"); judge.ErrorCode(err) != judge.EINVALID {
			t.Errorf("%s: Prepare of a bad board = %v, want EINVALID", name, err)
		}
	}
	if !found {
		t.Fatal("no shipped puzzle has a Preparer: the 15-puzzle's tables are built inside the solve budget again")
	}
}

// TestCaseSolvers solves every shipped problem's whole judge input both
// ways, through the puzzle's CaseSolvers and through ParseCases and Solve
// (what cmd/solve did), and wants the same Solution for every case, and
// the same error for an input that does not parse.
func TestCaseSolvers(t *testing.T) {
	shipped, err := problems.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	seen := map[string]bool{}
	for _, p := range shipped {
		pz, err := puzzles.Lookup(p.Problem.Puzzle)
		if err != nil {
			t.Fatal(err)
		}
		cs, ok := pz.(judge.CaseSolvers)
		if !ok {
			t.Fatalf("%s has no CaseSolvers", pz.Name())
		}
		seen[pz.Name()] = true
		var texts []string
		for _, c := range p.Cases {
			text, err := pz.ParseCase(c.Input)
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, text)
		}
		input := pz.JudgeInput(texts)
		cases, err := pz.ParseCases(input)
		if err != nil {
			t.Fatal(err)
		}
		solvers, err := cs.CaseSolvers(input)
		if err != nil || len(solvers) != len(cases) {
			t.Fatalf("%s: %d solvers, %v; want %d cases", p.Problem.Slug, len(solvers), err, len(cases))
		}
		for i, c := range cases {
			want, werr := pz.Solve(ctx, c, nil)
			got, gerr := solvers[i](ctx)
			if !reflect.DeepEqual(got, want) || (gerr == nil) != (werr == nil) {
				t.Errorf("%s case %d: CaseSolvers %+v, %v; Solve %+v, %v", p.Problem.Slug, i+1, got, gerr, want, werr)
			}
		}
		bad := input[:len(input)/2] + "x" + input[len(input)/2:]
		_, perr := pz.ParseCases(bad)
		_, cerr := cs.CaseSolvers(bad)
		if perr == nil || cerr == nil || perr.Error() != cerr.Error() {
			t.Errorf("%s: a bad input: ParseCases %v, CaseSolvers %v", p.Problem.Slug, perr, cerr)
		}
	}
	for _, name := range puzzles.PuzzleNames() {
		if !seen[name] {
			t.Errorf("no shipped problem of %s", name)
		}
	}
}
