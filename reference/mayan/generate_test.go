package mayan

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestBuildIsSolvable builds boards of every size the generator offers and
// checks each with the solver: exactly n moves clear it, and it has the
// blocks asked for.
func TestBuildIsSolvable(t *testing.T) {
	for _, tc := range []struct{ n, colors, blocks int }{
		{1, 3, 3}, {2, 4, 7}, {3, 5, 9}, {4, 5, 12}, {4, 6, 14}, {5, 6, 15}, {5, 8, 20},
	} {
		built := 0
		for seed := range uint64(40) {
			b, ok := Build(rand.New(rand.NewPCG(seed, 1)), tc.n, tc.colors, tc.blocks)
			if !ok {
				continue
			}
			built++
			if b.N != tc.n || b.Blocks() != tc.blocks {
				t.Fatalf("Build(n=%d, blocks=%d) = board of n=%d with %d blocks", tc.n, tc.blocks, b.N, b.Blocks())
			}
			if _, err := ParseCase(Format(b)); err != nil {
				t.Fatalf("Build gave a board that does not parse: %v\n%s", err, Format(b))
			}
			s, err := Solve(context.Background(), b, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !s.Solvable {
				t.Fatalf("Build(n=%d, colors=%d, blocks=%d) seed %d gave an unsolvable board:\n%s", tc.n, tc.colors, tc.blocks, seed, Format(b))
			}
			if r := Replay(b, s.MovesText()); !r.Solved || r.Used != tc.n {
				t.Fatalf("the solver's moves do not clear the built board in %d moves", tc.n)
			}
		}
		if built < 20 {
			t.Errorf("Build(n=%d, colors=%d, blocks=%d) succeeded for %d of 40 seeds, want most", tc.n, tc.colors, tc.blocks, built)
		}
	}
}

func TestBuildDeterministic(t *testing.T) {
	a, okA := Build(rand.New(rand.NewPCG(7, 3)), 4, 5, 12)
	b, okB := Build(rand.New(rand.NewPCG(7, 3)), 4, 5, 12)
	if okA != okB || a != b {
		t.Errorf("Build from the same seed gave two boards:\n%s\n%s", Format(a), Format(b))
	}
}

func TestRandomIsStable(t *testing.T) {
	for seed := range uint64(50) {
		b, ok := Random(rand.New(rand.NewPCG(seed, 0)), 3, 6, 15)
		if !ok {
			continue
		}
		if _, err := ParseCase(Format(b)); err != nil || b.Blocks() != 15 {
			t.Fatalf("Random gave %d blocks, parse error %v:\n%s", b.Blocks(), err, Format(b))
		}
	}
}
