package floodit

import (
	"strings"
	"testing"
)

// TestBoards checks that the board after each step is the final board of
// the engine's own Replay of that prefix of the moves.
func TestBoards(t *testing.T) {
	b, err := ParseCase("3\n0 1 2\n1 1 2\n2 2 1\n")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, moves string
		want        int // boards
	}{
		{"solving", "1 2 1", 3},
		{"same colour and after flooded", "0 1 2 1 1", 5},
		{"bad move", "1 9 2", 1},
		{"malformed", "1 x", 1},
		{"none", "", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Replay(b, tc.moves)
			got := Boards(b, r)
			if len(got) != tc.want {
				t.Fatalf("Boards(%q) has %d boards, want %d", tc.moves, len(got), tc.want)
			}
			toks := strings.Fields(tc.moves)
			for i, g := range got {
				want := Replay(b, strings.Join(toks[:i+1], " ")).Final
				if Format(g) != Format(want) {
					t.Errorf("Boards(%q)[%d] = %q, want %q", tc.moves, i, Format(g), Format(want))
				}
			}
		})
	}
}
