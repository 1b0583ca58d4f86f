package floodit

import (
	"context"
	"math/bits"
	"testing"

	"puzzlejudge/internal/testutil"
)

// TestRefutedMoveDominance checks the claim behind the refuted moves of
// search.go by brute force: from a state S, a move a, and moves x1..xk other
// than a none of which opens a region of colour a, T = S+x1+...+xk gives
// T+a ⊆ S+a+x1+...+xk and h*(T+a) >= h*(S+a) - k. It also checks that the
// claim was exercised with k up to 3.
func TestRefutedMoveDominance(t *testing.T) {
	rng := newRand(10)
	checked := [4]int{}
	for i := range 3000 {
		n, colors := 3+i%3, 3+(i/3)%4
		b := randomBoard(rng, n, colors)
		g := newGraph[[3]uint64](label(b))
		var fl [3]uint64
		setBit(&fl, 0)
		fr, rem := g.adj[0], g.outside(fl)
		cand, _ := g.candidates(&fl, &fr, rem)
		if bits.OnesCount32(cand) < 2 {
			continue
		}
		a := pick(cand, rng.IntN(bits.OnesCount32(cand)))
		// T: up to three moves other than a that open no region of colour a.
		tf, tn, trem := fl, fr, rem
		tb := b
		var path []int
		for range 1 + rng.IntN(3) {
			c, _ := g.candidates(&tf, &tn, trem)
			c &^= 1 << a
			if c == 0 {
				break
			}
			x := pick(c, rng.IntN(bits.OnesCount32(c)))
			nf, nn, fresh, nrem := g.child(tf, tn, trem, x)
			if intersects(&fresh, &g.cmask[a]) {
				break
			}
			tf, tn, trem = nf, nn, nrem
			tb = Flood(tb, x)
			path = append(path, x)
		}
		if len(path) == 0 || trem&(1<<a) == 0 {
			continue
		}
		// The set inclusion on the region graph.
		ta, _, _, _ := g.child(tf, tn, trem, a)
		sf, sn, _, srem := g.child(fl, fr, rem, a)
		for _, x := range path {
			sf, sn, _, srem = g.child(sf, sn, srem, x)
		}
		if !subset(ta, sf) {
			t.Fatalf("board %q, a=%d, path %v: T+a is not inside S+a+path", Format(b), a, path)
		}
		// The bound on h* by brute force on the boards.
		hTa, hSa := bruteForce(Flood(tb, a)), bruteForce(Flood(b, a))
		if hTa < hSa-len(path) {
			t.Fatalf("board %q, a=%d, path %v: h*(T+a) = %d < h*(S+a) - k = %d", Format(b), a, path, hTa, hSa-len(path))
		}
		checked[len(path)]++
	}
	if checked[1] < 100 || checked[3] < 20 {
		t.Fatalf("too few cases checked: %v by path length", checked)
	}
}

// pick returns the i-th set bit of mask.
func pick(mask uint32, i int) int {
	for range i {
		mask &= mask - 1
	}
	return bits.TrailingZeros32(mask)
}

// TestRefutedPruneSolves solves random mid-sized boards with and without the
// refuted-move rule: the same lengths (and against brute force where it is
// quick), and fewer nodes in all with the rule, so that it is exercised.
func TestRefutedPruneSolves(t *testing.T) {
	rng := newRand(11)
	count := 300
	if testutil.Quick() {
		count = 60
	}
	var with, without int64
	for i := range count {
		n, colors := 4+i%9, 3+(i/9)%6
		b := randomBoard(rng, n, colors)
		refutedPrune = false
		off, err := Solve(context.Background(), b, nil)
		refutedPrune = true
		if err != nil {
			t.Fatal(err)
		}
		on, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		if on.Len() != off.Len() {
			t.Fatalf("board %q: %d moves with refuted moves cut, %d without", Format(b), on.Len(), off.Len())
		}
		if r := Replay(b, on.MovesText()); !r.Solved {
			t.Fatalf("board %q: moves %q do not flood", Format(b), on.MovesText())
		}
		if n <= 5 && colors <= 6 {
			if bf := bruteForce(b); bf != on.Len() {
				t.Fatalf("board %q: %d moves, brute force %d", Format(b), on.Len(), bf)
			}
		}
		with += on.Nodes
		without += off.Nodes
	}
	if with >= without {
		t.Fatalf("the rule cut no node: %d nodes with it, %d without", with, without)
	}
	t.Logf("nodes: %d with refuted moves cut, %d without", with, without)
}
