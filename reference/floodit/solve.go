package floodit

import (
	"context"
	"strconv"
	"strings"
)

// SolverVersion names the solver's answers; it changes when they could.
const SolverVersion = "floodit-3"

// Progress receives the current depth bound of the search and the number of
// nodes searched so far. It is called at each new bound and about every 2^16
// nodes. A nil Progress is allowed.
type Progress func(bound int, nodes int64)

// Solution is an optimal move sequence for a board.
type Solution struct {
	Moves    []Move
	Solvable bool  // always true: every Flood-it board can be flooded
	Nodes    int64 // search nodes expanded, a measure of the solve's work
}

// Answer returns the classic expected output of the case: the number of moves.
func (s Solution) Answer() string { return strconv.Itoa(len(s.Moves)) + "\n" }

// MovesText returns the moves as a move text ("1 2 1") that Replay accepts.
func (s Solution) MovesText() string {
	parts := make([]string, len(s.Moves))
	for i, m := range s.Moves {
		parts[i] = strconv.Itoa(int(m))
	}
	return strings.Join(parts, " ")
}

// Len returns the number of moves.
func (s Solution) Len() int { return len(s.Moves) }

// Solve returns an optimal move sequence for b. The search is IDA* over the
// region graph (see bound.go for the admissible lower bound and search.go for
// the rest); it is deterministic, uses bounded memory (about 1.5 MB of
// tables, and 22-24 MB once a search passes 2^15 nodes; see table.go), and
// returns ctx.Err() within milliseconds of ctx being cancelled. Classic boards (8x8, 6 colours) take microseconds to
// milliseconds, 14x14 boards with 6 colours a few milliseconds (under 0.1 s
// on every pc19 board); large boards with many colours can take far longer,
// so callers that take boards from users should pass a context with a
// deadline.
func Solve(ctx context.Context, b Board, p Progress) (Solution, error) {
	if err := ctx.Err(); err != nil {
		return Solution{}, err
	}
	l := label(b)
	moves, nodes, err := dispatch(l, ctx.Done(), p)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return Solution{}, ctxErr
		}
		return Solution{}, err
	}
	return Solution{Moves: moves, Solvable: true, Nodes: nodes}, nil
}

// dispatch runs the search with the smallest bitset that holds l's regions.
func dispatch(l labels, done <-chan struct{}, p Progress) ([]Move, int64, error) {
	switch w := (l.r + 63) / 64; {
	case w <= 3:
		return solveWith[[3]uint64](l, done, p, beamAfter)
	case w <= 4:
		return solveWith[[4]uint64](l, done, p, beamAfter)
	case w <= 8:
		return solveWith[[8]uint64](l, done, p, beamAfter)
	default:
		return solveWith[[15]uint64](l, done, p, beamAfter)
	}
}
