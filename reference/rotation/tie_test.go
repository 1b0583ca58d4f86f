package rotation

import (
	"context"
	"math/rand/v2"
	"testing"

	"puzzlejudge/internal/testutil"
)

// symbolSolve returns the smallest move string of exactly l moves that fills
// the centre with symbol s alone, by plain depth-first search cut by "8 minus
// the centre squares holding s" (a move brings one square into the centre).
func symbolSolve(b Board, s uint8, l int) (string, bool) {
	return firstMoves(b, l, func(b Board, left int) (bool, bool) {
		in := 0
		for _, c := range centre {
			if b.Squares[c] == s {
				in++
			}
		}
		return in == 8 && left == 0, 8-in > left || left == 0
	})
}

// TestSolveTies checks the rule for boards where several symbols can fill
// the centre in the optimal number of moves: the answer is the smallest
// string over all of them, and the symbol is the one it fills the centre
// with. It compares Solve with the best of the per-symbol answers on random
// boards and insists that ties, won by either symbol, did occur.
func TestSolveTies(t *testing.T) {
	n := 80
	if testutil.Quick() {
		n = 25
	}
	r := rand.New(rand.NewPCG(3, 1667))
	ties, lostByFirst := 0, 0
	for range n {
		b := halfCentre(r)
		// The optimum is the first length at which some symbol succeeds;
		// no symbol can do it in fewer moves (a string that fills the
		// centre with s in fewer moves would have been found at that length).
		best, bestSym, atBest := "", 0, 0
		for l := 0; bestSym == 0; l++ {
			for s := uint8(1); s <= Symbols; s++ {
				w, ok := symbolSolve(b, s, l)
				if !ok {
					continue
				}
				atBest++
				if bestSym == 0 || w < best {
					if bestSym != 0 {
						lostByFirst++
					}
					best, bestSym = w, int(s)
				}
			}
		}
		if atBest > 1 {
			ties++
		}
		got, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatalf("Solve(%s): %v", Format(b), err)
		}
		if got.MovesText() != best || got.Symbol != bestSym {
			t.Errorf("Solve(%s) = %q symbol %d, want %q symbol %d", Format(b), got.MovesText(), got.Symbol, best, bestSym)
		}
	}
	if ties == 0 || lostByFirst == 0 {
		t.Errorf("%d boards: %d ties, %d won by a later symbol; the test needs both", n, ties, lostByFirst)
	}
	t.Logf("%d boards: %d ties, %d won by a later symbol", n, ties, lostByFirst)
}

// halfCentre returns a classic board whose centre holds four squares of each
// of two symbols, so that both are often equally far from filling it.
func halfCentre(r *rand.Rand) Board {
	var b Board
	var rest []uint8
	for i := range 16 {
		rest = append(rest, uint8(1+i/4%2)) // four 1s and four 2s...
	}
	for i := 8; i < 16; i++ {
		rest[i] = 3 // ...then eight 3s
	}
	r.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	mid := []uint8{1, 1, 1, 1, 2, 2, 2, 2}
	r.Shuffle(len(mid), func(i, j int) { mid[i], mid[j] = mid[j], mid[i] })
	k := 0
	for i := range b.Squares {
		if isCentre(i) {
			b.Squares[i] = mid[0]
			mid = mid[1:]
		} else {
			b.Squares[i] = rest[k]
			k++
		}
	}
	// Relabel at random so that neither symbol is always the smaller.
	perm := r.Perm(Symbols)
	for i, v := range b.Squares {
		b.Squares[i] = uint8(perm[v-1] + 1)
	}
	return b
}
