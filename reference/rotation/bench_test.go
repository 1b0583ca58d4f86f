package rotation

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"

	"puzzlejudge/internal/testutil"
)

// benchBoardCount is the size of the benchmark set: classic boards (eight
// squares of each symbol) drawn from a fixed seed.
const benchBoardCount = 10000

var idaBoards = flag.Int("ida-boards", 0, "compare Solve with the IDA* baseline on this many benchmark boards (0: skip)")

func benchBoards() []Board {
	r := rand.New(rand.NewPCG(2286, 1343))
	bs := make([]Board, benchBoardCount)
	for i := range bs {
		bs[i] = randomBoard(r)
	}
	return bs
}

// TestBenchBoardsAgainstIDA runs only with -ida-boards=N: it checks that
// the answers of both solvers agree on the first N benchmark boards (the
// whole set takes minutes with IDA*).
//
//	go test ./reference/rotation/ -run BenchBoardsAgainstIDA -timeout 90m -ida-boards=10000
func TestBenchBoardsAgainstIDA(t *testing.T) {
	if *idaBoards <= 0 {
		t.Skip("set -ida-boards=N to compare on N benchmark boards")
	}
	hist := map[int]int{}
	for i, b := range benchBoards()[:min(*idaBoards, benchBoardCount)] {
		fast, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		slow, err := solveIDA(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		if fast.Answer() != slow.Answer() {
			t.Errorf("board %d %s: Solve %q, IDA* %q", i, Format(b), fast.Answer(), slow.Answer())
		}
		hist[fast.Len()]++
	}
	t.Logf("optimal lengths: %v", hist)
}

// wideBenchBoards returns boards that are legal but never classic: half
// with 24 independent symbols, half with one symbol on 12 to 23 squares.
func wideBenchBoards() []Board {
	r := rand.New(rand.NewPCG(2286, 24))
	bs := make([]Board, benchBoardCount)
	for i := range bs {
		if i%2 == 0 {
			bs[i] = randomWide(r)
		} else {
			bs[i] = veryWide(r)
		}
	}
	return bs
}

func benchmarkSolver(b *testing.B, boards []Board, solve func(context.Context, Board, Progress) (Solution, error)) {
	ctx := context.Background()
	if _, err := distances(ctx); err != nil { // the table is measured on its own
		b.Fatal(err)
	}
	moves := 0
	cpu0 := cpuTime(b)
	b.ResetTimer()
	for i := range b.N {
		s, err := solve(ctx, boards[i%len(boards)], nil)
		if err != nil {
			b.Fatal(err)
		}
		moves += s.Len()
	}
	b.StopTimer()
	b.ReportMetric(float64(cpuTime(b)-cpu0)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/board")
}

// cpuTime returns the CPU time (user + system) of the process in
// nanoseconds: on a shared machine it varies less than the wall clock. The
// benchmarks run with -cpu 1, so it is the time of the solver.
func cpuTime(*testing.B) int64 { return int64(testutil.CPUTime()) }

// BenchmarkSolve measures the table-driven solver per board; with
// -benchtime=10000x every benchmark board is solved once.
func BenchmarkSolve(b *testing.B) { benchmarkSolver(b, benchBoards(), Solve) }

// BenchmarkSolveWide measures Solve on boards where a symbol has more than
// eight squares, which enumerate the 8-square subsets of that symbol.
func BenchmarkSolveWide(b *testing.B) { benchmarkSolver(b, wideBenchBoards(), Solve) }

// BenchmarkSolveIDA measures the classic IDA* baseline on the same boards.
func BenchmarkSolveIDA(b *testing.B) { benchmarkSolver(b, benchBoards(), solveIDA) }

// BenchmarkBuildTable measures building the distance table from scratch,
// which the first Solve of a process waits for.
func BenchmarkBuildTable(b *testing.B) {
	b.ReportAllocs()
	cpu0 := cpuTime(b)
	for range b.N {
		if d := buildTable(); len(d) != arrangements {
			b.Fatal("short table")
		}
	}
	b.ReportMetric(float64(cpuTime(b)-cpu0)/float64(b.N), "cpu-ns/op")
}
