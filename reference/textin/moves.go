package textin

import (
	"fmt"
	"unicode/utf8"
)

// MoveError describes the first bad move of a move text: every engine's move
// parser returns one, so a message names a move the same way in each puzzle.
type MoveError struct {
	Index  int    // 1-based number of the move in the text
	Token  string // the move as written, shortened in the message when long
	Reason string
	// Why is Reason with its message code and arguments (Why.Text is
	// Reason); its Code is "" for a reason that has none.
	Why Reason
}

// BadMove returns the *MoveError of move index, written token, for why.
func BadMove(index int, token string, why Reason) *MoveError {
	return &MoveError{Index: index, Token: token, Reason: why.Text, Why: why}
}

// FirstBad is the first bad move of a replayed move text; every engine's
// ReplayResult embeds it. BadIndex is 0 when every move is fine.
type FirstBad struct {
	BadIndex int    // 1-based index of the first malformed or illegal move
	BadToken string // that move as written
	Reason   string // why it is bad
	Why      Reason // Reason with its message code
}

// Replay is the outcome of replaying a move text on a board, the same in
// every engine over its own Board and Step types (each engine's
// ReplayResult): its steps, the first bad move, how many legal moves were
// played, whether they solved the board, and the board they left.
type Replay[B, S any] struct {
	Steps    []S  // one per move read, up to and including the first bad one
	FirstBad      // the first bad move, if any
	Used     int  // legal moves played
	Solved   bool // whether the board is solved after the last legal move, as the engine means it
	Final    B    // the board after the last legal move
}

// Record makes move index, written token, the first bad one, for why.
func (f *FirstBad) Record(index int, token string, why Reason) {
	f.BadIndex, f.BadToken, f.Reason, f.Why = index, token, why.Text, why
}

// TooMany is the reason of the move after the max a text may hold.
func TooMany(max int) Reason {
	return Why("move_too_many", "too many moves: at most %d are read", "Max", max)
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("move %d (%s): %s", e.Index, Quote(e.Token), e.Reason)
}

// IsMoveSeparator reports whether r may stand between two moves: spaces,
// tabs, line breaks and commas.
func IsMoveSeparator(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\r', '\v', '\f', ',':
		return true
	}
	return false
}

// ScanLetters reads a move text of one character a move, separators
// allowed anywhere. For each character in order it asks bad why it is not a
// move ("" when it is one) and then calls f with the character, its 1-based
// index and its text. It returns a *MoveError at the first bad character,
// at move max+1 (so a huge text costs no more than max moves), or the first
// error f returns.
func ScanLetters(text string, max int, bad func(rune) Reason, f func(r rune, index int, token string) *MoveError) error {
	index := 0
	for i, r := range text {
		if IsMoveSeparator(r) {
			continue
		}
		index++
		_, size := utf8.DecodeRuneInString(text[i:])
		token := text[i : i+size]
		if index > max {
			return BadMove(index, token, TooMany(max))
		}
		if why := bad(r); why.Bad() {
			return BadMove(index, token, why)
		}
		if err := f(r, index, token); err != nil {
			return err
		}
	}
	return nil
}
