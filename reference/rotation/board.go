// Package rotation is the Rotation Game of HDU 1667: a board of 24 squares in
// the shape of two crossing pairs of lines, each square holding a symbol 1, 2 or
// 3. A move rotates one of the four lines of seven squares by one place; the
// board is solved when the eight squares in the middle all hold the same symbol.
//
// Squares are numbered as in the classic problem (shown here 1-based; the
// Board stores them 0-based, square k at index k-1):
//
//	          A     B
//	          1     2
//	          3     4
//	H   5  6  7  8  9 10 11   C
//	         12    13
//	G  14 15 16 17 18 19 20   D
//	         21    22
//	         23    24
//	          F     E
//
// A and F move the left column (1 3 7 12 16 21 23) up and down, B and E the
// right column (2 4 9 13 18 22 24), C and H the top row (5..11) right and left,
// D and G the bottom row (14..20). The centre is 7 8 9 12 13 16 17 18.
package rotation

// Squares is the number of squares of the board.
const Squares = 24

// Symbols is the number of distinct symbols; a square holds 1..Symbols.
const Symbols = 3

// Board is one case: the symbol (1..3) of every square, square k of the
// classic numbering at index k-1. Boards are comparable with ==.
type Board struct {
	Squares [Squares]uint8
}

// centre lists the eight middle squares (0-based).
var centre = [8]int{6, 7, 8, 11, 12, 15, 16, 17}

// centreMask has the bits of the centre squares set (bit i = square i+1).
const centreMask uint32 = 1<<6 | 1<<7 | 1<<8 | 1<<11 | 1<<12 | 1<<15 | 1<<16 | 1<<17

// lines holds, for each move A..H, the seven squares of its line (0-based) in
// the order in which the move pulls them: after the move, square lines[m][j]
// holds what square lines[m][j+1] held (the last takes what the first held).
// E, F, G and H are B, A, D and C walked backwards.
var lines = [8][7]int{
	{0, 2, 6, 11, 15, 20, 22},    // A: left column up
	{1, 3, 8, 12, 17, 21, 23},    // B: right column up
	{10, 9, 8, 7, 6, 5, 4},       // C: top row right
	{19, 18, 17, 16, 15, 14, 13}, // D: bottom row right
	{23, 21, 17, 12, 8, 3, 1},    // E: right column down
	{22, 20, 15, 11, 6, 2, 0},    // F: left column down
	{13, 14, 15, 16, 17, 18, 19}, // G: bottom row left
	{4, 5, 6, 7, 8, 9, 10},       // H: top row left
}

// source[m][i] is the square whose symbol lands on square i after move m;
// squares off the line keep their own.
var source = func() (src [8][Squares]int) {
	for m, line := range lines {
		for i := range src[m] {
			src[m][i] = i
		}
		for j, sq := range line {
			src[m][sq] = line[(j+1)%len(line)]
		}
	}
	return src
}()

// Apply returns the board after move m. It panics on a move outside A..H, which
// only a programming error can produce (ParseMoves never yields one).
func (b Board) Apply(m Move) Board {
	src := &source[m.index()]
	var out Board
	for i := range out.Squares {
		out.Squares[i] = b.Squares[src[i]]
	}
	return out
}

// Solved reports whether the eight centre squares hold the same valid symbol.
func (b Board) Solved() bool {
	s := b.Squares[centre[0]]
	if s < 1 || s > Symbols {
		return false
	}
	for _, sq := range centre[1:] {
		if b.Squares[sq] != s {
			return false
		}
	}
	return true
}

// CentreSymbol returns the symbol of the first centre square (classic square
// 7), which is the centre symbol once the board is solved.
func (b Board) CentreSymbol() int { return int(b.Squares[centre[0]]) }

// CentreBest returns how many centre squares hold the symbol most frequent
// there (8 when solved).
func (b Board) CentreBest() int {
	var n [256]int
	best := 0
	for _, sq := range centre {
		s := b.Squares[sq]
		n[s]++
		if s >= 1 && s <= Symbols && n[s] > best {
			best = n[s]
		}
	}
	return best
}

// Count returns how many squares of the board hold symbol s.
func (b Board) Count(s int) int {
	n := 0
	for _, v := range b.Squares {
		if int(v) == s {
			n++
		}
	}
	return n
}

// mask returns the set of squares holding symbol s, bit i for square i+1.
func (b Board) mask(s uint8) uint32 {
	var m uint32
	for i, v := range b.Squares {
		if v == s {
			m |= 1 << i
		}
	}
	return m
}
