package fifteen

import (
	"math/rand/v2"
	"testing"

	"puzzlejudge/internal/testutil"
)

// uvaSample is the first case of UVA 10181's sample input; its classic
// answer is LLLDRDRDR (nine moves, optimal).
const uvaSample = "2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n"

// uvaSample2 is the second case of the sample: not solvable.
const uvaSample2 = "13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n"

func mustParse(tb testing.TB, text string) Board {
	tb.Helper()
	return testutil.MustParse(tb, ParseCase, text)
}

// play applies a move text known to be legal.
func play(tb testing.TB, b Board, text string) Board {
	tb.Helper()
	r := Replay(b, text)
	if r.BadIndex != 0 {
		tb.Fatalf("Replay(%q): move %d %q: %s", text, r.BadIndex, r.BadToken, r.Reason)
	}
	return r.Final
}

// walkBoards returns count boards of width reached by random walks of k
// moves from a fixed seed.
func walkBoards(width, k, count int) []Board {
	rng := rand.New(rand.NewPCG(uint64(width), uint64(k)))
	out := make([]Board, count)
	for i := range out {
		out[i] = randomWalk(rng, Goal(width), k)
	}
	return out
}
