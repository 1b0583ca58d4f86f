package floodit

import (
	"math/bits"
	"unsafe"
)

// layers4 is layers3 for four-word sets (at most 256 regions; an 18x18
// board with 6 colours has about 230). TestLayers3 checks it too.
func (g *graph[B]) layers4(flooded, frontier *B, remaining uint32, limit int, tail *snapshots[B]) int {
	l := len(*flooded) - 1 // 3, written so that the three-word type compiles
	if useLayersBMI {
		return layersBMI4(g.cm4, g.adj4, unsafe.Pointer(tail),
			(*flooded)[0]|(*frontier)[0], (*flooded)[1]|(*frontier)[1], (*flooded)[2]|(*frontier)[2], (*flooded)[l]|(*frontier)[l],
			(*frontier)[0], (*frontier)[1], (*frontier)[2], (*frontier)[l], remaining, limit)
	}
	v0, v1, v2, v3 := (*flooded)[0]|(*frontier)[0], (*flooded)[1]|(*frontier)[1], (*flooded)[2]|(*frontier)[2], (*flooded)[l]|(*frontier)[l]
	c0, c1, c2, c3 := (*frontier)[0], (*frontier)[1], (*frontier)[2], (*frontier)[l]
	dist := 0
	cols := remaining
	for {
		if cols&(cols-1) == 0 {
			return dist + bits.OnesCount32(cols)
		}
		var done uint32
		for c := cols; c != 0; c &= c - 1 {
			k := bits.TrailingZeros32(c)
			m := &g.cmask[k]
			if (*m)[0]&^v0|(*m)[1]&^v1|(*m)[2]&^v2|(*m)[l]&^v3 == 0 {
				done |= 1 << k
			}
		}
		if left := dist + bits.OnesCount32(cols) + b2i(done == 0); left > limit {
			return left
		}
		var f0, f1, f2, f3 uint64
		if done != 0 {
			dist += bits.OnesCount32(done)
			cols &^= done
			var p0, p1, p2, p3 uint64
			for c := done; c != 0; c &= c - 1 {
				m := &g.cmask[bits.TrailingZeros32(c)]
				p0 |= c0 & (*m)[0]
				p1 |= c1 & (*m)[1]
				p2 |= c2 & (*m)[2]
				p3 |= c3 & (*m)[l]
			}
			c0, c1, c2, c3 = c0&^p0, c1&^p1, c2&^p2, c3&^p3
			f0, f1, f2, f3 = g.adjUnion4(p0, p1, p2, p3)
		} else {
			if tail != nil {
				tail.n++
				sn := &tail.s[tail.n%lookSteps]
				sn.flooded[0], sn.flooded[1], sn.flooded[2], sn.flooded[l] = v0&^c0, v1&^c1, v2&^c2, v3&^c3
				sn.frontier[0], sn.frontier[1], sn.frontier[2], sn.frontier[l] = c0, c1, c2, c3
				sn.cols, sn.dist = cols, dist
			}
			dist++
			f0, f1, f2, f3 = g.adjUnion4(c0, c1, c2, c3)
			c0, c1, c2, c3 = 0, 0, 0, 0
		}
		f0, f1, f2, f3 = f0&^v0, f1&^v1, f2&^v2, f3&^v3
		v0, v1, v2, v3 = v0|f0, v1|f1, v2|f2, v3|f3
		c0, c1, c2, c3 = c0|f0, c1|f1, c2|f2, c3|f3
	}
}

// adjUnion4 is neighboursOf for the four-word set (s0, s1, s2, s3).
func (g *graph[B]) adjUnion4(s0, s1, s2, s3 uint64) (o0, o1, o2, o3 uint64) {
	if useBMI {
		return adjUnionBMI4(g.adj4, s0, s1, s2, s3)
	}
	adj := g.adj
	var z B
	l := len(z) - 1
	for j, s := range [4]uint64{s0, s1, s2, s3} {
		for w := s; w != 0; w &= w - 1 {
			a := &adj[j<<6|bits.TrailingZeros64(w)]
			o0 |= (*a)[0]
			o1 |= (*a)[1]
			o2 |= (*a)[2]
			o3 |= (*a)[l]
		}
	}
	return o0, o1, o2, o3
}

// childBound4 is childBound3 for four-word sets, where layersBMI4 runs.
func (g *graph[B]) childBound4(sn *snapshot[B], k, limit, depth int) (h int, ok bool) {
	l := len(sn.flooded) - 1 // 3, written so that the three-word type compiles
	m, fl, fr := &g.cmask[k], &sn.flooded, &sn.frontier
	g0, g1, g2, g3 := (*fr)[0]&(*m)[0], (*fr)[1]&(*m)[1], (*fr)[2]&(*m)[2], (*fr)[l]&(*m)[l]
	o0, o1, o2, o3 := adjUnionBMI4(g.adj4, g0, g1, g2, g3)
	s0, s1, s2, s3 := (*fl)[0]|(*fr)[0], (*fl)[1]|(*fr)[1], (*fl)[2]|(*fr)[2], (*fl)[l]|(*fr)[l]
	if o0&^s0|o1&^s1|o2&^s2|o3&^s3 == 0 {
		return 0, false
	}
	f0, f1, f2, f3 := (*fl)[0]|g0, (*fl)[1]|g1, (*fl)[2]|g2, (*fl)[l]|g3
	crem := sn.cols
	if (*m)[0]&^f0|(*m)[1]&^f1|(*m)[2]&^f2|(*m)[l]&^f3 == 0 {
		crem &^= 1 << k
	}
	var tail *snapshots[B]
	if depth > 0 {
		tail = &g.tails[depth]
		tail.n = 0
	}
	h = layersBMI4(g.cm4, g.adj4, unsafe.Pointer(tail), s0|o0, s1|o1, s2|o2, s3|o3,
		(o0|(*fr)[0])&^f0, (o1|(*fr)[1])&^f1, (o2|(*fr)[2])&^f2, (o3|(*fr)[l])&^f3, crem, limit)
	if depth > 0 && h == limit && g.lookahead(tail, limit, depth) {
		h = limit + 1
	}
	return h, true
}
