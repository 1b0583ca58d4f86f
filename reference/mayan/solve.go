package mayan

import (
	"context"
	"strings"
)

// SolverVersion changes whenever Solve could give a different answer.
const SolverVersion = "mayan-1"

// Progress is told the number of moves searched for (the bound, which is the
// board's N for this depth-first search) and the nodes visited so far. It is
// called once at the start and then every 2^16 nodes.
type Progress func(bound int, nodes int64)

// Solution is the lexicographically smallest sequence of exactly N moves
// that empties the board, or no moves and Solvable false when none exists.
type Solution struct {
	Moves    []Move
	Solvable bool
	Nodes    int64 // search nodes visited, for progress reports and benchmarks
}

// Answer returns the classic expected output: one "x y g" line per move, or
// "-1" when the board cannot be emptied in exactly N moves.
func (s Solution) Answer() string {
	if !s.Solvable {
		return "-1\n"
	}
	return s.MovesText()
}

// MovesText returns the moves in the syntax of Replay, one "x y g" per line
// (empty when there is no solution).
func (s Solution) MovesText() string {
	var sb strings.Builder
	for _, m := range s.Moves {
		sb.WriteString(m.String())
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Len returns the number of moves.
func (s Solution) Len() int { return len(s.Moves) }

const (
	cancelCheckMask   = 1<<10 - 1 // nodes between two looks at ctx
	progressEveryMask = 1<<16 - 1 // nodes between two progress reports
	maxDeadStates     = 1 << 21   // bound on the memory of the dead-state memo
)

// Solve returns the lexicographically smallest solution of b: exactly b.N
// moves after which the board is empty, compared by x, then y, then 1 before
// -1. A board emptied before the last move is not a solution, since the next
// move has no block to drag. Swapping two blocks of the same colour is a
// legal move that changes nothing, so it may pad a shorter solution.
//
// The search is depth first in that order, so the first solution found is
// the answer. Three facts prune it without losing that property: a colour
// with one or two blocks left can never vanish; dragging a block left onto
// another equals dragging that other block right, which sorts first, so left
// moves are tried only onto empty cells; and a board proven impossible with
// k moves left is remembered and never searched again with k moves left.
// Solve returns ctx.Err() within a few milliseconds of ctx being cancelled.
func Solve(ctx context.Context, b Board, p Progress) (Solution, error) {
	s := &solver{ctx: ctx, progress: p, bound: b.N, dead: make(map[[Width]uint32]uint8)}
	if p != nil {
		p(b.N, 0)
	}
	if err := ctx.Err(); err != nil {
		return Solution{}, err
	}
	var counts [16]int8
	for x := 0; x < Width; x++ {
		for y := 0; y < b.ColumnHeight(x); y++ {
			counts[b.At(x, y)]++
		}
	}
	s.path = make([]Move, 0, b.N)
	found := s.search(b.cols, &counts, b.N)
	if s.err != nil {
		return Solution{Nodes: s.nodes}, s.err
	}
	if !found {
		return Solution{Nodes: s.nodes}, nil
	}
	return Solution{Moves: s.path, Solvable: true, Nodes: s.nodes}, nil
}

type solver struct {
	ctx      context.Context
	progress Progress
	bound    int
	nodes    int64
	err      error // set when ctx is cancelled; the search then unwinds
	path     []Move
	// dead maps a board to the set of move counts k (bit k) with which it
	// has been proven impossible to empty. The answer depends only on the
	// board and k, never on the path that led there, so the memo is exact.
	dead map[[Width]uint32]uint8
}

// search reports whether cols can be emptied in exactly k moves, leaving the
// lexicographically smallest such moves appended to s.path when it can.
func (s *solver) search(cols [Width]uint32, counts *[16]int8, k int) bool {
	if k == 0 {
		return cols == [Width]uint32{}
	}
	if cols == [Width]uint32{} || hopeless(counts) {
		return false
	}
	if s.dead[cols]&(1<<uint(k)) != 0 {
		return false
	}
	if !s.tick() {
		return false
	}
	if k == 1 {
		if m, ok := lastMove(&cols); ok {
			s.path = append(s.path, m)
			return true
		}
	} else {
		for x := 0; x < Width; x++ {
			for y := 0; y < height(cols[x]); y++ {
				if x+1 < Width && s.try(cols, counts, k, Move{x, y, 1}) {
					return true
				}
				if x > 0 && cell(cols[x-1], y) == 0 && s.try(cols, counts, k, Move{x, y, -1}) {
					return true
				}
				if s.err != nil {
					return false
				}
			}
		}
	}
	if len(s.dead) < maxDeadStates {
		s.dead[cols] |= 1 << uint(k)
	}
	return false
}

// try plays m on cols and searches on with k-1 moves.
func (s *solver) try(cols [Width]uint32, counts *[16]int8, k int, m Move) bool {
	t := m.X + m.G
	next := *counts
	// Equal blocks swap to the same board: the move only spends one.
	if cell(cols[m.X], m.Y) != cell(cols[t], m.Y) {
		drag(&cols, m.X, m.Y, t)
		if runNear(&cols, min(m.X, t), max(m.X, t)) {
			cascade(&cols, &next)
		}
	}
	s.path = append(s.path, m)
	if s.search(cols, &next, k-1) {
		return true
	}
	s.path = s.path[:len(s.path)-1]
	return false
}

// lastMove returns the first move, in the answer's order, that empties the
// board. Such a move must make something vanish at once; swapSparks and
// runNear tell that cheaply, so only those moves pay for a whole cascade.
func lastMove(cols *[Width]uint32) (Move, bool) {
	for x := 0; x < Width; x++ {
		for y := 0; y < height(cols[x]); y++ {
			v := cell(cols[x], y)
			if x+1 < Width {
				w := cell(cols[x+1], y)
				if w != v && (w == 0 || swapSparks(cols, x, y, v, w)) && wipes(*cols, x, y, x+1) {
					return Move{x, y, 1}, true
				}
			}
			if x > 0 && cell(cols[x-1], y) == 0 && wipes(*cols, x, y, x-1) {
				return Move{x, y, -1}, true
			}
		}
	}
	return Move{}, false
}

// wipes reports whether dragging the block at (x,y) to column t empties the
// board.
func wipes(c [Width]uint32, x, y, t int) bool {
	drag(&c, x, y, t)
	if !runNear(&c, min(x, t), max(x, t)) {
		return false
	}
	cascade(&c, nil)
	return c == [Width]uint32{}
}

// swapSparks reports whether swapping the different blocks v at (x,y) and w
// at (x+1,y) of a stable board makes a run. Only runs through the two cells
// can appear: w now at (x,y) can only extend left, v at (x+1,y) only right.
func swapSparks(cols *[Width]uint32, x, y, v, w int) bool {
	if x >= 2 && cell(cols[x-1], y) == w && cell(cols[x-2], y) == w {
		return true
	}
	if x+3 < Width && cell(cols[x+2], y) == v && cell(cols[x+3], y) == v {
		return true
	}
	return verticalRun(setCell(cols[x], y, w)) || verticalRun(setCell(cols[x+1], y, v))
}

// verticalRun reports whether column c holds three equal blocks in a row.
func verticalRun(c uint32) bool {
	same := zeroCells(c^c>>4) & occupied(c)
	return same&(same>>4) != 0
}

// hopeless reports whether some colour has one or two blocks: they can never
// form a run of three, so the board can never be emptied.
func hopeless(counts *[16]int8) bool {
	for _, c := range counts[1 : MaxColour+1] {
		if c == 1 || c == 2 {
			return true
		}
	}
	return false
}

// tick counts a node, reports progress and looks at ctx now and then. It
// returns false when the search must stop.
func (s *solver) tick() bool {
	s.nodes++
	if s.nodes&cancelCheckMask == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return false
		}
	}
	if s.progress != nil && s.nodes&progressEveryMask == 0 {
		s.progress(s.bound, s.nodes)
	}
	return true
}
