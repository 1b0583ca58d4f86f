package fifteen

// Mirror returns b reflected about its main diagonal, each tile renamed to
// the tile whose goal cell is the reflection of its own goal cell. The goal
// is its own mirror image (the blank's corner lies on the diagonal), and a
// move of the blank maps to a move of the blank on the mirror image (see
// Move.Mirror), so b and Mirror(b) are both solvable or both not, with the
// same optimal length: the judge can take them for the same board. (Other
// renamings of the tiles are no symmetry of the puzzle; nor are the other
// reflections and turns of the square, which move the blank's corner.)
func Mirror(b Board) Board {
	w, n := b.Width, b.Len()
	if w != 3 && w != 4 {
		return b
	}
	out := Board{Width: w}
	for c := 0; c < n; c++ {
		t := b.Cells[c]
		if t != 0 {
			t = uint8(transpose(int(t)-1, w) + 1)
		}
		out.Cells[transpose(c, w)] = t
	}
	return out
}

// Mirror returns the move that plays m on the mirror image of the board
// (see Mirror): left becomes up, right becomes down, and back.
func (m Move) Mirror() Move {
	switch m {
	case Left:
		return Up
	case Up:
		return Left
	case Right:
		return Down
	case Down:
		return Right
	}
	return m
}
