package rotation

import "testing"

// TestBoards checks that the board after each step is the final board of
// the engine's own Replay of that prefix of the moves.
func TestBoards(t *testing.T) {
	b, err := ParseCase("1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, moves := range []string{"DDHH", "ABCDEFGH", "AAx", ""} {
		r := Replay(b, moves)
		got := Boards(b, r)
		if len(got) != r.Used {
			t.Fatalf("Boards(%q) has %d boards, want %d", moves, len(got), r.Used)
		}
		for i, g := range got {
			if want := Replay(b, moves[:i+1]).Final; g != want {
				t.Errorf("Boards(%q)[%d] = %q, want %q", moves, i, Format(g), Format(want))
			}
		}
	}
}
