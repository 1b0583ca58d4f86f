package floodit

import (
	"math/bits"
	"unsafe"
)

// layers3 is layers for three-word sets (boards of at most 192 regions;
// a 14x14 board with 6 colours has about 140) with the sets in scalars: Go
// keeps arrays in memory, and the recursion is most of the solver's time
// (measured: 32% less CPU on pc19). TestLayers3 checks that it computes
// exactly what layers computes.
func (g *graph[B]) layers3(flooded, frontier *B, remaining uint32, limit int, tail *snapshots[B]) int {
	if useLayersBMI {
		return layersBMI(g.cm3, g.adj3, unsafe.Pointer(tail),
			(*flooded)[0]|(*frontier)[0], (*flooded)[1]|(*frontier)[1], (*flooded)[2]|(*frontier)[2],
			(*frontier)[0], (*frontier)[1], (*frontier)[2], remaining, limit)
	}
	v0, v1, v2 := (*flooded)[0]|(*frontier)[0], (*flooded)[1]|(*frontier)[1], (*flooded)[2]|(*frontier)[2]
	c0, c1, c2 := (*frontier)[0], (*frontier)[1], (*frontier)[2]
	cm := &g.cmask
	dist := 0
	cols := remaining
	for {
		if cols&(cols-1) == 0 {
			return dist + bits.OnesCount32(cols)
		}
		// Colours are below MaxColors, a power of two: the mask drops the
		// bounds check, and the branch-free test does not mispredict.
		var done uint32
		for c := cols; c != 0; c &= c - 1 {
			k := bits.TrailingZeros32(c)
			m := &cm[k&(MaxColors-1)]
			done |= uint32(b2i((*m)[0]&^v0|(*m)[1]&^v1|(*m)[2]&^v2 == 0)) << k
		}
		if left := dist + bits.OnesCount32(cols) + b2i(done == 0); left > limit {
			return left
		}
		var f0, f1, f2 uint64
		if done != 0 {
			dist += bits.OnesCount32(done)
			cols &^= done
			var p0, p1, p2 uint64
			for c := done; c != 0; c &= c - 1 {
				m := &cm[bits.TrailingZeros32(c)&(MaxColors-1)]
				p0 |= c0 & (*m)[0]
				p1 |= c1 & (*m)[1]
				p2 |= c2 & (*m)[2]
			}
			c0, c1, c2 = c0&^p0, c1&^p1, c2&^p2
			if useBMI {
				f0, f1, f2 = adjUnionBMI(g.adj3, p0, p1, p2)
			} else {
				f0, f1, f2 = g.adjUnion3(p0, p1, p2)
			}
		} else {
			if tail != nil {
				tail.n++
				sn := &tail.s[tail.n%lookSteps]
				sn.flooded[0], sn.flooded[1], sn.flooded[2] = v0&^c0, v1&^c1, v2&^c2
				sn.frontier[0], sn.frontier[1], sn.frontier[2] = c0, c1, c2
				sn.cols, sn.dist = cols, dist
			}
			dist++
			if useBMI {
				f0, f1, f2 = adjUnionBMI(g.adj3, c0, c1, c2)
			} else {
				f0, f1, f2 = g.adjUnion3(c0, c1, c2)
			}
			c0, c1, c2 = 0, 0, 0
		}
		f0, f1, f2 = f0&^v0, f1&^v1, f2&^v2
		v0, v1, v2 = v0|f0, v1|f1, v2|f2
		c0, c1, c2 = c0|f0, c1|f1, c2|f2
	}
}

// adjUnion3 is neighboursOf for the three-word set (s0, s1, s2). It reads
// the neighbour sets through 64-entry arrays, one per word, so that indexing
// by a bit number needs no bounds check (newGraph gives adj the capacity).
func (g *graph[B]) adjUnion3(s0, s1, s2 uint64) (o0, o1, o2 uint64) {
	if useBMI {
		return adjUnionBMI(g.adj3, s0, s1, s2)
	}
	adj := g.adj[:192:192]
	a0, a1, a2 := (*[64]B)(adj[:64]), (*[64]B)(adj[64:128]), (*[64]B)(adj[128:])
	for w := s0; w != 0; w &= w - 1 {
		a := &a0[bits.TrailingZeros64(w)&63]
		o0 |= (*a)[0]
		o1 |= (*a)[1]
		o2 |= (*a)[2]
	}
	for w := s1; w != 0; w &= w - 1 {
		a := &a1[bits.TrailingZeros64(w)&63]
		o0 |= (*a)[0]
		o1 |= (*a)[1]
		o2 |= (*a)[2]
	}
	for w := s2; w != 0; w &= w - 1 {
		a := &a2[bits.TrailingZeros64(w)&63]
		o0 |= (*a)[0]
		o1 |= (*a)[1]
		o2 |= (*a)[2]
	}
	return o0, o1, o2
}

// childBound3 is, for three-word sets where layersBMI runs, the child of
// the snapshot sn by colour k and its boundDepth(child, limit, depth):
// the sets go from the child's union to the recursion in registers, not
// as arrays through child, boundDepth and layers3 (the lookahead asks
// this for every colour of every state it does not find in its cache).
// ok is false when the move opens no new region.
func (g *graph[B]) childBound3(sn *snapshot[B], k, limit, depth int) (h int, ok bool) {
	var tail *snapshots[B]
	if depth > 0 {
		tail = &g.tails[depth]
		tail.n = 0
	}
	// The child's sets go from its union to the recursion in registers
	// and the arguments' own slots (one call from Go instead of two).
	h = childLayersBMI(g.cm3, g.adj3, unsafe.Pointer(tail), unsafe.Pointer(sn), uint64(k), 0, 0, 0, 0, sn.cols, limit)
	if h < 0 {
		return 0, false
	}
	if depth > 0 && h == limit && g.lookahead(tail, limit, depth) {
		h = limit + 1
	}
	return h, true
}

// colourTable returns a graph's colour masks cm for layersBMI and
// layersBMI4: the masks (cm[c] word by word, as layers3 reads them), then
// the same masks by word (for word w, the colours 0-7 side by side), then
// a switch, 1 when the CPU has AVX-512 and the board at most eight colours,
// and, when it is 1, the union of the masks of every set of colours (row
// s, w words, for the set s of colours 0-7).
//
// With the switch the assembly's completing test looks at eight colours
// in one register per word instead of at one colour at a time: that test
// was 19% of pc19's instructions (26 M colour tests in 4.9 M layer
// steps). A step that completes colours reads their union's row instead of
// looping over them (1.8 colours a completing step on pc19, and the loop's
// exit mispredicted). For three-word sets the assembly reads the masks by
// word at cm+384, the switch at cm+576 and the unions at cm+584, for
// four-word sets at cm+512, cm+768 and cm+776 (TestColourTable).
func colourTable[B bitset](cm *[MaxColors]B, colors int) []uint64 {
	var b B
	w := len(b)
	on := useAVX512 && colors <= 8
	n := w*MaxColors + w*8 + 1
	if on {
		n += 256 * w
	}
	t := make([]uint64, n)
	byWord := t[w*MaxColors:]
	for c := range cm {
		for i := range w {
			t[c*w+i] = cm[c][i]
			if c < 8 {
				byWord[i*8+c] = cm[c][i]
			}
		}
	}
	if on {
		t[w*MaxColors+w*8] = 1
		unions := t[w*MaxColors+w*8+1:]
		for set := 1; set < 256; set++ {
			rest, c := set&(set-1), bits.TrailingZeros(uint(set))
			for i := range w {
				unions[set*w+i] = unions[rest*w+i] | cm[c][i]
			}
		}
	}
	return t
}
