package mayan

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
)

// cpuTime returns the CPU time used by the process so far. The machine the
// figures come from is shared, so wall time per op is inflated by waiting;
// CPU time per op (with -cpu 1) is what the search itself costs.
var cpuTime = testutil.CPUTime

// fullBoard returns a board of n moves with all 35 cells filled with
// colours 1..colours, without a run and without a colour of one or two
// blocks (such boards are rejected at once, which would flatter the figures).
func fullBoard(rng *rand.Rand, n, colors int) Board {
	for {
		b := Board{N: n}
		var counts [16]int
		for x := 0; x < Width; x++ {
			for y := 0; y < Height; y++ {
				v := 1 + rng.IntN(colors)
				counts[v]++
				b.cols[x] = setCell(b.cols[x], y, v)
			}
		}
		ok := true
		for _, c := range counts {
			ok = ok && c != 1 && c != 2
		}
		if _, any := runs(&b.cols); !any && ok {
			return b
		}
	}
}

// fullBoards returns the benchmark set: count full boards with n = 5, their
// colours spread over 3..10.
func fullBoards(count int) []Board {
	rng := rand.New(rand.NewPCG(5, 35))
	bs := make([]Board, count)
	for i := range bs {
		bs[i] = fullBoard(rng, 5, 3+i%8)
	}
	return bs
}

func BenchmarkSolveSample(b *testing.B) {
	bd := mustBoard(b, 3, "1", "2 1", "2 3 4", "3 1", "2 4 3 4")
	for b.Loop() {
		if _, err := Solve(context.Background(), bd, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolveFullBoards solves 200 full boards with n = 5 per op and
// reports the mean and the slowest board.
func BenchmarkSolveFullBoards(b *testing.B) {
	bs := fullBoards(200)
	var worst time.Duration
	cpu := cpuTime()
	for b.Loop() {
		for _, bd := range bs {
			start := cpuTime()
			if _, err := Solve(context.Background(), bd, nil); err != nil {
				b.Fatal(err)
			}
			worst = max(worst, cpuTime()-start)
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(b.N*len(bs)), "cpu-ms/board")
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-cpu-ms")
}

// BenchmarkSolveWorst solves the hardest full boards found by TestHuntHard:
// the hardest for the solver before transfer.go (hardColumns), and the
// hardest found after it.
func BenchmarkSolveWorst(b *testing.B) {
	for _, hard := range []struct {
		name string
		cols []string
	}{{"first", hardColumns}, {"second", hardColumns2}} {
		b.Run(hard.name, func(b *testing.B) {
			bd := mustBoard(b, 5, hard.cols...)
			var nodes int64
			cpu := cpuTime()
			for b.Loop() {
				s, err := Solve(context.Background(), bd, nil)
				if err != nil {
					b.Fatal(err)
				}
				nodes = s.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
			b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// hardColumns2 is the full board with the largest search that TestHuntHard
// found once the transfer pruning was in (16 starts): no five moves clear it.
var hardColumns2 = []string{"1 2 2 1 2 1 2", "3 3 1 3 1 3 3", "2 1 3 1 3 2 1", "1 3 2 3 2 3 2", "2 2 1 2 1 2 1"}

var hunt = flag.Int("hunt", 0, "TestHuntHard: number of random full boards to start hill climbs from")

// TestHuntHard looks for the full board with n = 5 whose search visits the
// most nodes: random starts, then random changes of one cell kept while
// they make the search larger. It only runs with -hunt N.
func TestHuntHard(t *testing.T) {
	if *hunt == 0 {
		t.Skip("run with -hunt N")
	}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	cost := func(b Board) int64 {
		s, _ := Solve(context.Background(), b, nil)
		return s.Nodes
	}
	var best Board
	var bestCost int64
	for i := 0; i < *hunt; i++ {
		b := fullBoard(rng, 5, 3+rng.IntN(2))
		c := cost(b)
		for step := 0; step < 300; step++ {
			next := b
			x, y := rng.IntN(Width), rng.IntN(Height)
			next.cols[x] = setCell(next.cols[x], y, 1+rng.IntN(4))
			if _, any := runs(&next.cols); any {
				continue
			}
			if nc := cost(next); nc >= c {
				b, c = next, nc
			}
		}
		if c > bestCost {
			best, bestCost = b, c
			t.Logf("start %d: %d nodes: %q", i, c, columns(best))
		}
	}
}

// BenchmarkCancelLatency measures how long Solve takes to return once its
// context is cancelled in the middle of a long search (n = 7, full board).
func BenchmarkCancelLatency(b *testing.B) {
	bd := hardBoard(b)
	bd.N = MaxMoves
	var worst time.Duration
	for b.Loop() {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan time.Time)
		go func() {
			Solve(ctx, bd, nil)
			done <- time.Now()
		}()
		time.Sleep(5 * time.Millisecond)
		at := time.Now()
		cancel()
		worst = max(worst, (<-done).Sub(at))
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
}
