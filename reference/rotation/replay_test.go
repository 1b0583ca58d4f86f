package rotation

import (
	"errors"
	"strings"
	"testing"
)

func TestParseMoves(t *testing.T) {
	tests := []struct {
		in         string
		want       string
		index      int
		token, why string
	}{
		{in: "", want: ""},
		{in: "DDHH", want: "DDHH"},
		{in: "D D H H", want: "DDHH"},
		{in: "D,D,H,H", want: "DDHH"},
		{in: " A\r\nC\t,, \n", want: "AC"},
		{in: "ABCDEFGH", want: "ABCDEFGH"},
		{in: "DdHH", want: "D", index: 2, token: "d", why: `moves are capital letters: write "D", not "d"`},
		{in: "A C I", want: "AC", index: 3, token: "I", why: "no such move: the moves are the letters A to H"},
		{in: "A1", want: "A", index: 2, token: "1", why: "not a move: write the letters A to H, optionally separated by spaces or commas"},
		{in: "A;B", want: "A", index: 2, token: ";"},
		{in: "AÉ", want: "A", index: 2, token: "É"},
		{in: "A\xffB", want: "A", index: 2, token: "\xff"},
	}
	for _, tc := range tests {
		moves, err := ParseMoves(tc.in)
		if got := movesText(moves); got != tc.want {
			t.Errorf("ParseMoves(%q) moves %q, want %q", tc.in, got, tc.want)
		}
		if tc.index == 0 {
			if err != nil {
				t.Errorf("ParseMoves(%q): %v", tc.in, err)
			}
			continue
		}
		var me *MoveError
		if !errors.As(err, &me) {
			t.Errorf("ParseMoves(%q) error %v, want a *MoveError", tc.in, err)
			continue
		}
		if me.Index != tc.index || me.Token != tc.token || (tc.why != "" && me.Reason != tc.why) {
			t.Errorf("ParseMoves(%q) error %+v, want index %d token %q reason %q", tc.in, *me, tc.index, tc.token, tc.why)
		}
	}
}

func TestParseMovesBound(t *testing.T) {
	_, err := ParseMoves(strings.Repeat("A", MaxMoves))
	if err != nil {
		t.Errorf("ParseMoves(%d moves): %v", MaxMoves, err)
	}
	_, err = ParseMoves(strings.Repeat("A ", MaxMoves+5))
	var me *MoveError
	if !errors.As(err, &me) || me.Index != MaxMoves+1 || !strings.Contains(me.Reason, "too many moves") {
		t.Errorf("ParseMoves(%d moves) error %v, want too many moves at %d", MaxMoves+5, err, MaxMoves+1)
	}
}

func TestReplay(t *testing.T) {
	start := mustParse(t, sample1)
	t.Run("solves", func(t *testing.T) {
		r := Replay(start, "A, C")
		if r.BadIndex != 0 || r.Used != 2 || !r.Solved || len(r.Steps) != 2 {
			t.Fatalf("Replay(AC) = %+v, want 2 legal moves, solved", r)
		}
		if r.Final != start.Apply('A').Apply('C') {
			t.Errorf("Replay(AC) final %s", Format(r.Final))
		}
		if r.Steps[0].Centre != 7 || r.Steps[1].Centre != 8 || r.Steps[1].Move != 'C' || !r.Steps[1].Legal {
			t.Errorf("Replay(AC) steps %+v, want centre counts 7 then 8", r.Steps)
		}
	})
	t.Run("not solved", func(t *testing.T) {
		r := Replay(start, "C")
		if r.BadIndex != 0 || r.Used != 1 || r.Solved {
			t.Errorf("Replay(C) = %+v, want one legal move, not solved", r)
		}
	})
	t.Run("bad move", func(t *testing.T) {
		r := Replay(start, "A x C")
		if r.BadIndex != 2 || r.BadToken != "x" || r.Used != 1 || r.Solved || len(r.Steps) != 2 || r.Steps[1].Legal {
			t.Errorf("Replay(A x C) = %+v, want bad move 2 \"x\" after one legal move", r)
		}
		if r.Final != start.Apply('A') || r.Reason == "" {
			t.Errorf("Replay(A x C) final %s reason %q, want the board after A and a reason", Format(r.Final), r.Reason)
		}
	})
	t.Run("empty", func(t *testing.T) {
		r := Replay(start, " ")
		if r.BadIndex != 0 || r.Used != 0 || r.Solved || r.Final != start || len(r.Steps) != 0 {
			t.Errorf("Replay(\" \") = %+v, want nothing done", r)
		}
	})
}
