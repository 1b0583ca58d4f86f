package floodit

// A hidden board's optimum can leak through a board that holds it: padded
// with a row and a column of a colour it lacks, a hidden board's optimum is
// the padded board's minus one, and the region graph (GraphKey) of the
// padded board is not the hidden one's. Embeds finds such boards from the
// cells: both boards are reduced to their Core (a repeated row or column
// changes no region and no neighbour, so copying rows and columns, which
// scales or pads a board, is undone), and the student's core is searched
// for the hidden core as a block of adjacent rows and columns, in any of
// the square's eight symmetries, with its colours relabelled one to one.
// Whatever surrounds the block (new colours, old ones, more copies) and
// wherever it sits, the board is caught: it shows the hidden board whole.

// Grid is a board's cells as rows of colours, not necessarily square (a
// Core may have fewer rows than columns).
type Grid [][]uint8

// Core returns the cells of b with every row equal to the one above it and
// every column equal to the one left of it removed. Removing columns makes
// no two different rows equal (they differed in a column whose copy stays),
// so one pass of each is the fixed point.
func Core(b Board) Grid {
	var rows Grid
	for r := range b.n {
		row := make([]uint8, b.n)
		copy(row, b.cells[r*b.n:(r+1)*b.n])
		if len(rows) > 0 && string(rows[len(rows)-1]) == string(row) {
			continue
		}
		rows = append(rows, row)
	}
	keep := []int{0}
	for c := 1; c < b.n; c++ {
		for _, row := range rows {
			if row[c] != row[c-1] {
				keep = append(keep, c)
				break
			}
		}
	}
	out := make(Grid, len(rows))
	for i, row := range rows {
		out[i] = make([]uint8, len(keep))
		for j, c := range keep {
			out[i][j] = row[c]
		}
	}
	return out
}

// Embeds reports whether the grid hidden (a Core) appears in the board b's
// Core as a block of adjacent rows and columns, in one of the eight
// symmetries of the square, its colours relabelled one to one.
func Embeds(b Board, hidden Grid) bool {
	if len(hidden) == 0 {
		return false
	}
	g := Core(b)
	for _, h := range symmetries(hidden) {
		hr, hc := len(h), len(h[0])
		for r := 0; r+hr <= len(g); r++ {
			for c := 0; c+hc <= len(g[0]); c++ {
				if blockMatches(g, r, c, h) {
					return true
				}
			}
		}
	}
	return false
}

// blockMatches reports whether the block of g at (r, c) is h with its
// colours relabelled one to one.
func blockMatches(g Grid, r, c int, h Grid) bool {
	var to, from [256]int16 // colour + 1; 0: not yet paired
	for i, row := range h {
		for j, hv := range row {
			gv := g[r+i][c+j]
			switch {
			case to[hv] == 0 && from[gv] == 0:
				to[hv], from[gv] = int16(gv)+1, int16(hv)+1
			case to[hv] != int16(gv)+1 || from[gv] != int16(hv)+1:
				return false
			}
		}
	}
	return true
}

// symmetries returns h under the eight symmetries of the square:
// transposed or not, then each of the four rotations.
func symmetries(h Grid) []Grid {
	out := make([]Grid, 0, 8)
	for _, g := range []Grid{h, transpose(h)} {
		for range 4 {
			out = append(out, g)
			g = rotate(g)
		}
	}
	return out
}

func transpose(h Grid) Grid {
	out := make(Grid, len(h[0]))
	for j := range out {
		out[j] = make([]uint8, len(h))
		for i := range h {
			out[j][i] = h[i][j]
		}
	}
	return out
}

// rotate turns h a quarter clockwise.
func rotate(h Grid) Grid {
	rows, cols := len(h), len(h[0])
	out := make(Grid, cols)
	for j := range out {
		out[j] = make([]uint8, rows)
		for i := range rows {
			out[j][i] = h[rows-1-i][j]
		}
	}
	return out
}

// Regions returns the number of regions of g (cells joined to a neighbour
// of their colour).
func (g Grid) Regions() int {
	if len(g) == 0 {
		return 0
	}
	rows, cols := len(g), len(g[0])
	seen := make([]bool, rows*cols)
	n := 0
	stack := make([]int, 0, rows*cols)
	for start := range seen {
		if seen[start] {
			continue
		}
		n++
		seen[start] = true
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			r, c := p/cols, p%cols
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				nr, nc := r+d[0], c+d[1]
				if nr < 0 || nr >= rows || nc < 0 || nc >= cols {
					continue
				}
				q := nr*cols + nc
				if !seen[q] && g[nr][nc] == g[r][c] {
					seen[q] = true
					stack = append(stack, q)
				}
			}
		}
	}
	return n
}
