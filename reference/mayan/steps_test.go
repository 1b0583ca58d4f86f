package mayan

import (
	"strings"
	"testing"
)

// TestBoards checks that the last picture of each step is the final board
// of the engine's own Replay of that prefix of the moves, and that the
// pictures in between are the rounds Replay counted.
func TestBoards(t *testing.T) {
	b := mustBoard(t, 3, "1", "2 1", "2 3 4", "3 1", "2 4 3 4")
	for _, moves := range []string{"2 1 1\n3 1 1\n3 0 1", "2 1 1\n9 9 9", "0 0 1\n0 0 -1"} {
		r := Replay(b, moves)
		got := Boards(b, r)
		if len(got) != r.Used {
			t.Fatalf("Boards(%q) has %d steps, want %d", moves, len(got), r.Used)
		}
		lines := strings.Split(moves, "\n")
		for i, rounds := range got {
			want := Replay(b, strings.Join(lines[:i+1], "\n")).Final
			if last := rounds[len(rounds)-1]; last != want {
				t.Errorf("Boards(%q)[%d] ends with %q, want %q", moves, i, Format(last), Format(want))
			}
			if len(rounds) != r.Steps[i].Rounds+1 {
				t.Errorf("Boards(%q)[%d] has %d pictures, want the drag and %d rounds", moves, i, len(rounds), r.Steps[i].Rounds)
			}
		}
	}
}

// TestRoundsMatchApply plays every legal move of the golden boards and
// compares the last picture with Apply's board.
func TestRoundsMatchApply(t *testing.T) {
	b := mustBoard(t, 3, "1", "2 1", "2 3 4", "3 1", "2 4 3 4")
	for x := 0; x < Width; x++ {
		for y := 0; y < Height; y++ {
			for _, g := range []int{-1, 1} {
				m := Move{x, y, g}
				if b.Check(m) != "" {
					continue
				}
				next, _, rounds := b.Apply(m)
				got := b.Rounds(m)
				if got[len(got)-1] != next || len(got) != rounds+1 {
					t.Errorf("Rounds(%v) = %d pictures ending %q; Apply = %d rounds, %q", m, len(got), Format(got[len(got)-1]), rounds, Format(next))
				}
			}
		}
	}
}

// TestParsePicture reads back every picture of a move, runs included.
func TestParsePicture(t *testing.T) {
	b := mustBoard(t, 3, "1", "2 1", "2 3 4", "3 1", "2 4 3 4")
	r := Replay(b, "2 1 1\n3 1 1\n3 0 1")
	for i, rounds := range Boards(b, r) {
		for k, p := range rounds {
			got, err := ParsePicture(Format(p))
			if err != nil || got != p {
				t.Errorf("ParsePicture(step %d picture %d %q) = %q, %v", i+1, k, Format(p), Format(got), err)
			}
		}
	}
}
