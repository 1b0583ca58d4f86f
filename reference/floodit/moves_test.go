package floodit

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseMoves(t *testing.T) {
	tests := []struct {
		text string
		want []Move
	}{
		{"", []Move{}},
		{"1 2 1", []Move{1, 2, 1}},
		{"1,2,1", []Move{1, 2, 1}},
		{" 1,\t2\r\n1\n", []Move{1, 2, 1}},
		{"0 15 007", []Move{0, 15, 7}},
	}
	for _, tc := range tests {
		got, err := ParseMoves(tc.text)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("ParseMoves(%q) = %v, %v, want %v", tc.text, got, err, tc.want)
		}
	}
	bad := []struct {
		text  string
		index int
		token string
		msg   string
	}{
		{"1 x 2", 2, "x", `move 2 ("x"): expected a colour number`},
		{"1 -1", 2, "-1", `move 2 ("-1"): colours are not negative`},
		{"16", 1, "16", `move 1 ("16"): no such colour: colours are 0..15`},
		{"1 2 99999999999999", 3, "99999999999999", `move 3 ("99999999999999"): no such colour: colours are 0..15`},
		{"1 2.5", 2, "2.5", `move 2 ("2.5"): expected a colour number`},
		{"-", 1, "-", `move 1 ("-"): expected a colour number`},
		{strings.Repeat("1 ", MaxMoves+5), MaxMoves + 1, "1", `move 10001 ("1"): too many moves: at most 10000 are read`},
	}
	for _, tc := range bad {
		_, err := ParseMoves(tc.text)
		var me *MoveError
		if !errors.As(err, &me) {
			t.Errorf("ParseMoves(%.20q) error = %v, want a *MoveError", tc.text, err)
			continue
		}
		if me.Index != tc.index || me.Token != tc.token || me.Error() != tc.msg {
			t.Errorf("ParseMoves(%.20q) = %+v (%q), want index %d token %q message %q", tc.text, me, me.Error(), tc.index, tc.token, tc.msg)
		}
	}
}

func TestReplay(t *testing.T) {
	board := "3\n0 1 2\n1 1 2\n2 2 1\n"
	tests := []struct {
		name     string
		moves    string
		badIndex int
		badToken string
		reason   string
		used     int
		solved   bool
		regions  []int
	}{
		{"optimal", "1 2 1", 0, "", "", 3, true, []int{4, 8, 9}},
		{"commas", "1,2,1", 0, "", "", 3, true, []int{4, 8, 9}},
		{"not finished", "1 2", 0, "", "", 2, false, []int{4, 8}},
		{"own colour counts", "0 1 2 1", 0, "", "", 4, true, []int{1, 4, 8, 9}},
		{"moves after flooding count", "1 2 1 1 3", 0, "", "", 5, true, []int{4, 8, 9, 9, 9}},
		{"no such colour", "1 6 1", 2, "6", "no such colour on a 6-colour board", 1, false, []int{4, 0}},
		{"not a number", "1 two", 2, "two", "expected a colour number", 1, false, []int{4, 0}},
		{"no moves", "", 0, "", "", 0, false, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Replay(mustBoard(t, board), tc.moves)
			if r.BadIndex != tc.badIndex || r.BadToken != tc.badToken || r.Reason != tc.reason || r.Used != tc.used || r.Solved != tc.solved {
				t.Errorf("Replay(%q) = bad %d %q %q used %d solved %v, want bad %d %q %q used %d solved %v",
					tc.moves, r.BadIndex, r.BadToken, r.Reason, r.Used, r.Solved, tc.badIndex, tc.badToken, tc.reason, tc.used, tc.solved)
			}
			var regions []int
			for _, s := range r.Steps {
				regions = append(regions, s.Region)
			}
			if !reflect.DeepEqual(regions, tc.regions) {
				t.Errorf("Replay(%q) regions = %v, want %v", tc.moves, regions, tc.regions)
			}
			if r.BadIndex > 0 && r.Steps[len(r.Steps)-1].Legal {
				t.Errorf("Replay(%q): the bad step is marked legal", tc.moves)
			}
		})
	}
}

func TestReplayFloodedBoard(t *testing.T) {
	r := Replay(mustBoard(t, "2\n0 0\n0 0\n"), "")
	if !r.Solved || r.Used != 0 || r.BadIndex != 0 {
		t.Errorf("Replay(flooded board, \"\") = %+v, want solved with 0 moves", r)
	}
	r = Replay(mustBoard(t, "2\n0 0\n0 0\n"), "3")
	if !r.Solved || r.Used != 1 || r.Final.Color() != 3 {
		t.Errorf("Replay(flooded board, \"3\") = %+v, want solved with 1 move", r)
	}
}

func TestReplayBoundsItsWork(t *testing.T) {
	r := Replay(mustBoard(t, "1\n0\n"), strings.Repeat("1 ", 3*MaxMoves))
	if r.BadIndex != MaxMoves+1 || r.Used != MaxMoves || len(r.Steps) != MaxMoves+1 {
		t.Errorf("Replay of %d moves: bad %d used %d steps %d", 3*MaxMoves, r.BadIndex, r.Used, len(r.Steps))
	}
}

func TestReplayColorBeyondSix(t *testing.T) {
	b := mustBoard(t, "2\n0 9\n9 9\n")
	if r := Replay(b, "9"); !r.Solved || r.BadIndex != 0 {
		t.Errorf("Replay(colour 9 on a 10-colour board) = %+v", r)
	}
	if r := Replay(b, "10"); r.BadIndex != 1 || r.Reason != "no such colour on a 10-colour board" {
		t.Errorf("Replay(colour 10 on a 10-colour board) = %+v", r)
	}
}
