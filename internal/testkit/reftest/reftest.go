// Package reftest solves one case by puzzle name for the tests of the
// server (web, cmd/judged): what they expect is computed in the test from
// the registered puzzle's solver, not read from the server's responses.
package reftest

import (
	"context"

	"puzzlejudge/judge/puzzles"
)

// Solution is the reference solution of one case.
type Solution struct {
	Answer   string // the classic expected output of the case
	Moves    string // the moves in replay syntax
	Optimal  int    // the number of moves
	Solvable bool
}

// Solve parses one case of puzzle in the classic format and solves it.
func Solve(ctx context.Context, puzzle, input string) (Solution, error) {
	pz, err := puzzles.Lookup(puzzle)
	if err != nil {
		return Solution{}, err
	}
	c, err := pz.ParseCase(input)
	if err != nil {
		return Solution{}, err
	}
	s, err := pz.Solve(ctx, c, nil)
	if err != nil {
		return Solution{}, err
	}
	return Solution{s.Answer, s.Moves, s.Optimal, s.Solvable}, nil
}
