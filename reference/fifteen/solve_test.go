package fifteen

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

func TestSolveSample(t *testing.T) {
	tests := []struct {
		name, board, answer string
	}{
		{"uva sample 1", uvaSample, "LLLDRDRDR\n"}, // UVA's own answer
		{"uva sample 2", uvaSample2, NotSolvable},
		{"solved", Format(Goal(4)), "\n"},
		{"solved 3x3", Format(Goal(3)), "\n"},
		{"one move", "1 2 3\n4 5 6\n7 0 8\n", "R\n"},
	}
	for _, tc := range tests {
		b := mustParse(t, tc.board)
		s, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if s.Answer() != tc.answer {
			t.Errorf("%s: Solve(%q).Answer() = %q, want %q", tc.name, tc.board, s.Answer(), tc.answer)
		}
		if s.Solvable {
			if r := Replay(b, s.MovesText()); !r.Solved || r.Used != s.Len() {
				t.Errorf("%s: the solution %q does not solve the board", tc.name, s.MovesText())
			}
		}
	}
	if uva := Replay(mustParse(t, uvaSample), "LLLDRDRDR"); !uva.Solved {
		t.Errorf("UVA's own answer does not solve its sample")
	}
}

func TestSolveInvalid(t *testing.T) {
	for _, b := range []Board{{}, {Width: 4}, {Width: 5}} {
		if _, err := Solve(context.Background(), b, nil); err == nil {
			t.Errorf("Solve(%+v) accepted an invalid board", b)
		}
	}
	if err := Prepare(context.Background(), 5); err == nil {
		t.Errorf("Prepare(5) accepted width 5")
	}
}

// hardBoard is Korf's instance 88 turned to UVA's goal: 65 moves, one of
// the longest solves of the hundred.
var hardBoard = fromKorf([16]int{15, 2, 12, 11, 14, 13, 9, 5, 1, 3, 8, 7, 0, 10, 6, 4})

func TestSolveCancel(t *testing.T) {
	if err := Prepare(context.Background(), 4); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var bounds []int
	var cancelledAt time.Time
	_, err := Solve(ctx, hardBoard, func(bound int, nodes int64) {
		bounds = append(bounds, bound)
		if nodes > 2_000_000 && cancelledAt.IsZero() {
			cancelledAt = time.Now()
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Solve after cancel: %v, want context.Canceled", err)
	}
	// Stopping takes one look at ctx: tens of thousands of nodes. A second
	// is a generous bound for a loaded machine, not a speed test.
	if wait := time.Since(cancelledAt); wait > time.Second {
		t.Errorf("Solve returned %v after the cancel", wait)
	}
	if len(bounds) < 2 || bounds[0] < hardBoard.Manhattan() {
		t.Errorf("progress bounds %v, want a few, starting at least at the Manhattan distance %d", bounds, hardBoard.Manhattan())
	}
	done, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if _, err := Solve(done, hardBoard, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve with a cancelled ctx: %v", err)
	}
}

func TestSolveProgress(t *testing.T) {
	b := mustParse(t, uvaSample)
	var last [2]int64
	calls := 0
	s, err := Solve(context.Background(), b, func(bound int, nodes int64) {
		calls++
		last = [2]int64{int64(bound), nodes}
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls < 2 || last[0] != int64(s.Len()) || last[1] != s.Nodes || s.Nodes <= 0 {
		t.Errorf("progress: %d calls, last (%d, %d); want the last to be (%d, %d)", calls, last[0], last[1], s.Len(), s.Nodes)
	}
}

// TestSolveConcurrent solves from several goroutines at once, on both
// widths, and compares with solving alone (run with -race: the tables are
// built once and then only read).
func TestSolveConcurrent(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	boards := make([]Board, 8)
	for i := range boards {
		boards[i] = randomWalk(rng, Goal(3+i%2), 30)
	}
	want := make([]string, len(boards))
	var wg sync.WaitGroup
	for i, b := range boards {
		wg.Go(func() {
			s, err := Solve(context.Background(), b, nil)
			if err != nil {
				t.Error(err)
				return
			}
			want[i] = s.MovesText()
		})
	}
	wg.Wait()
	for i, b := range boards {
		s, _ := Solve(context.Background(), b, nil)
		if s.MovesText() != want[i] {
			t.Errorf("board %d: %q alone, %q concurrently", i, s.MovesText(), want[i])
		}
	}
}

func TestGenerate(t *testing.T) {
	for _, tc := range []struct{ width, length int }{{3, 0}, {3, 1}, {3, 20}, {3, 28}, {4, 15}, {4, 30}} {
		rng := rand.New(rand.NewPCG(uint64(tc.width), uint64(tc.length)))
		b, s, err := Generate(context.Background(), rng, tc.width, tc.length)
		if err != nil {
			t.Fatalf("Generate(%d, %d): %v", tc.width, tc.length, err)
		}
		if b.Width != tc.width || s.Len() != tc.length || !Replay(b, s.MovesText()).Solved {
			t.Errorf("Generate(%d, %d) = %q with %d moves %q", tc.width, tc.length, Format(b), s.Len(), s.MovesText())
		}
		again, _, _ := Generate(context.Background(), rand.New(rand.NewPCG(uint64(tc.width), uint64(tc.length))), tc.width, tc.length)
		if again != b {
			t.Errorf("Generate(%d, %d) gave another board from the same seed", tc.width, tc.length)
		}
	}
	for _, tc := range []struct{ width, length int }{{3, 32}, {4, 81}, {4, -1}, {5, 10}} {
		if _, _, err := Generate(context.Background(), rand.New(rand.NewPCG(1, 1)), tc.width, tc.length); err == nil {
			t.Errorf("Generate(%d, %d) succeeded", tc.width, tc.length)
		}
	}
}

// TestBuildReusesScratch builds the 3x3 databases in a row in one working
// memory, as one core does, and compares them with builds from fresh
// memory: a build must leave its scratch clean for the next.
func TestBuildReusesScratch(t *testing.T) {
	var sc scratch
	for round := range 2 {
		for g, tiles := range partitions[3] {
			reused := buildTable(3, tiles, &sc)
			fresh := buildTable(3, tiles, new(scratch))
			if string(reused) != string(fresh) {
				t.Fatalf("round %d, group %d: the table built in reused memory differs", round, g)
			}
		}
	}
}
