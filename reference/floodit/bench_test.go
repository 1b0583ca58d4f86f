package floodit

import (
	"bufio"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
)

// dataDir returns where the shared benchmark boards live: $FLOODIT_DATA if
// set, else the first shared/data/floodit found going up from this package
// (the main checkout /work/main and the worktrees /work/wt/NAME both sit
// below /work, next to /work/shared). A fixed relative path found the data
// from one of them only, and the benchmarks skipped silently in the other.
func dataDir() string {
	if d := os.Getenv("FLOODIT_DATA"); d != "" {
		return d
	}
	dir, err := filepath.Abs(".")
	if err != nil {
		return filepath.Join("shared", "data", "floodit")
	}
	for {
		d := filepath.Join(dir, "shared", "data", "floodit")
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return d
		}
		dir = parent
	}
}

// benchSet is a file of benchmark boards with their known optima.
type benchSet struct {
	boards []Board
	optima []int
}

// benchBoards, when positive, limits every benchmark set to its first boards,
// for quick comparisons (-bench-boards 200).
var benchBoards = flag.Int("bench-boards", 0, "solve only the first `n` boards of each benchmark set")

// benchBoard, when positive, solves only that board (1-based) of every set,
// to time a set's worst board alone (-bench-board 73).
var benchBoard = flag.Int("bench-board", 0, "solve only board `i` (1-based) of each benchmark set")

// loadSet reads NAME.boards and NAME.opt (see the data set's README), or
// skips the test or benchmark when the data is not there.
func loadSet(tb testing.TB, name string, limit int) benchSet {
	tb.Helper()
	bf, err := os.Open(filepath.Join(dataDir(), name+".boards"))
	if err != nil {
		tb.Skipf("benchmark data not available: %v", err)
	}
	defer bf.Close()
	of, err := os.ReadFile(filepath.Join(dataDir(), name+".opt"))
	if err != nil {
		tb.Skipf("benchmark data not available: %v", err)
	}
	var set benchSet
	for _, f := range strings.Fields(string(of)) {
		v, err := strconv.Atoi(f)
		if err != nil {
			tb.Fatalf("%s.opt: %v", name, err)
		}
		set.optima = append(set.optima, v)
	}
	sc := bufio.NewScanner(bf)
	for sc.Scan() && (limit <= 0 || len(set.boards) < limit) {
		b, err := boardFromLine(sc.Text())
		if err != nil {
			tb.Fatalf("%s.boards line %d: %v", name, len(set.boards)+1, err)
		}
		set.boards = append(set.boards, b)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(set.optima) < len(set.boards) {
		tb.Fatalf("%s: %d optima for %d boards", name, len(set.optima), len(set.boards))
	}
	set.optima = set.optima[:len(set.boards)]
	return set
}

// boardFromLine reads one board of a .boards file: N*N characters, colours
// written 1-9 then a-f.
func boardFromLine(line string) (Board, error) {
	line = strings.TrimSpace(line)
	n := 1
	for n*n < len(line) {
		n++
	}
	rows := make([][]int, n)
	for i := range rows {
		rows[i] = make([]int, n)
		for j := range rows[i] {
			if i*n+j >= len(line) {
				return Board{}, strconv.ErrSyntax
			}
			v, err := strconv.ParseInt(line[i*n+j:i*n+j+1], 16, 0)
			if err != nil || v == 0 {
				return Board{}, strconv.ErrSyntax
			}
			rows[i][j] = int(v) - 1
		}
	}
	return NewBoard(rows)
}

// solveSet solves every board of set, checks each optimum and returns the
// slowest board's index and time. The time is the process's CPU time where
// the platform gives it (the wall clock elsewhere): on a shared machine the
// wall time of one board mostly measures the other jobs.
func solveSet(tb testing.TB, set benchSet) (worst int, worstTime time.Duration, sum int, nodes int64) {
	for i, b := range set.boards {
		start, cpu := time.Now(), testutil.CPUTime()
		sol, err := Solve(context.Background(), b, nil)
		if err != nil {
			tb.Fatalf("board %d: %v", i+1, err)
		}
		el := testutil.CPUTime() - cpu
		if cpu == 0 {
			el = time.Since(start)
		}
		if el > worstTime {
			worst, worstTime = i, el
		}
		if sol.Len() != set.optima[i] {
			tb.Fatalf("board %d: %d moves, the optimum is %d", i+1, sol.Len(), set.optima[i])
		}
		sum += sol.Len()
		nodes += sol.Nodes
	}
	return worst, worstTime, sum, nodes
}

func benchmarkSet(b *testing.B, name string, limit int) {
	if *benchBoards > 0 {
		limit = *benchBoards
	}
	if *benchBoard > 0 {
		limit = *benchBoard
	}
	set := loadSet(b, name, limit)
	first := 1 // the number of the set's first board, for worst-board
	if i := *benchBoard; i > 0 {
		first = i
		if i > len(set.boards) {
			b.Fatalf("%s has %d boards", name, len(set.boards))
		}
		set.boards, set.optima = set.boards[i-1:i], set.optima[i-1:i]
	}
	b.ResetTimer()
	cpu := testutil.CPUTime()
	for range b.N {
		worst, wt, sum, nodes := solveSet(b, set)
		b.ReportMetric(float64(nodes), "nodes")
		b.ReportMetric(float64(wt.Microseconds())/1000, "worst-cpu-ms")
		b.ReportMetric(float64(worst+first), "worst-board")
		b.ReportMetric(float64(sum), "moves")
	}
	b.ReportMetric((testutil.CPUTime()-cpu).Seconds()/float64(b.N), "cpu-s/op")
}

// BenchmarkSolvePC19 solves all 1000 boards of pc19-14x14c6 (14x14, 6 colours).
func BenchmarkSolvePC19(b *testing.B) { benchmarkSet(b, "pc19-14x14c6", 0) }

// BenchmarkSolveB18 solves the first 100 boards of b18x18c6 (18x18, 6 colours).
func BenchmarkSolveB18(b *testing.B) { benchmarkSet(b, "b18x18c6", 100) }

// BenchmarkSolveB14C8 solves the first 100 boards of b14x14c8 (14x14, 8 colours).
func BenchmarkSolveB14C8(b *testing.B) { benchmarkSet(b, "b14x14c8", 100) }

// BenchmarkSolveB10C15 solves the first 100 boards of b10x10c15 (10x10, 15 colours).
func BenchmarkSolveB10C15(b *testing.B) { benchmarkSet(b, "b10x10c15", 100) }

// BenchmarkSolveB24C4 solves the first 100 boards of b24x24c4 (24x24, 4 colours).
func BenchmarkSolveB24C4(b *testing.B) { benchmarkSet(b, "b24x24c4", 100) }

// TestBenchmarkOptima checks the solver against the published optima of
// benchmark boards, so correctness on big boards is part of go test: the
// first 50 boards of pc19 and, of the other sets, boards among their first
// ten that solve in well under a second (the others take seconds each).
func TestBenchmarkOptima(t *testing.T) {
	sets := []struct {
		name   string
		boards []int // 1-based; nil: the first 50
	}{
		{"pc19-14x14c6", nil},
		{"b18x18c6", []int{2}},
		{"b14x14c8", []int{2, 6, 8}},
		{"b10x10c15", []int{1, 2, 3, 7, 8, 9}},
		{"b24x24c4", []int{2, 3, 4, 7, 8, 9, 10}},
	}
	for _, s := range sets {
		t.Run(s.name, func(t *testing.T) {
			all := loadSet(t, s.name, 50)
			if s.boards == nil && testutil.Quick() {
				all.boards, all.optima = all.boards[:10], all.optima[:10]
			}
			if s.boards != nil {
				var picked benchSet
				for _, i := range s.boards {
					picked.boards = append(picked.boards, all.boards[i-1])
					picked.optima = append(picked.optima, all.optima[i-1])
				}
				all = picked
			}
			solveSet(t, all)
		})
	}
}
