package floodit

import (
	"math/bits"
	"unsafe"
)

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
//
// When L(S) comes out exactly at limit, bound tries to prove one more move:
// see lookahead.
func (g *graph[B]) bound(flooded, frontier B, remaining uint32, limit int) int {
	return g.boundDepth(&flooded, &frontier, remaining, limit, lookDepth)
}

// boundAt is bound with the sets read in place (see childTo).
func (g *graph[B]) boundAt(flooded, frontier *B, remaining uint32, limit int) int {
	return g.boundDepth(flooded, frontier, remaining, limit, lookDepth)
}

const (
	// lookDepth is how deep lookaheads nest: the moves tried by a
	// lookahead get their own lookahead, and theirs get one more, which
	// does not nest further. The third level pays now that the lookahead's
	// cache grows with hard searches (nodes, two levels -> three: pc19 all
	// 1000 799,855 -> 662,154, b14x14c8 first 100 1,603,679 -> 1,340,510,
	// about 10% less CPU on each; a fourth level cut 2-3% more nodes and no
	// CPU).
	lookDepth = 3
	// lookSteps is how many of the last layer steps of a chain a lookahead
	// tries (measured on pc19 with the cache of exact: 2 steps 105,988
	// nodes on the first 100 boards, 3 steps 87,266, 4 steps 81,427, 5
	// steps 80,072; 4 took the least CPU).
	lookSteps = 4
)

// boundDepth is L(S), raised by one when it equals limit and a lookahead of
// the given depth proves one more move.
func (g *graph[B]) boundDepth(flooded, frontier *B, remaining uint32, limit, depth int) int {
	// Most runs are a step or two long: three- and four-word sets call
	// layers3 and layers4 directly (the sets read in place, see childTo).
	if depth == 0 {
		return g.layersAt(flooded, frontier, remaining, limit, nil)
	}
	tail := &g.tails[depth]
	tail.n = 0
	h := g.layersAt(flooded, frontier, remaining, limit, tail)
	if h == limit && g.lookahead(tail, limit, depth) {
		return limit + 1
	}
	return h
}

// The lookahead: one layer step made exact.
//
// Write the recursion as a chain of states S = S0, S1, ..., where each step
// adds 1 and is either exact (completing colours) or relaxed (a layer step,
// h*(Si) >= 1 + h*(Si+1)). So h*(S) >= dist_i + h*(Si) for the cost dist_i
// of the steps before Si. At a layer step no colour completes, and
// h*(Si) = 1 + min_c h*(Si + c) over the colours c on Si's frontier, where
// the moves that open no new region (every neighbour of the regions they
// flood is already in Si or on its frontier) may be left out: exactMoves
// skips them. Such a move is not completing here, so it never starts an
// optimal solution (the proof is the note on wasteful moves at the end of
// search.go). With any lower bound L' of each h*(Si + c):
//
//	h*(S) >= dist_i + 1 + min_c L'(Si + c)
//
// which is at least L(S) when every Si + c does no better than the layer
// (Si + c ⊆ Si ∪ N(Si)), and often one more: one colour cannot take the
// whole layer. L' is L itself, or L with its own lookahead (any lower bound
// will do, so the argument nests). It costs one run of L per colour, so it
// is tried only where it decides a cut (L(S) == limit) and only at the last
// few layer steps of the chain, which are the cheapest (the rest of the
// chain is short) and the ones where it succeeds most (81% of the successes
// at the last one). The first layer step is included at every level. It
// used to be left out at the top, as the exact move there is the search's
// own next move, but a state whose every move fails is then a node of its
// own, with the children's full three-level bounds and a table probe each;
// included, the parent's bound finds it with the two nested levels and the
// cache (nodes: pc19 all 1000 433,359 -> 405,359, b14x14c8 first 100
// 994,556 -> 965,391, with as many runs of the layer recursion; CPU 3-6%
// less on pc19 in three interleaved pairs). The chains of sibling states end in the same sets, so the
// answers are cached (exactCache in table.go). On pc19 (first 200 boards)
// one level at the last two steps cut the nodes by 60%, the nested level by
// another 39%.

// snapshot is the state of the recursion just before a layer step: the set
// S_i (flooded), its frontier, the colours left and the cost so far.
type snapshot[B bitset] struct {
	flooded, frontier B
	cols              uint32
	dist              int
}

// snapshots keeps the last lookSteps layer steps of a run of layers.
type snapshots[B bitset] struct {
	s [lookSteps]snapshot[B]
	n int // layer steps seen
	// cache and depth say where the lookahead of this tail's depth
	// looks first (see exactCache.slot): layersBMI fetches that slot
	// when it returns a value at its limit. cache is nil outside a
	// search.
	cache unsafe.Pointer // *exactCache[B]
	depth uint64
}

// lookahead reports whether the chain recorded in tail needs more than limit
// moves once one of its last lookSteps layer steps is played exactly.
func (g *graph[B]) lookahead(tail *snapshots[B], limit, depth int) bool {
	for j := tail.n; j >= max(1, tail.n-lookSteps+1); j-- {
		sn := &tail.s[j%lookSteps]
		if g.exact(sn, limit, depth) {
			return true
		}
	}
	return false
}

// exact reports whether every move from the snapshot's set that opens a new
// region leaves more than limit moves in all.
//
// The answers are cached by set, depth and budget (limit - dist), which is
// all they depend on: every caller passes a frontier that is N(S) \ S, and
// colours left that are exactly those with a region outside S, and the
// recursion keeps both true (at a layer step no colour left has all its
// regions seen, else it would have completed first), so the snapshot's set
// determines its frontier and colours. They are monotone in the budget b: a
// move c exceeds b when L(Si + c) >= b, or L(Si + c) = b - 1 and its own
// lookahead succeeds, and either case exceeds every smaller budget too; a
// move that fits at b has L(Si + c) <= b - 1, below every larger budget minus
// one, where no lookahead runs, so it fits there too.
func (g *graph[B]) exact(sn *snapshot[B], limit, depth int) bool {
	budget := limit - sn.dist
	if g.exactCache == nil || budget >= 1<<15-1 {
		return g.exactMoves(sn, limit, depth)
	}
	slot := g.exactCache.slot(&sn.flooded, depth)
	e := g.exactCache.entry(slot, &sn.flooded, depth)
	switch {
	case budget <= int(e.over):
		return true
	case budget >= int(e.within):
		return false
	}
	// The nested lookaheads may have taken the slot: look at it again
	// (the cache does not grow during a bound).
	ok := g.exactMoves(sn, limit, depth)
	e = g.exactCache.entry(slot, &sn.flooded, depth)
	if ok {
		e.over = int16(max(int(e.over), budget))
	} else {
		e.within = int16(min(int(e.within), budget))
	}
	return ok
}

// exactMoves is exact without the cache.
func (g *graph[B]) exactMoves(sn *snapshot[B], limit, depth int) bool {
	for c := sn.cols; c != 0; c &= c - 1 {
		k := bits.TrailingZeros32(c)
		if !intersects(&g.cmask[k], &sn.frontier) {
			continue
		}
		if len(sn.flooded) == 3 && useLayersBMI {
			h, ok := g.childBound3(sn, k, limit-sn.dist-1, depth-1)
			if ok && sn.dist+1+h <= limit {
				return false
			}
			continue
		}
		if len(sn.flooded) == 4 && useLayersBMI {
			h, ok := g.childBound4(sn, k, limit-sn.dist-1, depth-1)
			if ok && sn.dist+1+h <= limit {
				return false
			}
			continue
		}
		cf, cn, fresh, crem := g.child(sn.flooded, sn.frontier, sn.cols, k)
		if empty(&fresh) {
			continue
		}
		if sn.dist+1+g.boundDepth(&cf, &cn, crem, limit-sn.dist-1, depth-1) <= limit {
			return false
		}
	}
	return true
}

// layers computes L(S), or a value above limit once it passes limit; when
// tail is not nil it records the last layer steps there.
func (g *graph[B]) layers(flooded, frontier B, remaining uint32, limit int, tail *snapshots[B]) int {
	return g.layersAt(&flooded, &frontier, remaining, limit, tail)
}

// layersAt is layers with the sets read in place (see childTo).
func (g *graph[B]) layersAt(flooded, frontier *B, remaining uint32, limit int, tail *snapshots[B]) int {
	switch {
	case generalLayers:
	case len(*flooded) == 3:
		return g.layers3(flooded, frontier, remaining, limit, tail)
	case len(*flooded) == 4:
		return g.layers4(flooded, frontier, remaining, limit, tail)
	}
	return g.layersAny(*flooded, *frontier, remaining, limit, tail)
}

// layersAny is layers in Go for sets of any size.
func (g *graph[B]) layersAny(flooded, frontier B, remaining uint32, limit int, tail *snapshots[B]) int {
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
			if tail != nil {
				tail.n++
				sn := &tail.s[tail.n%lookSteps]
				for i := range len(vis) {
					sn.flooded[i] = vis[i] &^ cur[i]
				}
				sn.frontier, sn.cols, sn.dist = cur, cols, dist
			}
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

// generalLayers turns layers3 off, so that tests can compare the two.
var generalLayers = false

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
