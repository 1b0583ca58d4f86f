package mayan

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
)

func TestSolveSample(t *testing.T) {
	b := mustBoard(t, 3, "1", "2 1", "2 3 4", "3 1", "2 4 3 4")
	sol, err := Solve(context.Background(), b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if want := "2 1 1\n3 1 1\n3 0 1\n"; sol.Answer() != want {
		t.Errorf("Solve(sample).Answer() = %q, want %q", sol.Answer(), want)
	}
	if r := Replay(b, sol.MovesText()); !r.Solved || r.Used != 3 || r.BadIndex != 0 {
		t.Errorf("Replay of the sample's answer = %+v, want solved in 3", r)
	}
}

func TestSolveSmallCases(t *testing.T) {
	tests := []struct {
		name string
		b    Board
		want string
	}{
		{"one move clears all", mustBoard(t, 1, "2 2", "", "2"), "0 0 1\n"},
		{"emptied too early is no solution", mustBoard(t, 2, "2 2", "", "2"), "-1\n"},
		{"a colour with two blocks never vanishes", mustBoard(t, 5, "1", "1"), "-1\n"},
		// Swapping the two equal 4s would spend a move without changing the
		// board and pad the one-move solution "3 0 -1"; it is not a move.
		{"equal blocks do not swap", mustBoard(t, 2, "4", "4", "", "4"), "1 0 1\n0 0 1\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sol, err := Solve(context.Background(), tc.b, nil)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Answer() != tc.want {
				t.Errorf("Solve(%q).Answer() = %q, want %q", columns(tc.b), sol.Answer(), tc.want)
			}
		})
	}
}

// bruteForce returns the first sequence of exactly k legal moves, in the
// order x, y, then 1 before -1, that empties b; it tries every legal move,
// with none of the solver's shortcuts.
func bruteForce(b Board, k int) ([]Move, bool) {
	if k == 0 {
		return nil, b.Empty()
	}
	for x := 0; x < Width; x++ {
		for y := 0; y < Height; y++ {
			for _, g := range []int{1, -1} {
				m := Move{x, y, g}
				if b.Check(m) != "" {
					continue
				}
				next, _, _ := b.Apply(m)
				if rest, ok := bruteForce(next, k-1); ok {
					return append([]Move{m}, rest...), true
				}
			}
		}
	}
	return nil, false
}

// tripleBoard returns a board of n moves holding three or four blocks of
// each of 1 to 3 colours, dropped in random columns up to maxHeight high,
// without a run of three: boards like these are often solvable.
func tripleBoard(rng *rand.Rand, n, maxHeight int) Board {
	for {
		b := Board{N: n}
		for c := 1; c <= 1+rng.IntN(3); c++ {
			for range 3 + rng.IntN(4)/3 {
				x := rng.IntN(Width)
				if height(b.cols[x]) < maxHeight {
					b.cols[x] = push(b.cols[x], c)
				}
			}
		}
		if _, any := runs(&b.cols); !any && !b.Empty() {
			return b
		}
	}
}

// randomBoard returns a board of n moves whose columns have random heights
// up to maxHeight and colours 1..colours, without a run of three.
func randomBoard(rng *rand.Rand, n, colors, maxHeight int) Board {
	for {
		b := Board{N: n}
		for x := 0; x < Width; x++ {
			for y := range rng.IntN(maxHeight + 1) {
				b.cols[x] = setCell(b.cols[x], y, 1+rng.IntN(colors))
			}
		}
		if _, any := runs(&b.cols); !any {
			return b
		}
	}
}

// solveAndBruteForce solves b in n moves and fails unless the answer is the
// brute force's; it returns the solution and whether the brute force found
// one.
func solveAndBruteForce(t *testing.T, b Board, n int) (Solution, bool) {
	t.Helper()
	want, ok := bruteForce(b, n)
	sol, err := Solve(context.Background(), b, nil)
	if err != nil {
		t.Fatal(err)
	}
	brute := Solution{Moves: want, Solvable: ok}
	if brute.Answer() != sol.Answer() {
		t.Fatalf("Solve(%q, n=%d) = %q, brute force gives %q", columns(b), n, sol.Answer(), brute.Answer())
	}
	return sol, ok
}

func TestSolveMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 2011))
	boards := 1500
	if testutil.Quick() {
		boards = 200
	}
	solvable := 0
	for i := range boards {
		n := 1 + i%3
		b := randomBoard(rng, n, 2+rng.IntN(2), 1+rng.IntN(3))
		if i%2 == 0 {
			b = tripleBoard(rng, n, 2+rng.IntN(3))
		}
		sol, ok := solveAndBruteForce(t, b, n)
		if sol.Solvable != ok {
			t.Fatalf("Solve(%q, n=%d) = %q, solvable %v; brute force says solvable %v", columns(b), n, sol.Answer(), sol.Solvable, ok)
		}
		if ok {
			solvable++
			if r := Replay(b, sol.MovesText()); !r.Solved || r.Used != n {
				t.Fatalf("Replay(%q, %q) = %+v, want solved in %d", columns(b), sol.MovesText(), r, n)
			}
		}
	}
	if solvable < boards/10 {
		t.Errorf("only %d of %d random boards were solvable: the cross-check is too weak", solvable, boards)
	}
	t.Logf("%d of %d boards solvable", solvable, boards)
}

func TestSolveCancelled(t *testing.T) {
	b := hardBoard(t)
	b.N = MaxMoves // far too many nodes to finish before the first progress report
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var cancelled time.Time
	calls := 0
	_, err := Solve(ctx, b, func(bound int, nodes int64) {
		calls++
		if bound != MaxMoves {
			t.Errorf("Progress bound = %d, want %d", bound, MaxMoves)
		}
		if nodes > 0 && cancelled.IsZero() {
			cancelled = time.Now()
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Solve after cancel: err = %v, want context.Canceled", err)
	}
	if d := time.Since(cancelled); d > time.Second {
		t.Errorf("Solve took %v to notice the cancellation", d)
	}
	if calls < 2 {
		t.Errorf("Progress was called %d times, want the start and a report", calls)
	}
}

// hardColumns is the full board with the largest search that TestHuntHard
// found: no five moves clear it, so the whole tree is searched.
var hardColumns = []string{"2 3 2 2 3 2 3", "3 2 2 1 2 1 2", "2 1 3 2 1 2 1", "1 2 2 3 3 1 3", "2 3 2 2 1 2 1"}

func hardBoard(t testing.TB) Board { return mustBoard(t, 5, hardColumns...) }

// denseBoard returns a board of n moves whose colours 1..colours each have
// three or six blocks, dropped in random columns up to the full height,
// without a run: tall boards on which the last-move tests of lastmove.go
// have the most to decide.
func denseBoard(rng *rand.Rand, n, colors int) Board {
	for {
		b := Board{N: n}
		// Crowding the blocks into fewer columns makes them taller.
		first, span := rng.IntN(3), 2+rng.IntN(2)
		for c := 1; c <= colors; c++ {
			for range 3 * (1 + rng.IntN(2)) {
				x := min(first+rng.IntN(span), Width-1)
				if height(b.cols[x]) < Height {
					b.cols[x] = push(b.cols[x], c)
				}
			}
		}
		if _, any := runs(&b.cols); !any {
			return b
		}
	}
}

func TestSolveMatchesBruteForceOnTallBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 35))
	boards := 600
	if testutil.Quick() {
		boards = 60
	}
	solvable := 0
	for i := range boards {
		n := 1 + i%3
		b := denseBoard(rng, n, 2+rng.IntN(4))
		if _, ok := solveAndBruteForce(t, b, n); ok {
			solvable++
		}
	}
	if !testutil.Quick() && solvable < 30 {
		t.Errorf("only %d of %d tall boards were solvable: the cross-check is too weak", solvable, boards)
	}
	t.Logf("%d of %d tall boards solvable", solvable, boards)
}
