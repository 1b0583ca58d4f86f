// Package reftest runs a reference engine directly, by puzzle name, for the
// tests of the server: what they expect comes from the engines themselves,
// not from the judge's adapters that the tests exercise.
package reftest

import (
	"context"
	"fmt"

	"puzzlejudge/reference/floodit"
	"puzzlejudge/reference/mayan"
	"puzzlejudge/reference/rotation"
)

// Solution is an engine's solution of one case.
type Solution struct {
	Answer   string // the classic expected output of the case
	Moves    string // the moves in replay syntax
	Optimal  int    // the number of moves
	Solvable bool
}

// solution is what every engine's Solve returns.
type solution interface {
	Answer() string
	MovesText() string
	Len() int
}

func of(s solution, solvable bool) Solution {
	return Solution{s.Answer(), s.MovesText(), s.Len(), solvable}
}

// Solve parses one case of puzzle in the classic format and solves it.
func Solve(ctx context.Context, puzzle, input string) (Solution, error) {
	switch puzzle {
	case "floodit":
		b, err := floodit.ParseCase(input)
		if err != nil {
			return Solution{}, err
		}
		s, err := floodit.Solve(ctx, b, nil)
		return of(s, s.Solvable), err
	case "rotation":
		b, err := rotation.ParseCase(input)
		if err != nil {
			return Solution{}, err
		}
		s, err := rotation.Solve(ctx, b, nil)
		return of(s, s.Solvable), err
	case "mayan":
		b, err := mayan.ParseCase(input)
		if err != nil {
			return Solution{}, err
		}
		s, err := mayan.Solve(ctx, b, nil)
		return of(s, s.Solvable), err
	}
	return Solution{}, fmt.Errorf("unknown puzzle %q", puzzle)
}
