package fifteen

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestMirror checks that a board and its mirror image are the same
// puzzle: the mirror of the goal is the goal, mirroring twice gives the
// board back, the parity agrees, the mirrored moves of a solution solve the
// mirror image, and both have the same optimal length.
func TestMirror(t *testing.T) {
	for _, w := range []int{3, 4} {
		if Mirror(Goal(w)) != Goal(w) {
			t.Errorf("Mirror(Goal(%d)) = %q", w, Format(Mirror(Goal(w))))
		}
	}
	rng := rand.New(rand.NewPCG(27, 10181))
	for i := range 200 {
		w := 3 + i%2
		b := randomWalk(rng, Goal(w), 10+rng.IntN(20))
		if i%5 == 0 {
			b.Cells[0], b.Cells[1] = b.Cells[1], b.Cells[0] // not solvable any more
		}
		m := Mirror(b)
		if m.Validate() != nil || Mirror(m) != b || m.Solvable() != b.Solvable() {
			t.Fatalf("Mirror(%q) = %q: valid %v, back %q, solvable %v and %v", Format(b), Format(m), m.Validate(), Format(Mirror(m)), b.Solvable(), m.Solvable())
		}
		if !b.Solvable() {
			continue
		}
		s, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		ms, err := Solve(context.Background(), m, nil)
		if err != nil {
			t.Fatal(err)
		}
		mirrored := make([]Move, len(s.Moves))
		for j, mv := range s.Moves {
			mirrored[j] = mv.Mirror()
		}
		if r := Replay(m, movesText(mirrored)); !r.Solved || ms.Len() != s.Len() {
			t.Fatalf("board %q: %d moves, its mirror %d; the mirrored moves solve it: %v", Format(b), s.Len(), ms.Len(), r.Solved)
		}
	}
	if z := Mirror(Board{}); z != (Board{}) {
		t.Errorf("Mirror(zero board) = %+v", z)
	}
}
