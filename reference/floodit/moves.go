package floodit

import (
	"strconv"
	"strings"

	"puzzlejudge/reference/textin"
)

// MaxMoves bounds the length of a move text that ParseMoves and Replay read,
// so that no submission can make the simulator work without end.
const MaxMoves = 10000

// Move is one move: the colour the flooded area takes.
type Move int

// MoveError says which move of a move text is wrong and why.
type MoveError = textin.MoveError

// moveTokens splits a move text at spaces, tabs, commas and line breaks.
// It stops after limit tokens so that a huge text costs no more than that.
func moveTokens(text string, limit int) []string {
	var toks []string
	start := -1
	for i := 0; i <= len(text) && len(toks) < limit; i++ {
		if i < len(text) && !strings.ContainsRune(" \t,\n\r\v\f", rune(text[i])) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			toks = append(toks, text[start:i])
			start = -1
		}
	}
	return toks
}

// parseColor reads one move token; the reason is the zero Reason when it
// is a colour number in 0..MaxColors-1.
func parseColor(tok string) (v int, why textin.Reason) {
	for _, c := range tok {
		if c < '0' || c > '9' {
			if c == '-' && len(tok) > 1 {
				return 0, textin.Why("floodit_negative_colour", "colours are not negative")
			}
			return 0, textin.Why("floodit_expected_colour", "expected a colour number")
		}
	}
	if len(tok) > 4 {
		return 0, noSuchColour()
	}
	v, _ = strconv.Atoi(tok)
	if v >= MaxColors {
		return 0, noSuchColour()
	}
	return v, textin.Reason{}
}

func noSuchColour() textin.Reason {
	return textin.Why("floodit_no_such_colour", "no such colour: colours are 0..%d", "Max", MaxColors-1)
}

// ParseMoves reads a move text: colour numbers separated by spaces, tabs,
// commas or line breaks ("1 2 1", "1,2,1"). The error, a *MoveError, names the
// first bad move. At most MaxMoves moves are read.
func ParseMoves(text string) ([]Move, error) {
	toks := moveTokens(text, MaxMoves+1)
	moves := make([]Move, 0, min(len(toks), MaxMoves))
	for i, tok := range toks {
		if i == MaxMoves {
			return nil, textin.BadMove(i+1, tok, textin.TooMany(MaxMoves))
		}
		v, why := parseColor(tok)
		if why.Bad() {
			return nil, textin.BadMove(i+1, tok, why)
		}
		moves = append(moves, Move(v))
	}
	return moves, nil
}

// Step is what one move of a replay did.
type Step struct {
	Token  string // the move as written
	Legal  bool
	Color  int // the colour played (when Legal)
	Region int // cells in the flooded area after the move (when Legal)
}

// ReplayResult is the outcome of replaying a move text on a board. Solved:
// the board ended flooded.
type ReplayResult = textin.Replay[Board, Step]

// Replay plays a move text on b and reports every step. A move that picks the
// flooded area's own colour is legal, changes nothing and counts; so do moves
// after the board is flooded. Replay stops at the first bad move and never
// panics.
func Replay(b Board, moves string) ReplayResult {
	res := ReplayResult{Final: b}
	for i, tok := range moveTokens(moves, MaxMoves+1) {
		bad := func(why textin.Reason) ReplayResult {
			res.Steps = append(res.Steps, Step{Token: tok})
			res.Record(i+1, tok, why)
			res.Solved = res.Final.Flooded()
			return res
		}
		if i == MaxMoves {
			return bad(textin.TooMany(MaxMoves))
		}
		v, why := parseColor(tok)
		if why.Bad() {
			return bad(why)
		}
		if v >= b.colors {
			return bad(textin.Why("floodit_colour_not_on_board", "no such colour on a %d-colour board", "Colours", b.colors))
		}
		res.Final = Flood(res.Final, v)
		res.Used++
		res.Steps = append(res.Steps, Step{Token: tok, Legal: true, Color: v, Region: res.Final.Region()})
	}
	res.Solved = res.Final.Flooded()
	return res
}
