package fifteen

import (
	"errors"

	"puzzlejudge/reference/textin"
)

// Step is one move read by Replay.
type Step struct {
	Token string // the move as written
	Legal bool
	Move  Move // the move, when Legal
	Tile  int  // the tile that slid, when Legal
	// Misplaced is, after a legal move, how many tiles are not in their
	// goal cell (0 means solved).
	Misplaced int
}

// ReplayResult is the outcome of replaying a move text on a board. Solved:
// the board is the goal after the last legal move.
type ReplayResult = textin.Replay[Board, Step]

// Replay applies the moves of text (see ParseMoves) to b one by one and
// stops at the first bad one: a character that is not a move, or a move
// that would take the blank off the board. It never panics, whatever the
// text; on an invalid board (see Validate) every move is bad.
func Replay(b Board, text string) ReplayResult {
	res := ReplayResult{Final: b}
	valid := b.Validate() == nil
	err := scanMoves(text, func(m Move, index int, token string) *MoveError {
		if !valid {
			return textin.BadMove(index, token, invalidBoard())
		}
		if why := res.Final.why(m); why.Bad() {
			return textin.BadMove(index, token, why)
		}
		next, tile, _ := res.Final.Apply(m)
		res.Final = next
		res.Used++
		res.Steps = append(res.Steps, Step{Token: token, Legal: true, Move: m, Tile: tile, Misplaced: next.Misplaced()})
		return nil
	})
	var me *MoveError
	if errors.As(err, &me) {
		res.Record(me.Index, me.Token, me.Why)
		res.Steps = append(res.Steps, Step{Token: me.Token})
	}
	res.Solved = valid && res.Final.Solved()
	return res
}

// Misplaced returns how many tiles (the blank not counted) are not in their
// goal cell.
func (b Board) Misplaced() int {
	n, count := b.Len(), 0
	for i := 0; i < n; i++ {
		if t := b.Cells[i]; t != 0 && int(t) != i+1 {
			count++
		}
	}
	return count
}
