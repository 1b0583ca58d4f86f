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
// moment lie in different rows). A run is three to five adjacent columns,
// so every horizontal run through column 0 covers columns 1 and 2; through
// column 1, column 2 and one of 0 and 3; through column 2, one of 1 and 3,
// one of 0 and 3, and one of 1 and 4; symmetrically for 3 and 4. So when
// column z holds one or two blocks of colour c, which can only vanish
// horizontally, each of these columns (or pairs of columns together) must
// hold at least as many blocks of c.

// columnCounts holds, per column, the number of blocks of each colour c in
// a 5-bit lane at bit 5c of a word, so that the conditions above are checked
// for all colours at once: a lane holds at most 7, or 14 for the sum of two
// columns, and its fifth bit is free for lane-wise comparisons.
type columnCounts [Width]uint64

const (
	laneOnes = 0b00001_00001_00001_00001_00001_00001_00001_00001_00001_00001_00001 // 1 in each of the lanes 0..10
	laneHigh = laneOnes << 4
)

// lane returns the 1 of colour c's lane.
func lane(c int) uint64 { return 1 << (5 * uint(c)) }

// countColumns returns the column counts of a board.
func countColumns(cols *[Width]uint32) (n columnCounts) {
	for x, c := range cols {
		for ; c != 0; c >>= 4 {
			n[x] += lane(int(c & 0xF))
		}
	}
	return n
}

// atLeast returns the high bit of every lane where a >= b.
func atLeast(a, b uint64) uint64 { return ((a | laneHigh) - b) & laneHigh }

// below returns the high bit of every lane where a < b.
func below(a, b uint64) uint64 { return ^atLeast(a, b) & laneHigh }

// few returns the high bit of every lane holding 1 or 2.
func few(a uint64) uint64 { return atLeast(a, laneOnes) &^ atLeast(a, 3*laneOnes) }

// strandedSet returns the high bit of the lane of every stranded colour:
// one whose blocks cannot all vanish in one cascade (see above).
func (n *columnCounts) strandedSet() uint64 {
	return few(n[0])&(below(n[1], n[0])|below(n[2], n[0])) |
		few(n[1])&(below(n[2], n[1])|below(n[0]+n[3], n[1])) |
		few(n[2])&(below(n[1]+n[3], n[2])|below(n[0]+n[3], n[2])|below(n[1]+n[4], n[2])) |
		few(n[3])&(below(n[2], n[3])|below(n[1]+n[4], n[3])) |
		few(n[4])&(below(n[3], n[4])|below(n[2], n[4]))
}

// hopelessLast reports whether no single move can empty a board with these
// stranded colours: a move changes the column counts of at most two colours
// (the block dragged and the block it swaps with).
func hopelessLast(stranded uint64) bool {
	return bits.OnesCount64(stranded) > 2
}

// shift moves a block of colour v from column x to column t and one of
// colour w (0: none) from t to x in the counts; shift(t, x, v, w) undoes it.
func (n *columnCounts) shift(x, t, v, w int) {
	d := lane(v)
	if w != 0 {
		d -= lane(w)
	}
	n[x] -= d
	n[t] += d
}

// strandedAfter returns the stranded colours after shift(x, t, v, w).
func (n *columnCounts) strandedAfter(x, t, v, w int) uint64 {
	n.shift(x, t, v, w)
	after := n.strandedSet()
	n.shift(t, x, v, w)
	return after
}

// lastMove returns the first move, in the answer's order, that empties the
// board, given its column counts n and stranded colours. A move must leave
// no colour stranded and must make something vanish at once; the rows where
// that is possible are found for a whole pair of columns at once
// (candidates), and only the moves that pass pay for a whole cascade.
func lastMove(cols *[Width]uint32, n *columnCounts, stranded uint64) (Move, bool) {
	if hopelessLast(stranded) {
		return Move{}, false
	}
	sa, sb := strandedColors(stranded)
	var fa, fb pairFixes
	if sa != 0 {
		fa = n.fixes(sa)
	}
	if sb != 0 {
		fb = n.fixes(sb)
	}
	for x := 0; x < Width; x++ {
		right, left := candidates(cols, x, sa, sb)
		if sa != 0 {
			right &= fa.rightMoves(cols, x, sa)
			left &= fa.leftMoves(cols, x, sa)
		}
		if sb != 0 {
			right &= fb.rightMoves(cols, x, sb)
			left &= fb.leftMoves(cols, x, sb)
		}
		// Row by row, the right move sorts before the left one.
		for m := right | left; m != 0; m &= m - 1 {
			bit := m & -m
			y := bits.TrailingZeros32(m) >> 2
			v := cell(cols[x], y)
			if right&bit != 0 && wipes(*cols, n, x, y, x+1, v, cell(cols[x+1], y)) {
				return Move{x, y, 1}, true
			}
			if left&bit != 0 && wipes(*cols, n, x, y, x-1, v, 0) {
				return Move{x, y, -1}, true
			}
		}
	}
	return Move{}, false
}

// strandedColors returns the (at most two) colours of a stranded set,
// 0 for none.
func strandedColors(stranded uint64) (a, b int) {
	if stranded != 0 {
		a = bits.TrailingZeros64(stranded) / 5
		stranded &= stranded - 1
	}
	if stranded != 0 {
		b = bits.TrailingZeros64(stranded) / 5
	}
	return a, b
}

// wipes reports whether dragging the block v at (x,y) to column t, where
// the block w is (0: an empty cell), empties the board. The cheaper tests
// go first: a candidate swap is known to make a run, a drop is not.
func wipes(c [Width]uint32, n *columnCounts, x, y, t, v, w int) bool {
	if w != 0 && n.strandedAfter(x, t, v, w) != 0 {
		return false
	}
	drag(&c, x, y, t)
	if w == 0 && (!runNear(&c, min(x, t), max(x, t)) || n.strandedAfter(x, t, v, 0) != 0) {
		return false
	}
	cascade(&c, nil, min(x, t), max(x, t))
	return empty(&c)
}

// pairFixes tells, for a stranded colour c and each pair of columns x and
// x+1, whether moving one block of c from x to x+1 (right) or from x+1 to x
// (left) leaves c unstranded. The last move makes the only transfer left, so
// it must be one of those for every stranded colour.
type pairFixes struct {
	right, left [Width - 1]bool
}

// fixes returns the pairFixes of colour c, from the need table: need 0 is
// unstranded (TestTransferNeedMatchesBFS checks that they agree).
func (n *columnCounts) fixes(c int) (f pairFixes) {
	transferOnce.Do(buildTransferNeed)
	s := 5 * uint(c)
	var code uint32
	var cnt [Width]uint64
	for z := range cnt {
		cnt[z] = n[z] >> s & 7
		code |= uint32(cnt[z]) << (3 * uint(z))
	}
	for x := 0; x+1 < Width; x++ {
		// A column already holding 7 of c has no room and no other block.
		lo, hi := uint32(1)<<(3*uint(x)), uint32(1)<<(3*uint(x+1))
		f.right[x] = cnt[x] > 0 && cnt[x+1] < 7 && transferNeed[code-lo+hi] == 0
		f.left[x] = cnt[x+1] > 0 && cnt[x] < 7 && transferNeed[code-hi+lo] == 0
	}
	return f
}

// rightMoves returns the rows of column x whose right move makes one of the
// transfers of c that f allows: dragging c right, or swapping c in column
// x+1 left.
func (f *pairFixes) rightMoves(cols *[Width]uint32, x, c int) (rows uint32) {
	if x+1 >= Width {
		return 0
	}
	if f.right[x] {
		rows |= rowsOf(cols[x], c)
	}
	if f.left[x] {
		rows |= rowsOf(cols[x+1], c)
	}
	return rows
}

// leftMoves returns the rows of column x whose left move (a drop) drags c
// left as f allows.
func (f *pairFixes) leftMoves(cols *[Width]uint32, x, c int) uint32 {
	if x == 0 || !f.left[x-1] {
		return 0
	}
	return rowsOf(cols[x], c)
}
