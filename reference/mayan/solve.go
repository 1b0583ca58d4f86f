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
)

// Solve returns the lexicographically smallest solution of b: exactly b.N
// moves after which the board is empty, compared by x, then y, then 1 before
// -1. A board emptied before the last move is not a solution, since the next
// move has no block to drag. Swapping two blocks of the same colour is not a
// move (Board.Check): were it one, it would pad shorter solutions with moves
// that change nothing, and on many small boards the smallest solution would
// then differ from the one every classic solution prints.
//
// The search is depth first in that order, so the first solution found is
// the answer. These facts prune it without losing that property: a colour
// with one or two blocks left can never vanish; dragging a block left onto
// another equals dragging that other block right, which sorts first, so left
// moves are tried only onto empty cells; a board proven impossible with k
// moves left is remembered and never searched again with k moves left;
// counting the blocks of each colour per column proves most boards with one
// or two moves left impossible before any move is tried (lastmove.go); and
// k moves carry at most 2k blocks one column each, fewer than some boards'
// colours need before their blocks can vanish (transfer.go).
// Solve returns ctx.Err() within a few milliseconds of ctx being cancelled.
func Solve(ctx context.Context, b Board, p Progress) (Solution, error) {
	s := &solver{ctx: ctx, progress: p, bound: b.N, dead: newDeadTable()}
	if p != nil {
		p(b.N, 0)
	}
	if err := ctx.Err(); err != nil {
		return Solution{}, err
	}
	t := tally{column: countColumns(&b.cols)}
	for x := 0; x < Width; x++ {
		for y := 0; y < b.ColumnHeight(x); y++ {
			t.color[b.At(x, y)]++
		}
	}
	s.path = make([]Move, 0, b.N)
	found := s.search(b.cols, &t, b.N)
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
	dead *deadTable
}

// tally is what the search keeps of a board's blocks, updated by each move
// and cascade instead of counted again at every node: the blocks of each
// colour, in all and per column (lastmove.go).
type tally struct {
	color  [16]int8
	column columnCounts
}

// search reports whether cols can be emptied in exactly k moves, leaving the
// lexicographically smallest such moves appended to s.path when it can.
func (s *solver) search(cols [Width]uint32, t *tally, k int) bool {
	if k == 0 {
		return empty(&cols)
	}
	if empty(&cols) || hopeless(&t.color) {
		return false
	}
	if k == 1 {
		return s.last(&cols, &t.column, t.column.strandedSet())
	}
	if s.dead.get(&cols)&(1<<uint(k)) != 0 || !s.tick() {
		return false
	}
	// Moves must carry the stranded colours' blocks to columns where
	// they can vanish (transfer.go); two moves or more may not suffice.
	first, ok := t.column.firstMoves(t.column.strandedSet(), k)
	if !ok {
		s.dead.add(&cols, k)
		return false
	}
	for x := 0; x < Width; x++ {
		for y := 0; y < height(cols[x]); y++ {
			v := cell(cols[x], y)
			// Dropping this block leaves the same board as dropping the
			// equal one below it onto the same column, which sorts first.
			twin := y > 0 && cell(cols[x], y-1) == v
			if x+1 < Width && !(twin && cell(cols[x+1], y-1) == 0) &&
				first.allows(v, cell(cols[x+1], y)) && s.try(cols, t, k, Move{x, y, 1}) {
				return true
			}
			if x > 0 && cell(cols[x-1], y) == 0 && !(twin && cell(cols[x-1], y-1) == 0) &&
				first.allows(v, 0) && s.try(cols, t, k, Move{x, y, -1}) {
				return true
			}
			if s.err != nil {
				return false
			}
		}
	}
	s.dead.add(&cols, k)
	return false
}

// try plays m on cols and searches on with k-1 moves.
func (s *solver) try(cols [Width]uint32, tl *tally, k int, m Move) bool {
	t := m.X + m.G
	v, w := cell(cols[m.X], m.Y), cell(cols[t], m.Y)
	if v == w {
		return false // not a move (see Solve)
	}
	next := *tl
	drag(&cols, m.X, m.Y, t)
	next.column.shift(m.X, t, v, w)
	if runNear(&cols, min(m.X, t), max(m.X, t)) {
		cascade(&cols, &next, min(m.X, t), max(m.X, t))
	} else if k == 2 {
		// Nothing vanished: the colours and the empty board's test are
		// those of the parent, so the last level starts at once.
		stranded := next.column.strandedSet()
		if hopelessLast(stranded) {
			return false
		}
		s.path = append(s.path, m)
		if s.last(&cols, &next.column, stranded) {
			return true
		}
		s.path = s.path[:len(s.path)-1]
		return false
	}
	s.path = append(s.path, m)
	if s.search(cols, &next, k-1) {
		return true
	}
	s.path = s.path[:len(s.path)-1]
	return false
}

// last looks for the last move of a solution (see lastMove). Boards
// without one are remembered: the same board is often reached again by
// moves in another order.
func (s *solver) last(cols *[Width]uint32, n *columnCounts, stranded uint64) bool {
	if hopelessLast(stranded) || n.tooFar(stranded, 1) || s.dead.get(cols)&(1<<1) != 0 || !s.tick() {
		return false
	}
	m, ok := lastMove(cols, n, stranded)
	if !ok {
		s.dead.add(cols, 1)
		return false
	}
	s.path = append(s.path, m)
	return true
}

// hopeless reports whether some colour has one or two blocks: they can never
// form a run of three, so the board can never be emptied.
func hopeless(counts *[16]int8) bool {
	for _, c := range counts[1 : MaxColor+1] {
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
