// Package fifteen is the sliding-tile puzzle of UVA 10181: the 15-puzzle on
// a 4x4 board and, so that a course can start small, the 8-puzzle on 3x3.
// The board holds the tiles 1..W*W-1 and one empty cell, the blank (0). A
// move slides a tile next to the blank into it; moves are named by the
// direction in which the blank goes: L, R, U, D. The board is solved when
// the tiles read 1, 2, ... row by row and the blank is in the bottom-right
// corner (UVA's goal):
//
//	 1  2  3  4
//	 5  6  7  8
//	 9 10 11 12
//	13 14 15  0
//
// Cells are numbered row by row from 0 (top-left); tile t belongs in cell
// t-1 and the blank in the last cell.
package fifteen

import "fmt"

// MaxCells is the number of cells of the largest board (4x4).
const MaxCells = 16

// Board is one case: its width (3 or 4) and the tile of every cell, row by
// row, 0 for the blank; cells past Width*Width are 0. Boards are comparable
// with ==.
type Board struct {
	Width int
	Cells [MaxCells]uint8
}

// Goal returns the solved board of the given width (3 or 4).
func Goal(width int) Board {
	b := Board{Width: width}
	n := width * width
	for i := 0; i < n-1; i++ {
		b.Cells[i] = uint8(i + 1)
	}
	return b
}

// Len returns the number of cells, Width*Width.
func (b Board) Len() int { return b.Width * b.Width }

// Validate reports a board that is not a width 3 or 4 holding each of
// 0..Width*Width-1 exactly once; boards made by ParseCase always pass.
func (b Board) Validate() error {
	if b.Width != 3 && b.Width != 4 {
		return fmt.Errorf("fifteen: width %d, want 3 or 4", b.Width)
	}
	n := b.Len()
	var seen [MaxCells]bool
	for i, t := range b.Cells {
		switch {
		case i >= n && t != 0:
			return fmt.Errorf("fifteen: cell %d lies outside a %dx%d board but holds %d", i, b.Width, b.Width, t)
		case i >= n:
		case int(t) >= n:
			return fmt.Errorf("fifteen: cell %d holds %d, outside 0..%d", i, t, n-1)
		case seen[t]:
			return fmt.Errorf("fifteen: tile %d appears twice", t)
		default:
			seen[t] = true
		}
	}
	return nil
}

// Blank returns the cell of the blank.
func (b Board) Blank() int {
	for i := 0; i < b.Len(); i++ {
		if b.Cells[i] == 0 {
			return i
		}
	}
	return -1
}

// Solved reports whether b is the goal of its width.
func (b Board) Solved() bool { return b == Goal(b.Width) }

// Solvable reports whether moves can bring b to the goal. A move swaps the
// blank with a neighbour: it changes the parity of the permutation of the
// cells' contents and the parity of the blank's distance (in rows plus
// columns) to its goal corner both at once, so the goal, where both are
// even, is reachable only when the two parities agree; that they agree is
// also enough (Johnson and Story, 1879). b must be valid.
func (b Board) Solvable() bool {
	n := b.Len()
	// Parity of the permutation mapping each cell to the goal cell of its
	// content, counted by cycles: a cycle of length k is k-1 swaps.
	var done [MaxCells]bool
	swaps := 0
	for i := 0; i < n; i++ {
		for j := i; !done[j]; j = goalCell(b.Cells[j], n) {
			done[j] = true
			if j != i {
				swaps++
			}
		}
	}
	blank := b.Blank()
	dist := (b.Width - 1 - blank/b.Width) + (b.Width - 1 - blank%b.Width)
	return swaps%2 == dist%2
}

// goalCell returns the cell where tile t belongs on a board of n cells.
func goalCell(t uint8, n int) int {
	if t == 0 {
		return n - 1
	}
	return int(t) - 1
}

// Manhattan returns the sum over the tiles of their distances (rows plus
// columns) to their goal cells, a lower bound of the number of moves.
func (b Board) Manhattan() int {
	n, sum := b.Len(), 0
	for i := 0; i < n; i++ {
		if t := b.Cells[i]; t != 0 {
			g := goalCell(t, n)
			sum += abs(i/b.Width-g/b.Width) + abs(i%b.Width-g%b.Width)
		}
	}
	return sum
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
