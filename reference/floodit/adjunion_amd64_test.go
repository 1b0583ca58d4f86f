package floodit

import "testing"

// TestAdjUnionBMI checks the assembly neighbour union against the Go loop
// on random three-word region graphs and sets.
func TestAdjUnionBMI(t *testing.T) {
	if !useBMI {
		t.Skip("the CPU has no BMI1")
	}
	rng := newRand(17)
	for i := range 200 {
		b := randomBoard(rng, 4+i%11, 3+i%6)
		l := label(b)
		if l.r > 192 {
			continue
		}
		g := newGraph[[3]uint64](l)
		for range 20 {
			var s [3]uint64
			for range rng.IntN(l.r + 1) {
				setBit(&s, rng.IntN(l.r))
			}
			useBMI = false
			w0, w1, w2 := g.adjUnion3(s[0], s[1], s[2])
			useBMI = true
			if o0, o1, o2 := adjUnionBMI(g.adj3, s[0], s[1], s[2]); o0 != w0 || o1 != w1 || o2 != w2 {
				t.Fatalf("board %q, set %x: assembly %x %x %x, Go %x %x %x", Format(b), s, o0, o1, o2, w0, w1, w2)
			}
		}
	}
}
