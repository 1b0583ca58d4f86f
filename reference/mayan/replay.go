package mayan

import (
	"puzzlejudge/reference/textin"
)

// MaxReplayMoves bounds the moves read from one move text. Swaps can go on
// forever without clearing anything, so the board alone does not bound them.
const MaxReplayMoves = 1000

// Step is one move of a replay.
type Step struct {
	Token   string // the move as written ("2 1 1")
	Legal   bool
	Move    Move // the move read; zero when the line is malformed
	Cleared int  // blocks that vanished after the move
	Rounds  int  // rounds of the cascade (2 or more: a chain reaction)
	Left    int  // blocks left on the board after the move
}

// ReplayResult is the outcome of replaying a move text on a board. Solved:
// the board is empty after the last legal move.
type ReplayResult = textin.Replay[Board, Step]

// Replay plays the moves of text ("x y g" per line) on b and stops at the
// first malformed or illegal move. It never panics. Whether the number of
// moves equals b.N is for the caller to judge: Used says how many were played.
func Replay(b Board, text string) ReplayResult {
	res := ReplayResult{Final: b}
	for _, l := range textin.Split(text, 0) {
		if l.Blank() {
			continue
		}
		index := len(res.Steps) + 1
		token := lineToken(l)
		if index > MaxReplayMoves {
			res.Steps = append(res.Steps, Step{Token: token})
			res.Record(index, token, tooManyMoves())
			break
		}
		m, why := parseMoveLine(l)
		if !why.Bad() {
			why = res.Final.why(m)
		}
		if why.Bad() {
			res.Steps = append(res.Steps, Step{Token: token, Move: m})
			res.Record(index, token, why)
			break
		}
		next, cleared, rounds := res.Final.Apply(m)
		res.Final = next
		res.Used++
		res.Steps = append(res.Steps, Step{Token: token, Legal: true, Move: m, Cleared: cleared, Rounds: rounds, Left: next.Blocks()})
	}
	res.Solved = res.Final.Empty()
	return res
}
