package mayan

import (
	"fmt"
	"strings"

	"puzzlejudge/reference/textin"
)

// Move drags the block at column X, row Y one column right (G = 1) or left
// (G = -1). Onto a block, the two blocks swap; onto an empty cell, the block
// falls down the neighbouring column and the blocks above its old place fall
// by one. Then runs of three or more vanish (see Board.Apply). Dragging a
// block onto one of the same colour would change nothing and is not a move:
// the classic solutions never make it, so their answers are the expected
// ones (see Solve).
type Move struct {
	X, Y, G int
}

// String returns the move as written in answers and move texts: "x y g".
func (m Move) String() string {
	return fmt.Sprintf("%d %d %d", m.X, m.Y, m.G)
}

// maxTokenRunes bounds the token kept for a bad move, so that a huge line
// sent by a user is not echoed back whole.
const maxTokenRunes = 40

// MoveError is a malformed or impossible move of a move text; its Token
// ("2 7 1") is shortened in the message when very long.
type MoveError = textin.MoveError

// geometryReason returns why m cannot be a move on any board, or the zero
// Reason.
func geometryReason(m Move) textin.Reason {
	switch {
	case m.G != 1 && m.G != -1:
		return textin.Why("mayan_bad_direction", "direction %d is neither 1 (right) nor -1 (left)", "G", m.G)
	case m.X < 0 || m.X >= Width:
		return textin.Why("mayan_x_outside", "x = %d is outside the board (columns 0..%d)", "X", m.X, "Max", Width-1)
	case m.Y < 0 || m.Y >= Height:
		return textin.Why("mayan_y_outside", "y = %d is outside the board (rows 0..%d)", "Y", m.Y, "Max", Height-1)
	case m.X+m.G < 0 || m.X+m.G >= Width:
		return textin.Why("mayan_off_board", "moves off the board: there is no column %d", "Column", m.X+m.G)
	}
	return textin.Reason{}
}

// Check returns why m cannot be played on b, or "" when it is legal.
func (b Board) Check(m Move) string { return b.why(m).Text }

// why is Check with the reason's message code.
func (b Board) why(m Move) textin.Reason {
	if r := geometryReason(m); r.Bad() {
		return r
	}
	v := b.At(m.X, m.Y)
	if v == 0 {
		return textin.Why("mayan_no_block", "there is no block at (%d,%d)", "X", m.X, "Y", m.Y)
	}
	if b.At(m.X+m.G, m.Y) == v {
		return textin.Why("mayan_same_colour", "the block at (%d,%d) has the same colour as the one it would swap with: that changes nothing and is not a move", "X", m.X, "Y", m.Y)
	}
	return textin.Reason{}
}

// Apply plays a legal move (see Check) and the cascade of vanishing runs that
// follows it. It returns the board after the move, the blocks that vanished
// and the rounds of the cascade. An illegal move leaves the board unchanged.
func (b Board) Apply(m Move) (next Board, cleared, rounds int) {
	if b.Check(m) != "" {
		return b, 0, 0
	}
	drag(&b.cols, m.X, m.Y, m.X+m.G)
	cleared, rounds = cascade(&b.cols, nil, 0, Width-1)
	return b, cleared, rounds
}

// drag moves the block at (x,y) to column t = x±1, without the cascade.
func drag(cols *[Width]uint32, x, y, t int) {
	v, w := cell(cols[x], y), cell(cols[t], y)
	if w != 0 {
		cols[x] = setCell(cols[x], y, w)
		cols[t] = setCell(cols[t], y, v)
		return
	}
	// The target cell is empty, so column t is lower than y and the block
	// lands on its top.
	cols[x] = removeCell(cols[x], y)
	cols[t] = push(cols[t], v)
}

// ParseMoves reads a move text: one move "x y g" per line, blank lines
// ignored. It checks the form and the geometry (every coordinate on the
// board, g = ±1), not whether a block is there. The error is a *MoveError
// for the first bad move.
func ParseMoves(text string) ([]Move, error) {
	var moves []Move
	for _, l := range textin.Split(text, 0) {
		if l.Blank() {
			continue
		}
		if len(moves) >= MaxReplayMoves {
			return moves, textin.BadMove(len(moves)+1, lineToken(l), tooManyMoves())
		}
		m, why := parseMoveLine(l)
		if !why.Bad() {
			why = geometryReason(m)
		}
		if why.Bad() {
			return moves, textin.BadMove(len(moves)+1, lineToken(l), why)
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// parseMoveLine reads the three integers of a move line.
func parseMoveLine(l textin.Line) (Move, textin.Reason) {
	if len(l.Tokens) != 3 {
		return Move{}, textin.Why("mayan_move_items", "expected three integers \"x y g\" on a line, found %d item(s)", "Found", len(l.Tokens))
	}
	var v [3]int
	for i, t := range l.Tokens {
		n, err := t.Int()
		if err != nil {
			return Move{}, textin.Why("mayan_not_integer", "%s is not an integer", "Found", t.Quoted())
		}
		v[i] = n
	}
	return Move{X: v[0], Y: v[1], G: v[2]}, textin.Reason{}
}

// tooManyMoves is the reason of the move after MaxReplayMoves.
func tooManyMoves() textin.Reason {
	return textin.Why("mayan_too_many_moves", "more than %d moves", "Max", MaxReplayMoves)
}

// lineToken returns the move line as the user wrote it, its items separated
// by single spaces and cut at maxTokenRunes.
func lineToken(l textin.Line) string {
	parts := make([]string, 0, len(l.Tokens))
	n := 0
	for _, t := range l.Tokens {
		parts = append(parts, t.Text)
		n += len(t.Text) + 1
		if n > maxTokenRunes {
			break
		}
	}
	s := []rune(strings.Join(parts, " "))
	if len(s) > maxTokenRunes {
		s = append(s[:maxTokenRunes], []rune("...")...)
	}
	return string(s)
}
