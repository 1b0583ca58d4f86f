package floodit

import (
	"strings"
	"testing"
)

func TestCore(t *testing.T) {
	for _, tc := range []struct{ board, want string }{
		{"3\n0 1 2\n1 1 2\n2 2 1\n", "012/112/221"},
		{"4\n0 1 2 2\n1 1 2 2\n2 2 1 1\n2 2 1 1\n", "012/112/221"},
		{"4\n0 0 1 1\n0 0 1 1\n2 2 3 3\n2 2 3 3\n", "01/23"},
		{"3\n5 5 5\n5 5 5\n5 5 5\n", "5"},
		{"3\n0 0 1\n0 0 1\n0 0 2\n", "01/02"},
	} {
		var rows []string
		for _, row := range Core(mustBoard(t, tc.board)) {
			var sb strings.Builder
			for _, v := range row {
				sb.WriteByte('0' + v)
			}
			rows = append(rows, sb.String())
		}
		if got := strings.Join(rows, "/"); got != tc.want {
			t.Errorf("Core(%q) = %s, want %s", tc.board, got, tc.want)
		}
	}
}

// TestEmbeds: a hidden board padded with new colours, anywhere, in any
// symmetry, scaled and recoloured, is found; boards that only share some
// cells are not.
func TestEmbeds(t *testing.T) {
	hidden := Core(mustBoard(t, "3\n0 1 2\n1 1 2\n2 2 1\n"))
	for _, tc := range []struct {
		name, board string
		want        bool
	}{
		{"itself", "3\n0 1 2\n1 1 2\n2 2 1\n", true},
		{"a row and a column of a new colour", "4\n0 1 2 3\n1 1 2 3\n2 2 1 3\n3 3 3 3\n", true},
		{"new colour above and to the left", "4\n3 3 3 3\n3 0 1 2\n3 1 1 2\n3 2 2 1\n", true},
		{"framed by two new colours", "5\n4 4 4 4 4\n4 0 1 2 3\n4 1 1 2 3\n4 2 2 1 3\n4 3 3 3 3\n", true},
		{"rotated and recoloured", "3\n8 7 9\n8 7 7\n7 8 8\n", true},
		{"scaled by two and padded", "7\n0 0 1 1 2 2 5\n0 0 1 1 2 2 5\n1 1 1 1 2 2 5\n1 1 1 1 2 2 5\n2 2 2 2 1 1 5\n2 2 2 2 1 1 5\n5 5 5 5 5 5 5\n", true},
		{"one cell changed", "4\n0 1 2 3\n1 1 2 3\n2 2 2 3\n3 3 3 3\n", false},
		{"two colours merged", "4\n0 1 1 3\n1 1 1 3\n1 1 1 3\n3 3 3 3\n", false},
		{"smaller", "2\n0 1\n1 1\n", false},
	} {
		if got := Embeds(mustBoard(t, tc.board), hidden); got != tc.want {
			t.Errorf("%s: Embeds(%q) = %v, want %v", tc.name, tc.board, got, tc.want)
		}
	}
}

// TestEmbeddedOptimum is why Embeds exists: the padded board's optimum
// tells the hidden one's (one more move).
func TestEmbeddedOptimum(t *testing.T) {
	h := mustBoard(t, "3\n0 1 2\n1 1 2\n2 2 1\n")
	p := mustBoard(t, "4\n0 1 2 3\n1 1 2 3\n2 2 1 3\n3 3 3 3\n")
	if GraphKey(h) == GraphKey(p) {
		t.Fatal("the padded board has the hidden board's graph key: this test no longer shows the gap")
	}
	hs, err := Solve(t.Context(), h, nil)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := Solve(t.Context(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps.Moves) != len(hs.Moves)+1 {
		t.Errorf("optimum of the padded board %d, of the hidden %d: want one more", len(ps.Moves), len(hs.Moves))
	}
}

func TestGridRegions(t *testing.T) {
	if n := Core(mustBoard(t, "3\n0 1 2\n1 1 2\n2 2 1\n")).Regions(); n != 5 {
		t.Errorf("Regions = %d, want 5", n)
	}
}
