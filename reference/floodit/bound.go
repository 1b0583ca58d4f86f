package floodit

import "math/bits"

// The lower bound of the search.
//
// Think of the game on arbitrary sets S of regions: the move c turns S into
// S + c = S ∪ {regions of colour c adjacent to S}. On the real flooded area
// this is exactly a Flood-it move (regions of one colour never touch, so the
// newly flooded regions pull in nothing more), and the game ends when S holds
// every region. Write h*(S) for the fewest moves that finish from S. Two facts
// make the bound:
//
//  1. Monotonicity: S ⊆ T implies S + c ⊆ T + c, so h*(T) <= h*(S).
//
//  2. Completing moves are optimal: if every region of colour c outside S is
//     adjacent to S, then h*(S) = 1 + h*(S + c). Proof: an optimal sequence
//     from S must play c (regions of colour c remain and only c floods them).
//     Move that first c to the front: until its old place the new sequence
//     holds a superset (fact 1, since S + c ⊇ S), at its old place the old
//     sequence gains only regions of colour c, which S + c already holds, and
//     after it fact 1 applies again. Same length, same end: all regions.
//
// bound computes L(S) by the recursion
//
//	L(S) = 0                    when S holds every region
//	L(S) = 1 + L(S + c)         when c is a completing colour (fact 2, exact)
//	L(S) = 1 + L(S ∪ N(S))      otherwise, N(S) = the regions adjacent to S
//
// and L(S) <= h*(S) by induction: in the third case every move gives a subset
// of S ∪ N(S), so by fact 1 h*(S) = 1 + min_c h*(S + c) >= 1 + h*(S ∪ N(S)).
// When one colour is left outside S it is completing, so the last step costs
// exactly 1. The recursion runs over the sets only (never over the moves), one
// breadth-first layer of the region graph at a time: the part without
// completing colours is the distance of the farthest region, the completing
// steps count colours that must be eliminated, so L is at least both the
// number of colours left and the eccentricity of S. The idea is the one of
// A. and S. Puchert's Flood-it solver.
//
// limit lets the caller stop early: once the count passes limit, the exact
// value no longer matters.
func (g *graph[B]) bound(flooded, frontier B, remaining uint32, limit int) int {
	var vis B
	for i := range len(vis) {
		vis[i] = flooded[i] | frontier[i]
	}
	cur := frontier
	dist := 0
	cols := remaining
	for {
		if cols&(cols-1) == 0 {
			return dist + bits.OnesCount32(cols)
		}
		// A colour completes when all its regions are in vis: a subset test
		// per colour and step (cheaper than keeping counts up to date).
		var done uint32
		for c := cols; c != 0; c &= c - 1 {
			k := bits.TrailingZeros32(c)
			m := &g.cmask[k]
			var x uint64
			for i := range len(vis) {
				x |= (*m)[i] &^ vis[i]
			}
			if x == 0 {
				done |= 1 << k
			}
		}
		// Every remaining colour costs at least one more step, and without
		// a completing colour a layer step comes first.
		if left := dist + bits.OnesCount32(cols) + b2i(done == 0); left > limit {
			return left
		}
		var fresh B
		if done != 0 {
			// Play every completing colour: only their regions of the layer
			// join S, the rest of the layer stays on the frontier.
			dist += bits.OnesCount32(done)
			cols &^= done
			var played B
			for c := done; c != 0; c &= c - 1 {
				k := bits.TrailingZeros32(c)
				for i := range len(played) {
					played[i] |= cur[i] & g.cmask[k][i]
				}
			}
			for i := range len(cur) {
				cur[i] &^= played[i]
			}
			fresh = g.neighboursOf(played)
		} else {
			dist++
			fresh = g.neighboursOf(cur)
			var none B
			cur = none
		}
		for i := range len(fresh) {
			fresh[i] &^= vis[i]
			vis[i] |= fresh[i]
			cur[i] |= fresh[i]
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
