package rotation

import (
	"context"
	"fmt"
	"math/bits"
	"strconv"
)

// SolverVersion names the solver's answers; it changes when they could.
const SolverVersion = "rotation-1"

// Unsolvable is the Answer of a board on which no symbol is on eight or more
// squares, so that no sequence of moves can fill the centre. The classic
// judge never gives such a board; this text is ours.
const Unsolvable = "No solution: no symbol appears on 8 squares\n"

// Progress, when not nil, is told the depth bound (the optimal number of moves
// once known) and the number of nodes (positions looked at) of a solve.
type Progress func(bound int, nodes int64)

// Solution is the answer to one board.
type Solution struct {
	// Moves is the lexicographically smallest among the shortest move
	// sequences that solve the board (empty when it is already solved).
	Moves []Move
	// Solvable is false when no symbol is on eight or more squares.
	Solvable bool
	// Symbol is the centre symbol after Moves (0 when not Solvable).
	Symbol int
}

// Answer returns the classic expected output of the case: the move string
// (or "No moves needed") and then the centre symbol, each on its own line;
// or Unsolvable.
func (s Solution) Answer() string {
	switch {
	case !s.Solvable:
		return Unsolvable
	case len(s.Moves) == 0:
		return "No moves needed\n" + strconv.Itoa(s.Symbol) + "\n"
	default:
		return movesText(s.Moves) + "\n" + strconv.Itoa(s.Symbol) + "\n"
	}
}

// MovesText returns the moves as letters ("DDHH"), the replay syntax.
func (s Solution) MovesText() string { return movesText(s.Moves) }

// Len returns the number of moves.
func (s Solution) Len() int { return len(s.Moves) }

// Validate reports a square that holds no symbol 1..3; boards made by
// ParseCase always pass.
func (b Board) Validate() error {
	for i, s := range b.Squares {
		if s < 1 || s > Symbols {
			return fmt.Errorf("rotation: square %d holds %d, not a symbol 1..%d", i+1, s, Symbols)
		}
	}
	return nil
}

// Solve returns the lexicographically smallest among the shortest move
// sequences that fill the centre of b with one symbol.
//
// A move sequence solves b when it fills the centre with some symbol s, and
// whether it fills it with s depends only on the squares holding s. So the
// number of moves b needs is dist(b) = min over the symbols s on eight or more
// squares of dist_s(b), each read from the table (see table.go). One move
// changes dist by at most one (it changes each dist_s by at most one). Hence a
// sequence of dist(b) moves solves b exactly when every move lowers dist by
// one, and the smallest such sequence in lexicographic order is found letter by
// letter: its first letter is the first of A..H whose successor has dist(b)-1
// (a shortest completion exists from it, and every smaller letter has none of
// that length), and the rest is, by the same argument, the smallest shortest
// sequence of that successor. Because dist is the minimum over symbols, this
// walk compares the strings of all symbols at once, and its final centre
// symbol is the one the chosen string yields.
//
// Solve is deterministic. The first call of a process waits for the table
// (tens of milliseconds); every later one takes microseconds. It returns
// ctx.Err() when ctx is cancelled.
func Solve(ctx context.Context, b Board, p Progress) (Solution, error) {
	if err := b.Validate(); err != nil {
		return Solution{}, err
	}
	if err := ctx.Err(); err != nil {
		return Solution{}, err
	}
	dist, err := distances(ctx)
	if err != nil {
		return Solution{}, err
	}
	w := walker{ctx: ctx, dist: dist}
	for s := uint8(1); s <= Symbols; s++ {
		if m := b.mask(s); bits.OnesCount32(m) >= 8 {
			w.masks = append(w.masks, m)
		}
	}
	if len(w.masks) == 0 {
		return Solution{Solvable: false}, nil
	}
	d, err := w.distance(w.masks)
	if err != nil {
		return Solution{}, err
	}
	if p != nil {
		p(d, w.nodes)
	}
	moves := make([]Move, 0, d)
	cur := w.masks
	next := make([]uint32, len(cur))
	for ; d > 0; d-- {
		found := false
		for m := 0; m < 8 && !found; m++ {
			for i, mask := range cur {
				next[i] = moveMask(m, mask)
			}
			nd, err := w.distance(next)
			if err != nil {
				return Solution{}, err
			}
			if nd == d-1 {
				moves = append(moves, Move('A'+m))
				cur, next = next, cur
				found = true
			}
		}
		if !found { // impossible by the argument above; an error rather than a panic all the same
			return Solution{}, fmt.Errorf("rotation: no move lowers the distance %d (distance table damaged)", d)
		}
	}
	final := b
	for _, m := range moves {
		final = final.Apply(m)
	}
	return Solution{Moves: moves, Solvable: true, Symbol: final.CentreSymbol()}, nil
}

// walker evaluates dist for the masks of the symbols that can fill the centre.
type walker struct {
	ctx   context.Context
	dist  []uint8
	masks []uint32
	nodes int64
}

// distance returns the least number of moves that fill the centre with one of
// the symbols whose squares are masks.
func (w *walker) distance(masks []uint32) (int, error) {
	best := int(unreached)
	for _, m := range masks {
		var d int
		if bits.OnesCount32(m) == 8 {
			w.nodes++
			d = int(w.dist[rank(m)])
		} else {
			if err := w.ctx.Err(); err != nil {
				return 0, err
			}
			d = w.wideDistance(m, best)
		}
		best = min(best, d)
	}
	return best, nil
}

// wideDistance returns the distance of a symbol on more than eight squares
// (never in the classic input), or a value >= limit when it is not below
// limit. Such a symbol fills the centre exactly when the eight of its squares
// that end up there do, so its distance is the least over its 8-square
// subsets. The enumeration stops early at the lower bound: a move brings at
// most one square into the centre, so at least 8 minus the marks already there
// are needed.
func (w *walker) wideDistance(mask uint32, limit int) int {
	if mask&centreMask == centreMask {
		return 0
	}
	lower := 8 - bits.OnesCount32(mask&centreMask)
	if lower >= limit {
		return limit
	}
	var pos [Squares]int
	n := 0
	for m := mask; m != 0; m &= m - 1 {
		pos[n] = bits.TrailingZeros32(m)
		n++
	}
	best := limit
	var choose func(i, start int, r uint32) bool
	choose = func(i, start int, r uint32) bool {
		for j := start; j <= n-(8-i); j++ {
			r2 := r + binom[pos[j]][i+1]
			if i == 7 {
				w.nodes++
				if d := int(w.dist[r2]); d < best {
					best = d
					if best <= lower {
						return true
					}
				}
				continue
			}
			if choose(i+1, j+1, r2) {
				return true
			}
		}
		return false
	}
	choose(0, 0, 0)
	return best
}
