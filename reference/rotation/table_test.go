package rotation

import (
	"math/bits"
	"testing"
)

// nextMask returns the next larger mask with as many bits (Gosper's hack).
func nextMask(m uint32) uint32 {
	c := m & -m
	r := m + c
	return ((r^m)>>2)/c | r
}

// TestRank checks that rank numbers the 8-square masks 0, 1, 2, ... in
// increasing order of the masks, which is the order of the combinatorial
// number system, so it is a bijection onto 0..arrangements-1.
func TestRank(t *testing.T) {
	want := uint32(0)
	for m := uint32(1<<8 - 1); m < 1<<Squares; m = nextMask(m) {
		if got := rank(m); got != want {
			t.Fatalf("rank(%024b) = %d, want %d", m, got, want)
		}
		want++
	}
	if want != arrangements {
		t.Errorf("%d masks of 8 squares, want %d", want, arrangements)
	}
}

// TestMoveMask checks the mask form of each move against Apply.
func TestMoveMask(t *testing.T) {
	b := numbered()
	for m := range 8 {
		after := b.Apply(Move('A' + m))
		for sq := range Squares {
			// The mark on square sq goes where its symbol (sq+1) went.
			want := uint32(0)
			for i, v := range after.Squares {
				if int(v) == sq+1 {
					want = 1 << i
				}
			}
			if got := moveMask(m, 1<<sq); got != want {
				t.Errorf("moveMask(%c, square %d) = %024b, want %024b", 'A'+m, sq+1, got, want)
			}
		}
	}
}

// TestTable checks the table's shape: every arrangement reached, the centre
// at 0, exactly the 8 one-move arrangements at 1, each with a neighbour one
// closer, and none at more than 14 moves.
func TestTable(t *testing.T) {
	dist := buildTable()
	var count [256]int
	for m := uint32(1<<8 - 1); m < 1<<Squares; m = nextMask(m) {
		d := dist[rank(m)]
		count[d]++
		if d == unreached || d > 14 {
			t.Fatalf("arrangement %024b at %d moves", m, d)
		}
		if d == 0 {
			if m != centreMask {
				t.Errorf("arrangement %024b at 0 moves is not the centre", m)
			}
			continue
		}
		closer := false
		for mv := range 8 {
			dn := dist[rank(moveMask(mv, m))]
			if dn+1 < d {
				t.Fatalf("arrangement %024b at %d moves has a neighbour at %d", m, d, dn)
			}
			closer = closer || dn+1 == d
		}
		if !closer {
			t.Fatalf("arrangement %024b at %d moves has no neighbour one closer", m, d)
		}
	}
	if count[0] != 1 || count[1] != 8 || bits.OnesCount32(centreMask) != 8 {
		t.Errorf("%d arrangements at 0 moves and %d at 1, want 1 and 8", count[0], count[1])
	}
}
