package floodit

import (
	"math/bits"
	"slices"
	"testing"
)

// TestBoundFallsByOne checks the fact the beam's skip rests on (beamSkip):
// one move never lowers the bound L by more than one, L(S + c) >= L(S) - 1,
// for every colour on the frontier of the states along random games on
// random boards (with 2-8 colours, so that completing moves, which lower L
// by exactly one, are common).
func TestBoundFallsByOne(t *testing.T) {
	rng := newRand(37)
	checked, fell := 0, 0
	for i := range 3000 {
		b := randomBoard(rng, 3+i%12, 2+i%7)
		l := label(b)
		if l.r > 192 {
			continue
		}
		g := newGraph[[3]uint64](l)
		var fl [3]uint64
		setBit(&fl, 0)
		fr, rem := g.adj[0], g.outside(fl)
		for rem != 0 {
			h := g.layers(fl, fr, rem, g.r, nil)
			var moves []int
			for c := rem; c != 0; c &= c - 1 {
				k := bits.TrailingZeros32(c)
				if !intersects(&g.cmask[k], &fr) {
					continue
				}
				moves = append(moves, k)
				cf, cn, _, crem := g.child(fl, fr, rem, k)
				ch := g.layers(cf, cn, crem, g.r, nil)
				checked++
				if ch < h-1 {
					t.Fatalf("board %q: a move of colour %d takes the bound from %d to %d", Format(b), k, h, ch)
				}
				if ch == h-1 {
					fell++
				}
			}
			fl, fr, _, rem = g.child(fl, fr, rem, moves[rng.IntN(len(moves))])
		}
	}
	if fell == 0 || fell == checked {
		t.Fatalf("%d of %d moves lowered the bound: the boards test nothing", fell, checked)
	}
}

// TestBeamSkip checks that the beam keeps the same states, and so returns
// the same moves, with and without leaving unscored the children that
// cannot be kept, at the widths the solver uses and narrower ones, and that
// it does leave some unscored.
func TestBeamSkip(t *testing.T) {
	defer func(was bool) { beamSkip = was }(beamSkip)
	rng := newRand(38)
	scored := map[bool]int{}
	for i := range 200 {
		b := randomBoard(rng, 6+i%9, 3+i%6)
		l := label(b)
		if l.r > 192 {
			continue
		}
		for _, width := range []int{1, 3, quickBeamWidth, beamWidth} {
			var got [2][]Move
			for j, skip := range []bool{false, true} {
				beamSkip = skip
				g := newGraph[[3]uint64](l)
				var fl [3]uint64
				setBit(&fl, 0)
				moves, ok := g.beam(fl, g.adj[0], g.outside(fl), width, nil)
				if !ok {
					t.Fatal("beam cancelled")
				}
				got[j] = moves
				scored[skip] += g.beamScored
			}
			if !slices.Equal(got[0], got[1]) {
				t.Fatalf("board %q, width %d: %v without the skip, %v with it", Format(b), width, got[0], got[1])
			}
		}
	}
	if scored[true] >= scored[false] {
		t.Fatalf("children scored: %d with the skip, %d without", scored[true], scored[false])
	}
	t.Logf("children scored: %d with the skip, %d without", scored[true], scored[false])
}
