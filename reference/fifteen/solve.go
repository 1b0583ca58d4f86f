package fifteen

import (
	"context"
	"fmt"
)

// SolverVersion names the solver's answers; it changes when they could.
const SolverVersion = "fifteen-1"

// NotSolvable is the classic answer of a board that no moves can solve.
const NotSolvable = "This puzzle is not solvable.\n"

// Progress, when not nil, is told the depth bound (the optimal number of
// moves once known) and the number of nodes (positions looked at) of a
// solve: at the start of each iteration, every million nodes, and once at
// the end.
type Progress func(bound int, nodes int64)

// Solution is the answer to one board.
type Solution struct {
	// Moves is the lexicographically smallest, in the order D < L < R < U of
	// the letters, among the shortest move sequences that solve the board
	// (empty when it is already solved).
	Moves []Move
	// Solvable is false when the parity rules a solution out (see
	// Board.Solvable); Moves is empty then.
	Solvable bool
	// Nodes is the number of positions the search looked at.
	Nodes int64
}

// Answer returns the classic expected output of the case: the move letters
// without separators on one line, or NotSolvable. (UVA 10181 also calls a
// board not solvable when it needs more than 50 moves; that is a rule of
// the classic checker, which compares Len with it, not of the engine.)
func (s Solution) Answer() string {
	if !s.Solvable {
		return NotSolvable
	}
	return movesText(s.Moves) + "\n"
}

// MovesText returns the moves as letters ("LLDR"), the replay syntax.
func (s Solution) MovesText() string { return movesText(s.Moves) }

// Len returns the number of moves.
func (s Solution) Len() int { return len(s.Moves) }

func errWidth(width int) error {
	return fmt.Errorf("fifteen: width %d, want 3 or 4", width)
}

// Solve returns an optimal solution of b: IDA* (Korf 1985) bounded by the
// pattern databases (pdb.go), which the first Solve of a width waits for.
// The moves are tried in the order D, L, R, U and a move never undoes the
// one before it (that can never be part of a shortest solution), so the
// first solution of the last iteration is the smallest in that order among
// the shortest: the answer does not depend on timing, table or machine.
// It returns ctx.Err() when ctx is cancelled, within about a millisecond.
func Solve(ctx context.Context, b Board, p Progress) (Solution, error) {
	if err := b.Validate(); err != nil {
		return Solution{}, err
	}
	if err := ctx.Err(); err != nil {
		return Solution{}, err
	}
	if !b.Solvable() {
		return Solution{Solvable: false}, nil
	}
	if b.Solved() {
		if p != nil {
			p(0, 0)
		}
		return Solution{Solvable: true, Moves: []Move{}}, nil
	}
	h, err := heuristics[b.Width].get(ctx)
	if err != nil {
		return Solution{}, err
	}
	return solveWith(ctx, h, b, p)
}

// solveWith is Solve on a valid, solvable, unsolved board with the given
// databases (the benchmarks build their own, to time them).
func solveWith(ctx context.Context, h *heuristic, b Board, p Progress) (Solution, error) {
	s := newSearch(ctx, h, b, p)
	moves, err := s.run()
	if err != nil {
		return Solution{}, err
	}
	if p != nil {
		p(len(moves), s.nodes)
	}
	return Solution{Moves: moves, Solvable: true, Nodes: s.nodes}, nil
}
