package fifteen

import (
	"context"
	"math/rand/v2"
	"testing"

	"puzzlejudge/internal/testutil"
)

// key packs a board's cells four bits each.
func key(b Board) uint64 {
	var k uint64
	for i := 0; i < b.Len(); i++ {
		k |= uint64(b.Cells[i]) << (4 * i)
	}
	return k
}

// bfs returns the number of moves from the goal of width to every board at
// most depth moves away, by a plain breadth-first search over whole boards:
// the reference that the solver, its databases and its parity rule are
// checked against.
func bfs(width, depth int) map[uint64]int {
	goal := Goal(width)
	dist := map[uint64]int{key(goal): 0}
	level := []Board{goal}
	for d := 1; d <= depth && len(level) > 0; d++ {
		var next []Board
		for _, b := range level {
			for _, m := range []Move{Down, Left, Right, Up} {
				nb, _, ok := b.Apply(m)
				if !ok {
					continue
				}
				if _, seen := dist[key(nb)]; !seen {
					dist[key(nb)] = d
					next = append(next, nb)
				}
			}
		}
		level = next
	}
	return dist
}

// smallestOptimal returns, from the distances of a full breadth-first
// search around b, the smallest optimal move text in the order D < L < R <
// U: at each position, the first move in that order that brings the board
// one move nearer.
func smallestOptimal(tb testing.TB, dist map[uint64]int, b Board) string {
	var moves []Move
	for d := dist[key(b)]; d > 0; d-- {
		found := false
		for _, m := range []Move{Down, Left, Right, Up} {
			if nb, _, ok := b.Apply(m); ok {
				if nd, known := dist[key(nb)]; known && nd == d-1 {
					moves, b, found = append(moves, m), nb, true
					break
				}
			}
		}
		if !found {
			tb.Fatalf("no move from %q lowers the distance %d", Format(b), d)
		}
	}
	return movesText(moves)
}

// checkSolve solves b and compares the answer with the breadth-first one.
func checkSolve(t *testing.T, dist map[uint64]int, b Board) {
	t.Helper()
	s, err := Solve(context.Background(), b, nil)
	if err != nil {
		t.Fatalf("Solve(%q): %v", Format(b), err)
	}
	if want := smallestOptimal(t, dist, b); !s.Solvable || s.MovesText() != want {
		t.Fatalf("Solve(%q) = %q (solvable %v), want %q (%d moves)", Format(b), s.MovesText(), s.Solvable, want, len(want))
	}
}

// TestAll8Puzzles solves every 3x3 board: the 181,440 that a breadth-first
// search reaches from the goal must each get the smallest of their optimal
// move texts, and the 181,440 others must be the ones the parity calls not
// solvable.
func TestAll8Puzzles(t *testing.T) {
	if testutil.Quick() {
		t.Skip("solves 181,440 boards")
	}
	dist := bfs(3, 100)
	if len(dist) != 181440 {
		t.Fatalf("breadth-first search reached %d boards, want 181440", len(dist))
	}
	deepest := 0
	perm := []uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}
	var walk func(i int)
	count, unsolvable := 0, 0
	walk = func(i int) { // every permutation of the nine cells
		if i == len(perm) {
			b := Board{Width: 3}
			copy(b.Cells[:], perm)
			count++
			if _, reached := dist[key(b)]; !reached {
				unsolvable++
				if b.Solvable() {
					t.Fatalf("Solvable(%q) = true, but no moves reach it", Format(b))
				}
				if s, err := Solve(context.Background(), b, nil); err != nil || s.Solvable || s.Answer() != NotSolvable {
					t.Fatalf("Solve(%q) = %+v, %v; want not solvable", Format(b), s, err)
				}
				return
			}
			if !b.Solvable() {
				t.Fatalf("Solvable(%q) = false, but it is %d moves away", Format(b), dist[key(b)])
			}
			deepest = max(deepest, dist[key(b)])
			checkSolve(t, dist, b)
			return
		}
		for j := i; j < len(perm); j++ {
			perm[i], perm[j] = perm[j], perm[i]
			walk(i + 1)
			perm[i], perm[j] = perm[j], perm[i]
		}
	}
	walk(0)
	if count != 362880 || unsolvable != 181440 || deepest != 31 {
		t.Errorf("%d boards, %d not solvable, deepest %d; want 362880, 181440, 31", count, unsolvable, deepest)
	}
}

// TestShort15Puzzles solves every 4x4 board at most 12 moves from the goal
// and random walks that end at most 16 moves from it, against a
// breadth-first search to depth 16.
func TestShort15Puzzles(t *testing.T) {
	depth := 16
	if testutil.Quick() {
		depth = 10
	}
	dist := bfs(4, depth)
	for k, d := range dist {
		if d <= min(depth, 12) {
			var b Board
			b.Width = 4
			for i := range 16 {
				b.Cells[i] = uint8(k >> (4 * i) & 15)
			}
			checkSolve(t, dist, b)
		}
	}
	rng := rand.New(rand.NewPCG(10181, 15))
	for range 300 {
		b := randomWalk(rng, Goal(4), 1+rng.IntN(depth))
		if _, ok := dist[key(b)]; !ok {
			t.Fatalf("a walk of at most %d moves ended outside the breadth-first search", depth)
		}
		checkSolve(t, dist, b)
	}
}
