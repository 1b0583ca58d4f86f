package mayan

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// mustBoard builds a board from its columns, each written bottom up
// ("1 2 3"; "" for an empty column), through the classic parser.
func mustBoard(t testing.TB, n int, cols ...string) Board {
	t.Helper()
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(n) + "\n")
	for x := 0; x < Width; x++ {
		c := ""
		if x < len(cols) {
			c = cols[x]
		}
		sb.WriteString(strings.TrimSpace(c+" 0") + "\n")
	}
	b, err := ParseCase(sb.String())
	if err != nil {
		t.Fatalf("board %q: %v", cols, err)
	}
	return b
}

// columns writes the board's columns as mustBoard reads them.
func columns(b Board) []string {
	out := make([]string, Width)
	for x := range out {
		var parts []string
		for _, v := range b.Column(x) {
			parts = append(parts, strconv.Itoa(v))
		}
		out[x] = strings.Join(parts, " ")
	}
	return out
}

func TestApplyRules(t *testing.T) {
	tests := []struct {
		name    string
		cols    []string
		move    Move
		want    []string
		cleared int
		rounds  int
	}{
		{"swap onto a block", []string{"1 2", "3 4"}, Move{0, 1, 1},
			[]string{"1 4", "3 2", "", "", ""}, 0, 0},
		{"left swap onto a block", []string{"1 2", "3 4"}, Move{1, 0, -1},
			[]string{"3 2", "1 4", "", "", ""}, 0, 0},
		{"fall into an empty column, blocks above fall too", []string{"1 2 3"}, Move{0, 1, 1},
			[]string{"1 3", "2", "", "", ""}, 0, 0},
		{"fall left onto a lower column", []string{"7", "4 5 6"}, Move{1, 2, -1},
			[]string{"7 6", "4 5", "", "", ""}, 0, 0},
		{"nothing vanishes while falling", []string{"2 1", "2 1", "", "3 4 1"}, Move{3, 2, -1},
			[]string{"2 1", "2 1", "1", "3 4", ""}, 0, 0},
		{"two runs vanish at the same moment", []string{"1", "1", "2", "1 2 2"}, Move{2, 0, 1},
			[]string{"", "", "", "", ""}, 6, 1},
		{"a cross of five vanishes at once", []string{"3", "3", "1 3 3", "3"}, Move{2, 0, 1},
			[]string{"", "", "", "1", ""}, 5, 1},
		{"a horizontal run of four", []string{"4", "4", "", "4 4"}, Move{3, 1, -1},
			[]string{"", "", "", "", ""}, 4, 1},
		{"a horizontal run of five", []string{"5", "5", "", "5 5", "5"}, Move{3, 1, -1},
			[]string{"", "", "", "", ""}, 5, 1},
		{"a vertical run of four", []string{"7 7 8 7", "1 2 7"}, Move{0, 2, 1},
			[]string{"", "1 2 8", "", "", ""}, 4, 1},
		{"a chain reaction of three rounds", []string{"5 6 5 5 7", "7 6", "7 8", "9 6"}, Move{3, 1, -1},
			[]string{"", "", "", "9 8", ""}, 9, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := mustBoard(t, 1, tc.cols...)
			if r := b.Check(tc.move); r != "" {
				t.Fatalf("Check(%v) = %q, want legal", tc.move, r)
			}
			got, cleared, rounds := b.Apply(tc.move)
			if g := columns(got); strings.Join(g, "|") != strings.Join(tc.want, "|") {
				t.Errorf("Apply(%v) = %q, want %q", tc.move, g, tc.want)
			}
			if cleared != tc.cleared || rounds != tc.rounds {
				t.Errorf("Apply(%v) cleared %d blocks in %d rounds, want %d in %d", tc.move, cleared, rounds, tc.cleared, tc.rounds)
			}
		})
	}
}

func TestCheckIllegal(t *testing.T) {
	b := mustBoard(t, 1, "1 2", "3", "", "4", "5 6")
	tests := []struct {
		move Move
		want string
	}{
		{Move{4, 0, 1}, "moves off the board: there is no column 5"},
		{Move{0, 0, -1}, "moves off the board: there is no column -1"},
		{Move{5, 0, -1}, "x = 5 is outside the board (columns 0..4)"},
		{Move{0, 7, 1}, "y = 7 is outside the board (rows 0..6)"},
		{Move{0, -1, 1}, "y = -1 is outside the board (rows 0..6)"},
		{Move{0, 0, 2}, "direction 2 is neither 1 (right) nor -1 (left)"},
		{Move{0, 0, 0}, "direction 0 is neither 1 (right) nor -1 (left)"},
		{Move{2, 0, 1}, "there is no block at (2,0)"},
		{Move{1, 1, 1}, "there is no block at (1,1)"},
	}
	for _, tc := range tests {
		if got := b.Check(tc.move); got != tc.want {
			t.Errorf("Check(%v) = %q, want %q", tc.move, got, tc.want)
		}
		if got, _, _ := b.Apply(tc.move); got != b {
			t.Errorf("Apply(%v) changed the board", tc.move)
		}
	}
}

func TestSwapOfEqualBlocksIsNoMove(t *testing.T) {
	b := mustBoard(t, 1, "1 2", "1 3")
	want := "the block at (1,0) has the same colour as the one it would swap with: that changes nothing and is not a move"
	if got := b.Check(Move{1, 0, -1}); got != want {
		t.Errorf("Check(1 0 -1) = %q, want %q", got, want)
	}
	if got, _, _ := b.Apply(Move{0, 0, 1}); got != b {
		t.Errorf("swapping two equal blocks changed the board to %q", columns(got))
	}
}

// TestCascadeNearMoveMatchesFull checks that looking for vertical runs only
// in the columns just changed (cascade's lo..hi) finds every run: after every
// move on random stable boards, the board and the counts match a cascade
// that searches every column each round.
func TestCascadeNearMoveMatchesFull(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 5))
	for i := range 2000 {
		b := denseBoard(rng, 1, 2+rng.IntN(3))
		if i%2 == 0 { // full boards of few colours make long chain reactions
			b = fullBoard(rng, 1, 3)
		}
		for x := 0; x < Width; x++ {
			for y := 0; y < b.ColumnHeight(x); y++ {
				for _, g := range []int{1, -1} {
					m := Move{x, y, g}
					if b.Check(m) != "" {
						continue
					}
					near, full := b.cols, b.cols
					drag(&near, x, y, x+g)
					drag(&full, x, y, x+g)
					nc, nr := cascade(&near, nil, min(x, x+g), max(x, x+g))
					fc, fr := 0, 0
					for {
						mark, any := runs(&full)
						if !any {
							break
						}
						fc += clearMarked(&full, &mark, nil)
						fr++
					}
					if near != full || nc != fc || nr != fr {
						t.Fatalf("board %q, move %v: near the move %v (%d, %d), full %v (%d, %d)", columns(b), m, near, nc, nr, full, fc, fr)
					}
				}
			}
		}
	}
}
