// Package mayan is the Mayan puzzle of NOIP 2011: blocks of up to ten colours
// stacked in a board of five columns and seven rows must all vanish in exactly
// n moves. It parses and formats the classic text, replays move texts with a
// reason for the first bad move, and finds the lexicographically smallest
// solution.
package mayan

import "math/bits"

// The board's geometry and the limits of the classic problem (n is accepted
// up to MaxMoves, beyond the classic 5).
const (
	Width    = 5  // columns, x = 0..4 from left to right
	Height   = 7  // rows, y = 0..6 from bottom to top
	MaxColor = 10 // colours are 1..MaxColor
	MaxMoves = 7  // largest number of moves a board may require
)

// Board is one instance: the number of moves N that must clear it and the
// blocks. Blocks never float: each column is a stack from row 0 up. A Board
// is a value and is comparable with ==.
type Board struct {
	N int
	// cols holds one column per element, four bits per cell, row 0 in the
	// lowest bits; 0 is an empty cell. Seven cells use 28 bits, so the top
	// nibble is always zero. Packing makes copying, comparing and the run
	// detection of cascade.go a handful of word operations.
	cols [Width]uint32
}

// At returns the colour of the block at column x, row y, or 0 when the cell
// is empty or outside the board.
func (b Board) At(x, y int) int {
	if x < 0 || x >= Width || y < 0 || y >= Height {
		return 0
	}
	return cell(b.cols[x], y)
}

// ColumnHeight returns the number of blocks in column x (0 outside the board).
func (b Board) ColumnHeight(x int) int {
	if x < 0 || x >= Width {
		return 0
	}
	return height(b.cols[x])
}

// Column returns the colours of column x from the bottom up.
func (b Board) Column(x int) []int {
	var out []int
	for y := 0; y < b.ColumnHeight(x); y++ {
		out = append(out, b.At(x, y))
	}
	return out
}

// Blocks returns the number of blocks on the board.
func (b Board) Blocks() int {
	n := 0
	for _, c := range b.cols {
		n += height(c)
	}
	return n
}

// Empty reports whether no block is left: the goal of the puzzle.
func (b Board) Empty() bool {
	return empty(&b.cols)
}

// empty reports whether no column holds a block. Comparing the words one by
// one is several times faster than comparing the arrays, which the compiler
// turns into a call for 20 bytes; the search does it at every node.
func empty(c *[Width]uint32) bool {
	return c[0]|c[1]|c[2]|c[3]|c[4] == 0
}

// same reports whether a and b hold the same blocks (see empty).
func same(a, b *[Width]uint32) bool {
	return (a[0]^b[0])|(a[1]^b[1])|(a[2]^b[2])|(a[3]^b[3])|(a[4]^b[4]) == 0
}

// cell returns the colour at row y of a packed column.
func cell(c uint32, y int) int {
	return int(c>>(4*uint(y))) & 0xF
}

// height returns the number of blocks of a packed column: columns are
// stacks, so it is the number of the highest non-empty nibble.
func height(c uint32) int {
	return (bits.Len32(c) + 3) / 4
}

// setCell returns the column with row y set to colour v.
func setCell(c uint32, y, v int) uint32 {
	s := 4 * uint(y)
	return c&^(0xF<<s) | uint32(v)<<s
}

// removeCell returns the column without row y: the blocks above it fall by one.
func removeCell(c uint32, y int) uint32 {
	s := 4 * uint(y)
	low := c & (1<<s - 1)
	return low | (c>>(s+4))<<s
}

// push returns the column with a block of colour v put on top.
func push(c uint32, v int) uint32 {
	return c | uint32(v)<<(4*uint(height(c)))
}
