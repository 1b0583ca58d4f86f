package fifteen

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
)

var (
	korfFirst     = flag.Int("korf-first", 0, "solve only Korf's first `n` instances in BenchmarkKorf100 (0: all)")
	korfPartition = flag.String("korf-partition", "3-6-6", "the partition BenchmarkKorf100 builds: 3-6-6 (the solver's), 6-6-3 (Korf and Felner's), 5-5-5, or groups of tiles such as 1,2,5/3,4,7,8,11,12/6,9,10,13,14,15")
)

// korfManhattanNodes is the average number of nodes that IDA* with the
// Manhattan distance generates on Korf's instances (Korf 1985: about 36.3
// billion for the hundred). The data set has no per-instance counts, so the
// ratio is of the totals.
const korfManhattanNodes = 363e6

// otherPartitions are the partitions measured against the solver's.
var otherPartitions = map[string][][]uint8{
	"3-6-6": partitions[4],
	"5-5-5": {{1, 2, 5, 6, 9}, {3, 4, 7, 8, 12}, {10, 11, 13, 14, 15}},
	"6-6-3": {{1, 2, 5, 6, 9, 10}, {3, 4, 7, 8, 11, 12}, {13, 14, 15}},
}

// TestKorf100 solves Korf's hundred instances and checks each optimal
// length against the published one; with -v it logs a row per instance
// (number, length, nodes, milliseconds) as docs/PERFORMANCE.md shows them.
// It takes seconds, so -short skips it; the figures come from
// BenchmarkKorf100.
func TestKorf100(t *testing.T) {
	if testutil.Quick() {
		t.Skip("solves Korf's 100 instances")
	}
	instances := loadKorf(t)
	if err := Prepare(context.Background(), 4); err != nil {
		t.Fatal(err)
	}
	var total int64
	for _, in := range instances {
		start := time.Now()
		s, err := Solve(context.Background(), in.board, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s.Len() != in.optimal || !Replay(in.board, s.MovesText()).Solved {
			t.Errorf("instance %d: %d moves %q, want %d", in.number, s.Len(), s.MovesText(), in.optimal)
		}
		total += s.Nodes
		t.Logf("| %d | %d | %s | %.1f |", in.number, s.Len(), thousands(s.Nodes), float64(time.Since(start).Microseconds())/1000)
	}
	t.Logf("%s nodes in all, %.5f of Manhattan IDA*'s (Korf 1985)", thousands(total), float64(total)/(100*korfManhattanNodes))
}

// BenchmarkKorf100 times what the goal of issue 27 names: building the 4x4
// databases from nothing and solving Korf's hundred instances with them, in
// one operation. Run it with -benchtime 1x in a fresh process, one core:
//
//	GOMAXPROCS=1 taskset -c 1 go test ./reference/fifteen -run '^$' -bench Korf100 -benchtime 1x
//
// cpu-s/op is the process's CPU time (less noisy than the wall clock on a
// shared machine), peak-RSS-MB the process's high-water mark.
func BenchmarkKorf100(b *testing.B) {
	instances := loadKorf(b)
	if *korfFirst > 0 {
		instances = instances[:min(*korfFirst, len(instances))]
	}
	groups, ok := otherPartitions[*korfPartition]
	if !ok {
		groups = parsePartition(b, *korfPartition)
	}
	var nodes int64
	var build, search, buildCPU, searchCPU time.Duration
	cpu0 := testutil.CPUTime()
	for range b.N {
		start, startCPU := time.Now(), testutil.CPUTime()
		h := newHeuristic(4, groups)
		built, builtCPU := time.Now(), testutil.CPUTime()
		build += built.Sub(start)
		buildCPU += builtCPU - startCPU
		nodes += solveKorf(b, h, instances)
		search += time.Since(built)
		searchCPU += testutil.CPUTime() - builtCPU
	}
	n := float64(b.N)
	b.ReportMetric(float64(testutil.CPUTime()-cpu0)/1e9/n, "cpu-s/op")
	b.ReportMetric(build.Seconds()/n, "build-s/op")
	b.ReportMetric(search.Seconds()/n, "search-s/op")
	b.ReportMetric(buildCPU.Seconds()/n, "build-cpu-s/op")
	b.ReportMetric(searchCPU.Seconds()/n, "search-cpu-s/op")
	b.ReportMetric(float64(nodes)/n, "nodes/op")
	b.ReportMetric(float64(nodes)/n/(float64(len(instances))*korfManhattanNodes), "of-Manhattan")
	b.ReportMetric(float64(peakRSS())/(1<<20), "peak-RSS-MB")
}

// BenchmarkBuildTables measures building the databases of each width from
// scratch, which the first Solve of a width waits for.
func BenchmarkBuildTables(b *testing.B) {
	for _, w := range []int{3, 4} {
		b.Run(fmt.Sprintf("%dx%d", w, w), func(b *testing.B) {
			cpu0 := testutil.CPUTime()
			for range b.N {
				newHeuristic(w, partitions[w])
			}
			b.ReportMetric(float64(testutil.CPUTime()-cpu0)/1e9/float64(b.N), "cpu-s/op")
		})
	}
}

// BenchmarkSolve8 measures Solve on random 3x3 boards (tables built).
func BenchmarkSolve8(b *testing.B) {
	if err := Prepare(context.Background(), 3); err != nil {
		b.Fatal(err)
	}
	var boards []Board
	for _, k := range []int{100, 101} { // both parities of walk: every board
		rngBoards := walkBoards(3, k, 1000)
		boards = append(boards, rngBoards...)
	}
	b.ResetTimer()
	for i := range b.N {
		if _, err := Solve(context.Background(), boards[i%len(boards)], nil); err != nil {
			b.Fatal(err)
		}
	}
}

func thousands(n int64) string {
	s := fmt.Sprint(n)
	var sb strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			sb.WriteByte(',')
		}
		sb.WriteRune(c)
	}
	return sb.String()
}

// parsePartition reads groups of tiles separated by slashes, each a list
// of tiles separated by commas; every tile 1..15 must be in one group.
func parsePartition(b *testing.B, text string) [][]uint8 {
	var groups [][]uint8
	seen := map[int]bool{}
	for _, g := range strings.Split(text, "/") {
		var tiles []uint8
		for _, f := range strings.Split(g, ",") {
			t, err := strconv.Atoi(f)
			if err != nil || t < 1 || t > 15 || seen[t] {
				b.Fatalf("partition %q: bad tile %q", text, f)
			}
			seen[t] = true
			tiles = append(tiles, uint8(t))
		}
		groups = append(groups, tiles)
	}
	if len(seen) != 15 || len(groups) > 4 {
		b.Fatalf("partition %q: want every tile 1..15 in at most 4 groups", text)
	}
	return groups
}

// BenchmarkKorf100Search times the search alone: Korf's hundred solved
// with the solver's databases, built once before the timer starts, so that
// a change to the search is measured op after op without the build's noise:
//
//	GOMAXPROCS=1 taskset -c 1 go test ./reference/fifteen -run '^$' -bench Korf100Search -benchtime 3x
func BenchmarkKorf100Search(b *testing.B) {
	instances := loadKorf(b)
	if *korfFirst > 0 {
		instances = instances[:min(*korfFirst, len(instances))]
	}
	h := newHeuristic(4, partitions[4])
	var nodes int64
	b.ResetTimer()
	cpu0 := testutil.CPUTime()
	for range b.N {
		nodes += solveKorf(b, h, instances)
	}
	n := float64(b.N)
	b.ReportMetric(float64(testutil.CPUTime()-cpu0)/1e9/n, "cpu-s/op")
	b.ReportMetric(float64(nodes)/n, "nodes/op")
	b.ReportMetric(float64(testutil.CPUTime()-cpu0)/float64(nodes), "cpu-ns/node")
}

// solveKorf solves the instances with h, checks each length against the
// published optimum, and returns the nodes generated.
func solveKorf(b *testing.B, h *heuristic, instances []korfInstance) int64 {
	var nodes int64
	for _, in := range instances {
		s, err := solveWith(context.Background(), h, in.board, nil)
		if err != nil {
			b.Fatal(err)
		}
		if s.Len() != in.optimal {
			b.Fatalf("instance %d: %d moves, want %d", in.number, s.Len(), in.optimal)
		}
		nodes += s.Nodes
	}
	return nodes
}

// BenchmarkTableFile measures turning the 4x4 databases into the file's
// bytes (a first run writes them) and back (every next run and server
// start reads them), the tables built before the timer.
func BenchmarkTableFile(b *testing.B) {
	if err := Prepare(context.Background(), 4); err != nil {
		b.Fatal(err)
	}
	tables := heuristics[4].h.tables
	data := encodeTables(4, partitions[4], tables)
	b.Run("encode", func(b *testing.B) {
		for range b.N {
			encodeTables(4, partitions[4], tables)
		}
	})
	b.Run("decode", func(b *testing.B) {
		for range b.N {
			if _, err := decodeTables(data, 4, partitions[4]); err != nil {
				b.Fatal(err)
			}
		}
	})
}
