package mayan

import "math/bits"

// The run detection works on whole packed columns at once (SWAR): a column is
// seven 4-bit cells, and each test below yields a mask with bit 3 of a
// nibble set for every row where it holds.

const (
	nibbleHigh = 0x08888888 // bit 3 of each of the seven cells
	nibbleLow  = 0x77777777
)

// zeroCells returns the high bit of every nibble of v (among the seven cells)
// that is zero. Adding 7 to the low three bits of a nibble never carries into
// the next one, so the nibbles are tested independently.
func zeroCells(v uint32) uint32 {
	return ^((v&nibbleLow + nibbleLow) | v) & nibbleHigh
}

// occupied returns the high bit of every non-empty cell of column c.
func occupied(c uint32) uint32 {
	return ^zeroCells(c) & nibbleHigh
}

// runs returns, per column, the high bits of the cells that belong to a
// horizontal or vertical run of three or more equal blocks. Runs of four or
// five are covered by overlapping runs of three, and crossing runs share
// their cell, so one pass marks everything that vanishes at this moment.
func runs(cols *[Width]uint32) (mark [Width]uint32, any bool) {
	return runsIn(cols, 0, Width-1)
}

// runsIn is runs for a board on which a vertical run can only be in
// columns lo..hi. Horizontal runs are looked for everywhere: a run of four
// or five is marked by its runs of three, and those need not all touch
// lo..hi.
func runsIn(cols *[Width]uint32, lo, hi int) (mark [Width]uint32, any bool) {
	for x := 0; x+2 < Width; x++ {
		m := zeroCells(cols[x]^cols[x+1]) & zeroCells(cols[x+1]^cols[x+2]) & occupied(cols[x])
		if m != 0 {
			mark[x] |= m
			mark[x+1] |= m
			mark[x+2] |= m
			any = true
		}
	}
	for x := lo; x <= hi; x++ {
		c := cols[x]
		// same has a bit at row y when cells y and y+1 are equal and
		// occupied; two such rows in a row start a vertical run of three.
		same := zeroCells(c^c>>4) & occupied(c)
		start := same & (same >> 4)
		if start != 0 {
			mark[x] |= start | start<<4 | start<<8
			any = true
		}
	}
	return mark, any
}

// runNear reports whether a run of three passes through columns lo..hi. On
// a board that was stable before a move changed only those columns, it
// tells whether the move makes anything vanish, at a fraction of the cost
// of runs.
func runNear(cols *[Width]uint32, lo, hi int) bool {
	for x := max(lo-2, 0); x <= min(hi, Width-3); x++ {
		if zeroCells(cols[x]^cols[x+1])&zeroCells(cols[x+1]^cols[x+2])&occupied(cols[x]) != 0 {
			return true
		}
	}
	for x := lo; x <= hi; x++ {
		c := cols[x]
		same := zeroCells(c^c>>4) & occupied(c)
		if same&(same>>4) != 0 {
			return true
		}
	}
	return false
}

// clearMarked removes the marked cells of every column, letting the blocks
// above them fall, and returns how many blocks vanished. t, when not nil, is
// kept up to date. Cells are removed from the top down, so that the rows of
// the cells still to remove stay put.
func clearMarked(cols *[Width]uint32, mark *[Width]uint32, t *tally) int {
	cleared := 0
	for x, m := range mark {
		c := cols[x]
		for m != 0 {
			top := 31 - bits.LeadingZeros32(m) // bit 3 of the highest marked cell
			y := top >> 2
			if t != nil {
				v := cell(c, y)
				t.color[v]--
				t.column[x] -= lane(v)
			}
			c = removeCell(c, y)
			m &^= 1 << uint(top)
			cleared++
		}
		cols[x] = c
	}
	return cleared
}

// cascade lets every run vanish, then everything fall, again and again until
// no run is left, on a board that was stable before a move changed columns
// lo..hi. It returns the blocks that vanished and the number of rounds in
// which something vanished (2 or more is a chain reaction).
//
// A run that appears holds a block that has just changed: a moved one in
// the first round, one that fell in the others (a run of blocks that all
// stayed put would have vanished a round earlier). Blocks fall only in
// columns where something vanished, so a vertical run can only be in the
// columns changed last, and only those are searched for one.
func cascade(cols *[Width]uint32, t *tally, lo, hi int) (cleared, rounds int) {
	for {
		mark, any := runsIn(cols, lo, hi)
		if !any {
			return cleared, rounds
		}
		cleared += clearMarked(cols, &mark, t)
		rounds++
		lo, hi = Width, -1
		for x, m := range mark {
			if m != 0 {
				lo, hi = min(lo, x), max(hi, x)
			}
		}
	}
}
