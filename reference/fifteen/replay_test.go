package fifteen

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
		{in: "LLDR", want: "LLDR"},
		{in: "L L D R", want: "LLDR"},
		{in: "L,L,D,R", want: "LLDR"},
		{in: " U\r\nD\t,, \n", want: "UD"},
		{in: "LlD", want: "L", index: 2, token: "l", why: `moves are capital letters: write "L", not "l"`},
		{in: "L D X", want: "LD", index: 3, token: "X", why: "no such move: the moves are L, R, U and D (the direction the blank goes)"},
		{in: "Ld", want: "L", index: 2, token: "d", why: `moves are capital letters: write "D", not "d"`},
		{in: "L1", want: "L", index: 2, token: "1", why: "not a move: write the letters L, R, U and D, optionally separated by spaces or commas"},
		{in: "L;R", want: "L", index: 2, token: ";"},
		{in: "LÉ", want: "L", index: 2, token: "É"},
		{in: "L\xffR", want: "L", index: 2, token: "\xff"},
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
	if _, err := ParseMoves(strings.Repeat("LR", MaxMoves/2)); err != nil {
		t.Errorf("ParseMoves(%d moves): %v", MaxMoves, err)
	}
	_, err := ParseMoves(strings.Repeat("L ", MaxMoves+5))
	var me *MoveError
	if !errors.As(err, &me) || me.Index != MaxMoves+1 || !strings.Contains(me.Reason, "too many moves") {
		t.Errorf("ParseMoves(%d moves) error %v, want too many moves at %d", MaxMoves+5, err, MaxMoves+1)
	}
}

// TestReplayBadMoves has one case per kind of bad move: each must be named
// with its number, its text and its reason, after the legal moves before it.
func TestReplayBadMoves(t *testing.T) {
	sample := mustParse(t, uvaSample) // blank top-right
	goal := Goal(4)                   // blank bottom-right
	corner3 := mustParse(t, "0 1 2\n3 4 5\n6 7 8\n")
	tests := []struct {
		name   string
		b      Board
		text   string
		index  int
		token  string
		reason string
	}{
		{"left off the board", corner3, "L", 1, "L", "the blank is in the leftmost column: it cannot move left"},
		{"up off the board", sample, "LU", 2, "U", "the blank is in the top row: it cannot move up"},
		{"right off the board", goal, "R", 1, "R", "the blank is in the rightmost column: it cannot move right"},
		{"down off the board", goal, "UD D", 3, "D", "the blank is in the bottom row: it cannot move down"},
		{"right off after moves", sample, "LR R", 3, "R", "the blank is in the rightmost column: it cannot move right"},
		{"small letter", sample, "Ll", 2, "l", `moves are capital letters: write "L", not "l"`},
		{"other letter", sample, "LLE", 3, "E", "no such move: the moves are L, R, U and D (the direction the blank goes)"},
		{"not a letter", sample, "L-", 2, "-", "not a move: write the letters L, R, U and D, optionally separated by spaces or commas"},
		{"invalid utf-8", sample, "\xff", 1, "\xff", "not a move: write the letters L, R, U and D, optionally separated by spaces or commas"},
		{"too many", sample, strings.Repeat("LR", MaxMoves/2) + "L", MaxMoves + 1, "L", "too many moves: at most 10000 are read"},
		{"invalid board", Board{Width: 4}, "L", 1, "L", "the board is not a valid 3x3 or 4x4 board"},
		{"zero board", Board{}, "D", 1, "D", "the board is not a valid 3x3 or 4x4 board"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Replay(tc.b, tc.text)
			if r.BadIndex != tc.index || r.BadToken != tc.token || r.Reason != tc.reason {
				t.Fatalf("Replay(%q) bad move %d %q %q, want %d %q %q", tc.text, r.BadIndex, r.BadToken, r.Reason, tc.index, tc.token, tc.reason)
			}
			if r.Used != tc.index-1 || len(r.Steps) != tc.index || r.Steps[tc.index-1].Legal || r.Solved != (r.Final == Goal(4)) {
				t.Errorf("Replay(%q) used %d, %d steps, solved %v; want %d legal moves then the bad one, solved when the board is the goal", tc.text, r.Used, len(r.Steps), r.Solved, tc.index-1)
			}
		})
	}
}

func TestReplay(t *testing.T) {
	start := mustParse(t, uvaSample)
	t.Run("solves", func(t *testing.T) {
		r := Replay(start, "L L L D R D R D R")
		if r.BadIndex != 0 || r.Used != 9 || !r.Solved || len(r.Steps) != 9 || r.Final != Goal(4) {
			t.Fatalf("Replay(LLLDRDRDR) = %+v, want 9 legal moves, solved", r)
		}
		// The blank goes left from the top-right corner: tile 4 slides right.
		if s := r.Steps[0]; s.Tile != 4 || s.Move != Left || !s.Legal || s.Token != "L" {
			t.Errorf("first step %+v, want tile 4 moved by L", s)
		}
		if last := r.Steps[8]; last.Misplaced != 0 || last.Tile != 15 {
			t.Errorf("last step %+v, want tile 15, nothing misplaced", last)
		}
		boards := Boards(start, r)
		if len(boards) != 9 || boards[8] != Goal(4) || boards[0] != play(t, start, "L") {
			t.Errorf("Boards: %d boards, last %q", len(boards), Format(boards[len(boards)-1]))
		}
	})
	t.Run("not solved", func(t *testing.T) {
		r := Replay(start, "LL")
		if r.BadIndex != 0 || r.Used != 2 || r.Solved || r.Final.Cells[1] != 0 {
			t.Errorf("Replay(LL) = %+v, want two legal moves, blank on cell 1, not solved", r)
		}
	})
	t.Run("empty", func(t *testing.T) {
		r := Replay(start, " \n")
		if r.BadIndex != 0 || r.Used != 0 || r.Solved || r.Final != start || len(r.Steps) != 0 {
			t.Errorf("Replay(blank text) = %+v, want nothing done", r)
		}
	})
	t.Run("already solved", func(t *testing.T) {
		if r := Replay(Goal(3), ""); !r.Solved {
			t.Errorf("Replay(goal, \"\") not solved")
		}
	})
	t.Run("bad move stops", func(t *testing.T) {
		r := Replay(start, "LLLLD")
		if r.BadIndex != 4 || r.Final != play(t, start, "LLL") || len(Boards(start, r)) != 3 {
			t.Errorf("Replay(LLLLD) = %+v, want to stop at move 4 on the board after LLL", r)
		}
	})
}

func TestApplyAndCheck(t *testing.T) {
	b := mustParse(t, "1 2 3\n4 0 5\n7 8 6\n")
	for _, tc := range []struct {
		m    Move
		tile int
		want string
	}{
		{Left, 4, "1 2 3\n0 4 5\n7 8 6\n"},
		{Right, 5, "1 2 3\n4 5 0\n7 8 6\n"},
		{Up, 2, "1 0 3\n4 2 5\n7 8 6\n"},
		{Down, 8, "1 2 3\n4 8 5\n7 0 6\n"},
	} {
		next, tile, ok := b.Apply(tc.m)
		if !ok || tile != tc.tile || Format(next) != tc.want {
			t.Errorf("Apply(%s) = %q, tile %d, %v; want %q, tile %d", tc.m, Format(next), tile, ok, tc.want, tc.tile)
		}
		if back, _, _ := next.Apply(tc.m.Inverse()); back != b {
			t.Errorf("Apply(%s) then its inverse = %q, want the board back", tc.m, Format(back))
		}
	}
	if _, _, ok := b.Apply('X'); ok {
		t.Errorf("Apply('X') ok")
	}
	if r := b.Check('X'); !strings.Contains(r, "no such move") {
		t.Errorf("Check('X') = %q", r)
	}
}
