package mayan

import (
	"math/rand/v2"
	"testing"
)

// TestCandidatesMatchSimulation checks the row masks of sparks.go against
// dragging each block and looking for a run, on random tall boards.
func TestCandidatesMatchSimulation(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 7))
	for range 3000 {
		b := denseBoard(rng, 1, 2+rng.IntN(4))
		for x := 0; x < Width; x++ {
			right, left := candidates(&b.cols, x, 0, 0)
			for y := 0; y < Height; y++ {
				bit := uint32(8) << (4 * y)
				v, w := b.At(x, y), b.At(x+1, y)
				wantRight := x+1 < Width && v != 0 && v != w
				if wantRight && w != 0 {
					c := b.cols
					drag(&c, x, y, x+1)
					_, wantRight = runs(&c)
				}
				if got := right&bit != 0; got != wantRight {
					t.Fatalf("board %q: right move of (%d,%d) is a candidate: %v, want %v", columns(b), x, y, got, wantRight)
				}
				wantLeft := x > 0 && v != 0 && b.At(x-1, y) == 0
				if got := left&bit != 0; got != wantLeft {
					t.Fatalf("board %q: left move of (%d,%d) is a candidate: %v, want %v", columns(b), x, y, got, wantLeft)
				}
			}
		}
	}
}
