package mayan

// The tests below look at the seven rows of a pair of columns at once, in
// the packed form of board.go: each returns a mask with bit 3 of the nibble
// of every row where it holds (as zeroCells does).

// candidates returns the rows of column x whose right move (right) and left
// move (left) could be the last move of a solution, given the stranded
// colours sa and sb (0: none): the move must bring those colours' counts
// right, so it must drag or swap a block of each, and a swap must make a
// run at once. Drops are left to wipes, which tells cheaply enough whether
// they make a run.
func candidates(cols *[Width]uint32, x, sa, sb int) (right, left uint32) {
	a := cols[x]
	occA := occupied(a)
	if x+1 < Width {
		b := cols[x+1]
		occB := occupied(b)
		swaps := occA & occB &^ zeroCells(a^b) & swapSparkRows(cols, x)
		drops := occA &^ occB
		switch {
		case sb != 0: // a swap of the two stranded colours; a drop moves one colour only
			right = swaps & (rowsOf(a, sa)&rowsOf(b, sb) | rowsOf(a, sb)&rowsOf(b, sa))
		case sa != 0:
			right = swaps&(rowsOf(a, sa)|rowsOf(b, sa)) | drops&rowsOf(a, sa)
		default:
			right = swaps | drops
		}
	}
	if x > 0 && sb == 0 {
		left = occA &^ occupied(cols[x-1])
		if sa != 0 {
			left &= rowsOf(a, sa)
		}
	}
	return right, left
}

// rowsOf returns the rows of column c that hold colour v.
func rowsOf(c uint32, v int) uint32 {
	return zeroCells(c^uint32(v)*0x1111111) & occupied(c)
}

// swapSparkRows returns the rows y where swapping (x,y) with (x+1,y) would
// make a run on a stable board, for rows where both cells hold different
// blocks (the caller masks the others). Only runs through the two cells can
// appear. Column x then holds b = cols[x+1]'s block at row y among a's
// other blocks, so a vertical run there is b[y] equal to a[y-2] and a[y-1],
// a[y-1] and a[y+1], or a[y+1] and a[y+2]; likewise for column x+1 with
// a[y]. Horizontally, b[y] at (x,y) can only extend left (its right
// neighbour is now a[y], a different colour) and a[y] only right.
func swapSparkRows(cols *[Width]uint32, x int) uint32 {
	a, b := cols[x], cols[x+1]
	sparks := verticalWith(a, b) | verticalWith(b, a)
	if x >= 2 {
		sparks |= zeroCells(cols[x-1]^b) & zeroCells(cols[x-2]^b)
	}
	if x+3 < Width {
		sparks |= zeroCells(cols[x+2]^a) & zeroCells(cols[x+3]^a)
	}
	return sparks
}

// verticalWith returns the rows y where putting in[y] into column c at row y
// makes a vertical run with c's other blocks.
func verticalWith(c, in uint32) uint32 {
	down1 := zeroCells(in ^ c<<4) // c[y-1] == in[y]
	down2 := zeroCells(in ^ c<<8)
	up1 := zeroCells(in ^ c>>4)
	up2 := zeroCells(in ^ c>>8)
	return down1&down2 | down1&up1 | up1&up2
}
