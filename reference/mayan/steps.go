package mayan

import (
	"fmt"

	"puzzlejudge/reference/textin"
)

// Rounds plays a legal move m on b like Apply and returns every picture of
// it: the board right after the drag (and the fall of the dragged block),
// then the board after each round in which runs vanish and blocks fall. The
// last picture is Apply's board. An illegal move gives only b.
func (b Board) Rounds(m Move) []Board {
	if b.Check(m) != "" {
		return []Board{b}
	}
	drag(&b.cols, m.X, m.Y, m.X+m.G)
	out := []Board{b}
	for {
		mark, any := runs(&b.cols)
		if !any {
			return out
		}
		clearMarked(&b.cols, &mark, nil)
		out = append(out, b)
	}
}

// Boards returns, for each legal step of r (a replay of a move text on b),
// the pictures of that move (see Rounds); the last of each is the board
// after the step.
func Boards(b Board, r ReplayResult) [][]Board {
	out := make([][]Board, 0, r.Used)
	for _, s := range r.Steps {
		if !s.Legal {
			break
		}
		rounds := b.Rounds(s.Move)
		b = rounds[len(rounds)-1]
		out = append(out, rounds)
	}
	return out
}

// ParsePicture reads a board in the format of ParseCase but accepts runs of
// three, which a picture within a move (see Rounds) holds before they
// vanish. It is for drawing such pictures, never for judging.
func ParsePicture(input string) (Board, error) {
	r, err := newReader(input)
	if err != nil {
		return Board{}, err
	}
	l, ok := r.Next()
	if !ok || len(l.Tokens) != 1 {
		return Board{}, &textin.Error{Msg: "expected the number of moves, then five columns"}
	}
	n, err := l.Tokens[0].Int()
	if err != nil {
		return Board{}, err
	}
	b := Board{N: n}
	var at [Height]textin.Token
	for x := 0; x < Width; x++ {
		l, ok := r.Next()
		if !ok {
			return Board{}, &textin.Error{Msg: fmt.Sprintf("unexpected end of input: %d more column(s) needed", Width-x)}
		}
		if err := parseColumn(l, x, &b, &at); err != nil {
			return Board{}, err
		}
	}
	return b, nil
}
