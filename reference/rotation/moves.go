package rotation

import (
	"strconv"
	"strings"

	"puzzlejudge/reference/textin"
)

// Move is one move, the byte 'A'..'H'.
type Move byte

// MaxMoves bounds the moves read from one move text, so that no text can make
// Replay or ParseMoves work without end. No board needs more than a few
// dozen moves; a text that long is a mistake.
const MaxMoves = 10000

// Valid reports whether m is one of A..H.
func (m Move) Valid() bool { return m >= 'A' && m <= 'H' }

// index returns 0 for A through 7 for H.
func (m Move) index() int { return int(m - 'A') }

// String returns the letter of the move.
func (m Move) String() string { return string(rune(m)) }

// MoveError describes the first bad move of a move text.
type MoveError = textin.MoveError

// ParseMoves reads a move text: the letters A-H, one letter per move,
// optionally separated by spaces, tabs, commas or newlines ("DDHH", "D D H H",
// "D,D,H,H"). The error, a *MoveError, names the first bad move: its number,
// its character and why.
func ParseMoves(text string) ([]Move, error) {
	var moves []Move
	err := scanMoves(text, func(m Move) { moves = append(moves, m) })
	return moves, err
}

// scanMoves calls f for each good move of text in order and returns a
// *MoveError at the first bad one.
func scanMoves(text string, f func(Move)) error {
	return textin.ScanLetters(text, MaxMoves, badMove, func(r rune, _ int, _ string) *MoveError {
		f(Move(r))
		return nil
	})
}

// badMove says why r is not a move, or returns the zero Reason when it is
// one.
func badMove(r rune) textin.Reason {
	switch {
	case r >= 'A' && r <= 'H':
		return textin.Reason{}
	case r >= 'a' && r <= 'h':
		return textin.Why("move_capital", "moves are capital letters: write %s, not %s", "Want", strconv.Quote(string(r-'a'+'A')), "Got", strconv.Quote(string(r)))
	case r >= 'I' && r <= 'Z' || r >= 'i' && r <= 'z':
		return textin.Why("rotation_no_such_move", "no such move: the moves are the letters A to H")
	default:
		return textin.Why("rotation_not_a_move", "not a move: write the letters A to H, optionally separated by spaces or commas")
	}
}

// movesText writes moves as letters without separators ("DDHH").
func movesText(moves []Move) string {
	var sb strings.Builder
	for _, m := range moves {
		sb.WriteByte(byte(m))
	}
	return sb.String()
}
