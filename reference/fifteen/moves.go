package fifteen

import (
	"strconv"
	"strings"

	"puzzlejudge/reference/textin"
)

// Move is one move, the letter of the direction in which the blank goes:
// 'L', 'R', 'U' or 'D'.
type Move byte

// The four moves.
const (
	Left  Move = 'L'
	Right Move = 'R'
	Up    Move = 'U'
	Down  Move = 'D'
)

// MaxMoves bounds the moves read from one move text, so that no text can make
// Replay or ParseMoves work without end. No 4x4 board needs more than 80
// moves; a text this long is a mistake.
const MaxMoves = 10000

// String returns the letter of the move.
func (m Move) String() string { return string(rune(m)) }

// Valid reports whether m is one of L, R, U, D.
func (m Move) Valid() bool { return m == Left || m == Right || m == Up || m == Down }

// Inverse returns the move that undoes m.
func (m Move) Inverse() Move {
	switch m {
	case Left:
		return Right
	case Right:
		return Left
	case Up:
		return Down
	case Down:
		return Up
	}
	return m
}

// Check says why m cannot be played on b (the blank on the edge it would
// leave by), or returns "" when it can.
func (b Board) Check(m Move) string { return b.why(m).Text }

// why is Check with the reason's message code.
func (b Board) why(m Move) textin.Reason {
	if b.Width != 3 && b.Width != 4 {
		return invalidBoard()
	}
	blank := b.Blank()
	r, c := blank/b.Width, blank%b.Width
	switch {
	case blank < 0:
		return textin.Why("fifteen_no_blank", "the board has no blank")
	case !m.Valid():
		return textin.Why("fifteen_no_such_move_letter", "no such move %s: the moves are L, R, U and D", "Move", strconv.Quote(m.String()))
	case m == Left && c == 0:
		return textin.Why("fifteen_blank_left", "the blank is in the leftmost column: it cannot move left")
	case m == Right && c == b.Width-1:
		return textin.Why("fifteen_blank_right", "the blank is in the rightmost column: it cannot move right")
	case m == Up && r == 0:
		return textin.Why("fifteen_blank_top", "the blank is in the top row: it cannot move up")
	case m == Down && r == b.Width-1:
		return textin.Why("fifteen_blank_bottom", "the blank is in the bottom row: it cannot move down")
	}
	return textin.Reason{}
}

// invalidBoard is the reason of every move on a board that is not a valid
// 3x3 or 4x4 one.
func invalidBoard() textin.Reason {
	return textin.Why("fifteen_invalid_board", "the board is not a valid 3x3 or 4x4 board")
}

// Apply returns the board after m and the tile that slid, or ok false when
// m cannot be played on b (see Check); b must be valid.
func (b Board) Apply(m Move) (next Board, tile int, ok bool) {
	if b.Check(m) != "" {
		return b, 0, false
	}
	blank := b.Blank()
	to := blank + m.offset(b.Width)
	tile = int(b.Cells[to])
	b.Cells[blank], b.Cells[to] = b.Cells[to], 0
	return b, tile, true
}

// offset returns how the blank's cell number changes with m.
func (m Move) offset(width int) int {
	switch m {
	case Left:
		return -1
	case Right:
		return 1
	case Up:
		return -width
	case Down:
		return width
	}
	return 0
}

// MoveError describes the first bad move of a move text.
type MoveError = textin.MoveError

// ParseMoves reads a move text: the letters L, R, U, D, one per move,
// optionally separated by spaces, tabs, commas or newlines ("LLDR",
// "L L D R", "L,L,D,R"). The error, a *MoveError, names the first bad move:
// its number, its character and why. Whether the moves can be played on a
// board is for Replay to say.
func ParseMoves(text string) ([]Move, error) {
	var moves []Move
	err := scanMoves(text, func(m Move, _ int, _ string) *MoveError {
		moves = append(moves, m)
		return nil
	})
	return moves, err
}

// scanMoves calls f for each well-formed move of text in order, with its
// 1-based index and its text, and returns a *MoveError at the first
// malformed one or the first error f returns.
func scanMoves(text string, f func(m Move, index int, token string) *MoveError) error {
	return textin.ScanLetters(text, MaxMoves, badMove, func(r rune, index int, token string) *MoveError {
		return f(Move(r), index, token)
	})
}

// badMove says why r is not a move letter, or returns the zero Reason
// when it is one.
func badMove(r rune) textin.Reason {
	switch r {
	case 'L', 'R', 'U', 'D':
		return textin.Reason{}
	case 'l', 'r', 'u', 'd':
		return textin.Why("move_capital", "moves are capital letters: write %s, not %s", "Want", strconv.Quote(string(r-'a'+'A')), "Got", strconv.Quote(string(r)))
	}
	if r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' {
		return textin.Why("fifteen_no_such_move", "no such move: the moves are L, R, U and D (the direction the blank goes)")
	}
	return textin.Why("fifteen_not_a_move", "not a move: write the letters L, R, U and D, optionally separated by spaces or commas")
}

// movesText writes moves as letters without separators ("LLDR").
func movesText(moves []Move) string {
	var sb strings.Builder
	sb.Grow(len(moves))
	for _, m := range moves {
		sb.WriteByte(byte(m))
	}
	return sb.String()
}
