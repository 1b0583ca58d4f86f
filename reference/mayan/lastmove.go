package mayan

import "math/bits"

// The last move of a solution must empty the board with one cascade. Most
// boards the search reaches with one move left cannot be emptied that way,
// and two cheap tests prove it for most of them before any cascade is run.
//
// Counting per column: in that final cascade a block can only vanish in a
// vertical run, which needs three blocks of its colour in its column, or in
// a horizontal run, which takes one block of its colour from neighbouring
// columns. Distinct horizontal runs through a column take distinct blocks
// from their neighbours (one vanishes with each run, and runs at the same
// moment lie in different rows). Every horizontal run through column 1 or 3
// covers column 2; through column 0, columns 1 and 2; through column 4,
// columns 3 and 2; through column 2, column 1 or 3. So when column z holds
// one or two blocks of colour c, which can only vanish horizontally, the
// columns every such run covers must hold at least as many blocks of c.

// columnCounts[z][c] is the number of blocks of colour c in column z.
type columnCounts [Width][16]int8

func countColumns(cols *[Width]uint32) (n columnCounts) {
	for x, c := range cols {
		for ; c != 0; c >>= 4 {
			n[x][c&0xF]++
		}
	}
	return n
}

// stranded reports whether some block of colour c cannot vanish in one
// cascade of a board with these column counts (see above).
func (n *columnCounts) stranded(c int) bool {
	few := func(z int) bool { return n[z][c] == 1 || n[z][c] == 2 }
	return few(0) && (n[1][c] < n[0][c] || n[2][c] < n[0][c]) ||
		few(1) && n[2][c] < n[1][c] ||
		few(2) && n[1][c]+n[3][c] < n[2][c] ||
		few(3) && n[2][c] < n[3][c] ||
		few(4) && (n[3][c] < n[4][c] || n[2][c] < n[4][c])
}

// strandedSet returns the colours (bit c) that are stranded.
func (n *columnCounts) strandedSet() uint16 {
	var set uint16
	for c := 1; c <= MaxColour; c++ {
		if n.stranded(c) {
			set |= 1 << c
		}
	}
	return set
}

// hopelessLast reports whether no single move can empty a board with these
// column counts and stranded colours: a move changes the column counts of
// at most two colours (the block dragged and the block it swaps with).
func hopelessLast(stranded uint16) bool {
	return bits.OnesCount16(stranded) > 2
}

// lastMove returns the first move, in the answer's order, that empties the
// board, given its column counts n and stranded colours. A move must leave
// no colour stranded and must make something vanish at once (swapSparks,
// runNear); only the moves that pass these tests pay for a whole cascade.
func lastMove(cols *[Width]uint32, n *columnCounts, stranded uint16) (Move, bool) {
	if hopelessLast(stranded) {
		return Move{}, false
	}
	for x := 0; x < Width; x++ {
		for y := 0; y < height(cols[x]); y++ {
			v := cell(cols[x], y)
			if x+1 < Width {
				w := cell(cols[x+1], y)
				if w != v && stranded&^(1<<v|1<<w) == 0 && (w == 0 || swapSparks(cols, x, y, v, w)) &&
					!n.strandsAfter(x, x+1, v, w) && wipes(*cols, x, y, x+1) {
					return Move{x, y, 1}, true
				}
			}
			if x > 0 && cell(cols[x-1], y) == 0 && stranded&^(1<<v) == 0 &&
				!n.strandsAfter(x, x-1, v, 0) && wipes(*cols, x, y, x-1) {
				return Move{x, y, -1}, true
			}
		}
	}
	return Move{}, false
}

// strandsAfter reports whether moving a block of colour v from column x to
// column t, and a block of colour w (0: none) from t to x, strands v or w.
func (n *columnCounts) strandsAfter(x, t, v, w int) bool {
	n.shift(x, t, v, w)
	bad := n.stranded(v) || w != 0 && n.stranded(w)
	n.shift(t, x, v, w)
	return bad
}

// shift moves a block of colour v from column x to column t and one of
// colour w (0: none) from t to x in the counts; shift(t, x, v, w) undoes it.
func (n *columnCounts) shift(x, t, v, w int) {
	n[x][v]--
	n[t][v]++
	n[t][w]--
	n[x][w]++
}

// strandedAfter returns the stranded colours after a move that only shifted
// colours v and w between columns x and t, from those before it.
func (n *columnCounts) strandedAfter(before uint16, x, t, v, w int) uint16 {
	n.shift(x, t, v, w)
	after := before &^ (1<<v | 1<<w)
	if n.stranded(v) {
		after |= 1 << v
	}
	if w != 0 && n.stranded(w) {
		after |= 1 << w
	}
	n.shift(t, x, v, w)
	return after
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
