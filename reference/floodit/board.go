// Package floodit is the Flood-it puzzle (UVA 1505): an N x N board of
// coloured cells, a player who repeatedly recolours the area connected to the
// top-left cell, and the goal of a one-coloured board in as few moves as
// possible. The package parses and formats the classic judge text, simulates
// moves, replays move texts, and finds optimal solutions.
package floodit

import "fmt"

const (
	// MaxN is the largest board side the engine accepts.
	MaxN = 30
	// MaxColors is the number of distinct colours the engine accepts (0..15).
	MaxColors = 16
	// ClassicColors is the colour count of the classic problem: every board
	// has at least this many colours to choose from.
	ClassicColors = 6
)

// Board is one Flood-it position: N x N cells, each with a colour in
// 0..Colors()-1. The flooded area is the set of cells connected to the
// top-left cell through cells of its colour.
//
// A board's colour count is not written in the classic text, so it is derived
// from the cells: max(6, largest colour + 1). A classic board therefore always
// offers the six colours 0..5, and a board that uses colour 9 offers 0..9.
// Deriving it keeps ParseCase(Format(b)) == b for every board.
//
// Board is a comparable value: == tells whether two boards are equal.
type Board struct {
	n      int
	colors int
	cells  [MaxN * MaxN]uint8
}

// NewBoard returns the board with the given rows, which must form an N x N
// square with 1 <= N <= MaxN and colours in 0..MaxColors-1.
func NewBoard(rows [][]int) (Board, error) {
	var b Board
	n := len(rows)
	if n < 1 || n > MaxN {
		return b, fmt.Errorf("board size %d is outside 1..%d", n, MaxN)
	}
	b.n = n
	for r, row := range rows {
		if len(row) != n {
			return Board{}, fmt.Errorf("row %d: expected %d colours, found %d", r+1, n, len(row))
		}
		for c, v := range row {
			if v < 0 || v >= MaxColors {
				return Board{}, fmt.Errorf("row %d: colour %d is outside 0..%d", r+1, v, MaxColors-1)
			}
			b.cells[r*n+c] = uint8(v)
		}
	}
	b.colors = b.derivedColors()
	return b, nil
}

func (b *Board) derivedColors() int {
	k := ClassicColors
	for _, v := range b.cells[:b.n*b.n] {
		if int(v)+1 > k {
			k = int(v) + 1
		}
	}
	return k
}

// N returns the side of the board.
func (b Board) N() int { return b.n }

// Colors returns how many colours a move may choose from on this board.
func (b Board) Colors() int { return b.colors }

// At returns the colour of the cell in row r and column c (0-based).
func (b Board) At(r, c int) int { return int(b.cells[r*b.n+c]) }

// Rows returns the colours of the board, row by row.
func (b Board) Rows() [][]int {
	rows := make([][]int, b.n)
	for r := range rows {
		rows[r] = make([]int, b.n)
		for c := range rows[r] {
			rows[r][c] = b.At(r, c)
		}
	}
	return rows
}

// Color returns the colour of the flooded area (the top-left cell).
func (b Board) Color() int { return int(b.cells[0]) }

// Flooded reports whether every cell has the same colour.
func (b Board) Flooded() bool {
	first := b.cells[0]
	for _, v := range b.cells[1 : b.n*b.n] {
		if v != first {
			return false
		}
	}
	return true
}

// Region returns the number of cells in the flooded area.
func (b Board) Region() int {
	var seen [MaxN * MaxN]bool
	return len(b.area(&seen))
}

// area returns the cells of the flooded area, marking them in seen.
func (b *Board) area(seen *[MaxN * MaxN]bool) []int {
	n := b.n
	color := b.cells[0]
	stack := []int{0}
	seen[0] = true
	for i := 0; i < len(stack); i++ {
		p := stack[i]
		r, c := p/n, p%n
		for _, q := range [4]int{p - n, p + n, p - 1, p + 1} {
			switch {
			case q == p-n && r == 0, q == p+n && r == n-1, q == p-1 && c == 0, q == p+1 && c == n-1:
				continue
			}
			if !seen[q] && b.cells[q] == color {
				seen[q] = true
				stack = append(stack, q)
			}
		}
	}
	return stack
}

// Flood returns the board after the move that recolours the flooded area with
// color. Choosing the area's own colour changes nothing. Flood panics if
// color is outside 0..Colors()-1; Replay is the checked way to play moves.
func Flood(b Board, color int) Board {
	if color < 0 || color >= b.colors {
		panic(fmt.Sprintf("floodit: colour %d on a %d-colour board", color, b.colors))
	}
	var seen [MaxN * MaxN]bool
	for _, p := range b.area(&seen) {
		b.cells[p] = uint8(color)
	}
	return b
}
