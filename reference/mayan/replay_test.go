package mayan

import (
	"errors"
	"testing"
)

func TestReplaySample(t *testing.T) {
	b := mustBoard(t, 3, "1", "2 1", "2 3 4", "3 1", "2 4 3 4")
	r := Replay(b, "2 1 1\n\n3 1 1\r\n  3 0 1  \n")
	if r.BadIndex != 0 || r.Used != 3 || !r.Solved || !r.Final.Empty() || len(r.Steps) != 3 {
		t.Fatalf("Replay(sample) = %+v, want 3 legal moves that empty the board", r)
	}
	if s := r.Steps[2]; s.Token != "3 0 1" || s.Move != (Move{3, 0, 1}) || s.Left != 0 || s.Cleared == 0 {
		t.Errorf("last step = %+v", s)
	}
}

func TestReplayBadMoves(t *testing.T) {
	b := mustBoard(t, 2, "1 2", "3", "", "4", "5 6")
	tests := []struct {
		moves      string
		index      int
		token      string
		reason     string
		used       int
		finalBlock int
	}{
		{"4 0 1\n", 1, "4 0 1", "moves off the board: there is no column 5", 0, 6},
		{"0 1 1\n2 0 1\n", 2, "2 0 1", "there is no block at (2,0)", 1, 6},
		{"0 0 2\n", 1, "0 0 2", "direction 2 is neither 1 (right) nor -1 (left)", 0, 6},
		{"0 9 1\n", 1, "0 9 1", "y = 9 is outside the board (rows 0..6)", 0, 6},
		{"0 0\n", 1, "0 0", `expected three integers "x y g" on a line, found 2 item(s)`, 0, 6},
		{"0 0 1 1\n", 1, "0 0 1 1", `expected three integers "x y g" on a line, found 4 item(s)`, 0, 6},
		{"a 0 1\n", 1, "a 0 1", `"a" is not an integer`, 0, 6},
		{"0,0,1\n", 1, "0,0,1", `expected three integers "x y g" on a line, found 1 item(s)`, 0, 6},
	}
	for _, tc := range tests {
		r := Replay(b, tc.moves)
		if r.BadIndex != tc.index || r.BadToken != tc.token || r.Reason != tc.reason || r.Used != tc.used {
			t.Errorf("Replay(%q) = bad move %d %q (%q) after %d, want %d %q (%q) after %d",
				tc.moves, r.BadIndex, r.BadToken, r.Reason, r.Used, tc.index, tc.token, tc.reason, tc.used)
		}
		if len(r.Steps) != tc.index || r.Steps[tc.index-1].Legal {
			t.Errorf("Replay(%q) steps = %+v, want %d ending in the bad one", tc.moves, r.Steps, tc.index)
		}
		if r.Solved || r.Final.Blocks() != tc.finalBlock {
			t.Errorf("Replay(%q) final board %q", tc.moves, columns(r.Final))
		}
	}
}

func TestReplayAfterEmpty(t *testing.T) {
	b := mustBoard(t, 2, "2 2", "", "2")
	r := Replay(b, "0 0 1\n0 0 1\n")
	if r.BadIndex != 2 || r.Used != 1 || !r.Solved || r.Reason != "there is no block at (0,0)" {
		t.Errorf("Replay after the board is empty = %+v", r)
	}
}

func TestReplayTooManyMoves(t *testing.T) {
	b := mustBoard(t, 1, "1 2", "3 4")
	text := ""
	for range MaxReplayMoves + 5 {
		text += "0 0 1\n"
	}
	r := Replay(b, text)
	if r.BadIndex != MaxReplayMoves+1 || r.Used != MaxReplayMoves {
		t.Errorf("Replay of %d moves: bad %d used %d", MaxReplayMoves+5, r.BadIndex, r.Used)
	}
	if _, err := ParseMoves(text); err == nil {
		t.Errorf("ParseMoves accepted %d moves", MaxReplayMoves+5)
	}
}

func TestParseMoves(t *testing.T) {
	got, err := ParseMoves("2 1 1\n\n3 1 -1\n")
	if err != nil || len(got) != 2 || got[1] != (Move{3, 1, -1}) {
		t.Fatalf("ParseMoves = %v, %v", got, err)
	}
	_, err = ParseMoves("2 1 1\n4 1 1\n")
	var me *MoveError
	if !errors.As(err, &me) || me.Index != 2 || me.Token != "4 1 1" {
		t.Fatalf("ParseMoves error = %v, want move 2", err)
	}
	if want := `move 2 ("4 1 1"): moves off the board: there is no column 5`; err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
}
