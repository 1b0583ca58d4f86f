package rotation

import (
	"context"
	"flag"
	"math/rand/v2"
	"strings"
	"testing"
)

var explore = flag.Int("explore", 0, "search this many random boards for deep optima and print the deepest (0: skip)")

// boardDistance returns the optimal number of moves of a valid board.
func boardDistance(t testing.TB, b Board) int {
	dist, err := distances(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	o := optimalSets{ctx: context.Background(), dist: dist, d: unreached}
	for s := uint8(1); s <= Symbols; s++ {
		if err := o.add(b.mask(s)); err != nil {
			t.Fatal(err)
		}
	}
	return o.d
}

// TestExplore looks for the deepest classic boards: random ones, then a climb
// that swaps two squares while that does not make the board shallower. It
// produced the deep cases of problems/rotation/tests.
//
//	go test ./reference/rotation/ -run Explore -v -explore=60000
func TestExplore(t *testing.T) {
	if *explore <= 0 {
		t.Skip("set -explore=N")
	}
	r := rand.New(rand.NewPCG(14, 1667))
	best := 0
	var deepest []Board
	for range *explore {
		b := randomBoard(r)
		d := boardDistance(t, b)
		for range 200 {
			i, j := r.IntN(Squares), r.IntN(Squares)
			c := b
			c.Squares[i], c.Squares[j] = c.Squares[j], c.Squares[i]
			if dc := boardDistance(t, c); dc >= d {
				b, d = c, dc
			}
		}
		switch {
		case d > best:
			best, deepest = d, []Board{b}
		case d == best && len(deepest) < 5:
			deepest = append(deepest, b)
		}
	}
	for _, b := range deepest {
		s, _ := Solve(context.Background(), b, nil)
		t.Logf("%d moves: %s -> %q", best, strings.TrimSpace(Format(b)), s.Answer())
	}
}

// TestDeepestClassic shows that no classic board (eight squares of each
// symbol) needs 14 moves: that would take three disjoint arrangements all at
// 14 moves, the deepest level of the table. With the 13-move boards TestExplore
// finds, 13 is the most a classic board needs.
func TestDeepestClassic(t *testing.T) {
	dist, err := distances(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var deepest []uint32
	for m := uint32(1<<8 - 1); m < 1<<Squares; {
		if dist[rank(m)] == 14 {
			deepest = append(deepest, m)
		}
		c := m & -m // next mask with 8 bits (Gosper's hack)
		r := m + c
		m = ((r^m)>>2)/c | r
	}
	if len(deepest) != 188 {
		t.Fatalf("%d arrangements at 14 moves, want 188", len(deepest))
	}
	const all = 1<<Squares - 1
	for _, a := range deepest {
		for _, b := range deepest {
			if a&b == 0 && dist[rank(all&^(a|b))] == 14 {
				t.Errorf("classic board with all three symbols at 14 moves: %024b %024b", a, b)
			}
		}
	}
}
