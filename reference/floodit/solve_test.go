package floodit

import (
	"context"
	"errors"
	"math/bits"
	"math/rand/v2"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
)

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

// randomBoard returns an n x n board with colours drawn from 0..colors-1.
func randomBoard(rng *rand.Rand, n, colors int) Board {
	rows := make([][]int, n)
	for r := range rows {
		rows[r] = make([]int, n)
		for c := range rows[r] {
			rows[r][c] = rng.IntN(colors)
		}
	}
	b, err := NewBoard(rows)
	if err != nil {
		panic(err)
	}
	return b
}

// bruteForce returns the optimal number of moves by breadth-first search
// over whole boards with the simulator, trying every colour at every step:
// slow, but independent of the region graph, the bound and the pruning.
func bruteForce(b Board) int {
	if b.Flooded() {
		return 0
	}
	seen := map[Board]bool{b: true}
	layer := []Board{b}
	for depth := 1; ; depth++ {
		var next []Board
		for _, s := range layer {
			for c := 0; c < s.Colors(); c++ {
				t := Flood(s, c)
				if t.Flooded() {
					return depth
				}
				if !seen[t] {
					seen[t] = true
					next = append(next, t)
				}
			}
		}
		layer = next
	}
}

func TestSolveSamples(t *testing.T) {
	tests := []struct {
		board string
		want  int
	}{
		{"2\n0 0\n0 0\n", 0},
		{"3\n0 1 2\n1 1 2\n2 2 1\n", 3},
		{"1\n4\n", 0},
		{"2\n0 1\n1 0\n", 2},
	}
	for _, tc := range tests {
		sol, err := Solve(context.Background(), mustBoard(t, tc.board), nil)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Len() != tc.want || !sol.Solvable {
			t.Errorf("Solve(%q) = %d moves (%q), want %d", tc.board, sol.Len(), sol.MovesText(), tc.want)
		}
	}
}

// TestSolveAgainstBruteForce checks optimality and the move sequence on 2400
// random small boards, N <= 5 with 2..6 colours.
func TestSolveAgainstBruteForce(t *testing.T) {
	rng := newRand(2)
	count := 2400
	if testutil.Quick() {
		count = 300
	}
	for i := range count {
		n := 1 + i%5
		colors := 2 + (i/5)%5
		b := randomBoard(rng, n, colors)
		want := bruteForce(b)
		sol, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		if sol.Len() != want {
			t.Fatalf("Solve(%q) = %d moves (%q), brute force says %d", Format(b), sol.Len(), sol.MovesText(), want)
		}
		r := Replay(b, sol.MovesText())
		if !r.Solved || r.BadIndex != 0 || r.Used != want {
			t.Fatalf("moves %q of Solve(%q) replay to %+v", sol.MovesText(), Format(b), r)
		}
	}
}

// TestBoundAdmissible checks on random mid-sized boards that the bound at the
// start never exceeds the optimum, and that the bound on large sets of
// regions matches between the four-word and the general code.
func TestBoundAdmissible(t *testing.T) {
	rng := newRand(3)
	for i := range 300 {
		b := randomBoard(rng, 2+i%4, 2+i%5)
		g := newGraph[[8]uint64](label(b))
		var flooded [8]uint64
		setBit(&flooded, 0)
		h := g.bound(flooded, g.adj[0], g.outside(flooded), 1000)
		g4 := newGraph[[3]uint64](label(b))
		var f4 [3]uint64
		setBit(&f4, 0)
		if h4 := g4.bound(f4, g4.adj[0], g4.outside(f4), 1000); h4 != h {
			t.Fatalf("bound of %q: %d with four words, %d with eight", Format(b), h4, h)
		}
		if want := bruteForce(b); h > want {
			t.Fatalf("bound of %q = %d, above the optimum %d", Format(b), h, want)
		}
	}
}

func TestSolveDeterministic(t *testing.T) {
	rng := newRand(4)
	for range 20 {
		b := randomBoard(rng, 8, 6)
		a, _ := Solve(context.Background(), b, nil)
		c, _ := Solve(context.Background(), b, nil)
		if a.MovesText() != c.MovesText() {
			t.Fatalf("Solve(%q) gave %q then %q", Format(b), a.MovesText(), c.MovesText())
		}
	}
}

func TestSolveLargeBoards(t *testing.T) {
	rng := newRand(5)
	for _, tc := range []struct{ n, colors int }{{30, 2}, {30, 3}, {16, 4}, {8, 16}, {25, 1}} {
		b := randomBoard(rng, tc.n, tc.colors)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		sol, err := Solve(ctx, b, nil)
		cancel()
		if err != nil {
			t.Fatalf("Solve(%dx%d, %d colours): %v", tc.n, tc.n, tc.colors, err)
		}
		if r := Replay(b, sol.MovesText()); !r.Solved {
			t.Fatalf("Solve(%dx%d, %d colours) moves do not flood", tc.n, tc.n, tc.colors)
		}
	}
}

// TestSolveCancel checks that a long solve stops soon after its context's
// end (within cancelAllowance, a liveness bound: it takes milliseconds), and
// that Progress is called (checked without a clock by checkFirstProgress).
func TestSolveCancel(t *testing.T) {
	b := randomBoard(newRand(6), 30, 8) // far beyond what the solver finishes quickly
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		time.Sleep(50 * time.Millisecond)
		cancel()
	}()
	start := time.Now()
	_, err := Solve(ctx, b, nil)
	took := time.Since(start)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Solve after cancel: err = %v, want context.Canceled", err)
	}
	if took > 50*time.Millisecond+cancelAllowance {
		t.Errorf("Solve returned %v after the start, cancelled at 50ms", took)
	}
	t.Logf("cancelled at 50ms, returned after %v", took)
	checkFirstProgress(t, b)
	if _, err := Solve(ctx, b, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve with a cancelled context: err = %v", err)
	}
}

// TestBeamShortcut checks the answers when the beam search runs at once, so
// that its upper bound ends the search on small boards too.
func TestBeamShortcut(t *testing.T) {
	rng := newRand(7)
	for i := range 300 {
		b := randomBoard(rng, 3+i%6, 3+i%4)
		want, _ := Solve(context.Background(), b, nil)
		moves, _, err := solveWith[[3]uint64](label(b), nil, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(moves) != want.Len() {
			t.Fatalf("board %q: %d moves with the beam at once, %d without", Format(b), len(moves), want.Len())
		}
		if r := Replay(b, Solution{Moves: moves}.MovesText()); !r.Solved {
			t.Fatalf("board %q: beam moves %v do not flood", Format(b), moves)
		}
		if n := b.N(); n <= 5 {
			if bf := bruteForce(b); bf != len(moves) {
				t.Fatalf("board %q: %d moves, brute force %d", Format(b), len(moves), bf)
			}
		}
	}
}

// TestLookaheadAdmissible checks the lookahead of bound.go where it acts: on
// random boards after random moves, the bound asked with its layer value as
// the limit may answer one more, and that must never pass the optimum. It
// also checks that the lookahead does raise the bound on some boards, so
// that the test cannot pass by never running it.
func TestLookaheadAdmissible(t *testing.T) {
	rng := newRand(8)
	count := 4000
	if testutil.Quick() {
		count = 300
	}
	raised := 0
	for i := range count {
		n, colors := 4+i%2, 3+(i/2)%4
		b := randomBoard(rng, n, colors)
		for range rng.IntN(4) {
			b = Flood(b, rng.IntN(colors))
		}
		g := newGraph[[3]uint64](label(b))
		var fl [3]uint64
		setBit(&fl, 0)
		rem := g.outside(fl)
		h := g.layers(fl, g.adj[0], rem, 1000, nil)
		h2 := g.bound(fl, g.adj[0], rem, h)
		if h2 < h {
			t.Fatalf("bound of %q: %d with the lookahead, %d without", Format(b), h2, h)
		}
		if h2 > h {
			raised++
			if want := bruteForce(b); h2 > want {
				t.Fatalf("bound of %q with the lookahead = %d, above the optimum %d", Format(b), h2, want)
			}
		}
	}
	if raised < count/100 {
		t.Fatalf("the lookahead raised the bound on %d of %d boards only", raised, count)
	}
	t.Logf("the lookahead raised the bound on %d of %d boards", raised, count)
}

// TestLayers3 checks that the scalar three- and four-word recursions
// compute what the general one does: the same value and the same recorded
// layer steps, on states reached by random moves, with limits below, at and
// above it.
func TestLayers3(t *testing.T) {
	rng := newRand(9)
	for i := range 300 {
		b := randomBoard(rng, 4+i%15, 3+i%14) // up to MaxColors: the assembly keeps one bit per colour
		l := label(b)
		switch {
		case l.r <= 192:
			checkLayers(t, b, newGraph[[3]uint64](l), rng)
		case l.r <= 256:
			checkLayers(t, b, newGraph[[4]uint64](l), rng)
		}
	}
}

func checkLayers[B bitset](t *testing.T, b Board, g *graph[B], rng *rand.Rand) {
	t.Helper()
	var fl B
	setBit(&fl, 0)
	fr, rem := g.adj[0], g.outside(fl)
	for rem != 0 {
		full := g.layers(fl, fr, rem, 1000, nil)
		for _, limit := range []int{full - 2, full - 1, full, full + 1} {
			var want, got snapshots[B]
			generalLayers = true
			h := g.layers(fl, fr, rem, limit, &want)
			generalLayers = false
			if h3 := g.layers(fl, fr, rem, limit, &got); h3 != h || got != want {
				t.Fatalf("board %q: scalar layers = %d %+v, layers = %d %+v", Format(b), h3, got, h, want)
			}
		}
		cand, _ := g.candidates(&fl, &fr, rem)
		k := bits.TrailingZeros32(cand)
		for range rng.IntN(bits.OnesCount32(cand)) {
			cand &= cand - 1
			k = bits.TrailingZeros32(cand)
		}
		fl, fr, _, rem = g.child(fl, fr, rem, k)
	}
}
