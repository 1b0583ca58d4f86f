package rotation

import (
	"errors"

	"puzzlejudge/reference/textin"
)

// Step is one move read by Replay.
type Step struct {
	Token string // the move as written
	Legal bool
	Move  Move // the move, when Legal
	// Centre is, after a legal move, how many centre squares hold the symbol
	// most frequent there (8 means solved).
	Centre int
}

// ReplayResult is the outcome of replaying a move text on a board. Solved:
// the centre eight hold one symbol after the last legal move.
type ReplayResult = textin.Replay[Board, Step]

// Replay applies the moves of text (see ParseMoves) to b one by one and stops
// at the first bad one. It never panics, whatever the text.
func Replay(b Board, text string) ReplayResult {
	res := ReplayResult{Final: b}
	err := scanMoves(text, func(m Move) {
		res.Final = res.Final.Apply(m)
		res.Used++
		res.Steps = append(res.Steps, Step{Token: m.String(), Legal: true, Move: m, Centre: res.Final.CentreBest()})
	})
	var me *MoveError
	if errors.As(err, &me) {
		res.Record(me.Index, me.Token, me.Why)
		res.Steps = append(res.Steps, Step{Token: me.Token})
	}
	res.Solved = res.Final.Solved()
	return res
}
