package floodit

import (
	"errors"
	"math/bits"
	"unsafe"
)

// The search is IDA*: depth-first searches bounded by f = g + h, the bound
// rising each round to the smallest f that was cut off. h is the bound of
// bound.go: the layer recursion, plus one when a lookahead at its last layer
// steps proves it (a child's bound is asked with the child's budget as the
// limit, so the lookahead runs only where it decides a cut). On top of it:
//
//   - States are flooded region sets; a move that floods nothing is never
//     tried, and two orders of moves that flood the same set meet in the
//     transposition table.
//   - A completing colour (every region of it outside the flooded area is
//     adjacent to it) is played alone: bound.go proves that this loses
//     nothing.
//   - The transposition table remembers, per flooded set, a lower bound on
//     the moves still needed learnt from failed searches (the smallest f
//     that was cut off below it, minus its depth). The bound only grows and
//     is valid in every round, so a set met again, by another order of moves
//     or in a later round, is cut off at once when it cannot fit. Entries are
//     checked against the full set, so a hash collision never prunes.
//   - A state needs at least as many moves as any of its children, since a
//     child floods a superset (fact 1 of bound.go): a child whose bound,
//     from the table or learnt by its search, does not fit cuts the state.
//     Every child is looked up in the table before any bound is computed.
//   - A move refuted at a state (its child cannot fit) stays refuted below
//     the state's later children until a move opens a region of its colour
//     (the proof is at refutedPrune below): such a grandchild is cut without
//     a bound or a search (pc19 13% fewer nodes, b14x14c8 25%).
//   - Children are tried in order of their lower bound, then of the regions
//     they reach, so the last round reaches a solution early. While the
//     path follows the shortest solution known (a beam's), that solution's
//     next move goes first among the children of the smallest bound: nodes
//     pc19 405,359 -> 385,446, b14x14c8 965,391 -> 896,962, and runs of the
//     layer recursion 3.7% and 8.7% fewer.
//   - A narrow beam search (beam.go) finds a solution before the first
//     round, and a wider one once the search is costly; when the rounds
//     reach the shorter one's length, it is optimal and the last round is
//     skipped. The last round was a third of the nodes on pc19 (the wide
//     beam alone ran on few of its boards); with the narrow beam at the
//     start pc19's first 300 boards take 211,020 -> 153,554 nodes.

// errCancelled reports that the search stopped because its context ended.
var errCancelled = errors.New("floodit: search cancelled")

const (
	foundPath = -1
	cancelled = -2
	// progressEvery is the number of nodes between two Progress calls.
	progressEvery = 1 << 16
	// beamAfter is the number of nodes after which a search is costly
	// enough to look for an upper bound with a beam search of beamWidth
	// states: when it is optimal (nine times in ten on pc19), the last
	// round of IDA* is skipped (17% fewer nodes on pc19).
	beamAfter = 2000
	beamWidth = 50
	// quickBeamWidth is the width of the beam search run at the start of
	// every search.
	quickBeamWidth = 10
	// cancelWork is the region work between two looks at the context.
	cancelWork = 1 << 15
)

type search[B bitset] struct {
	g        *graph[B]
	done     <-chan struct{}
	progress Progress
	nodes    int64
	work     int // region work since the context was last looked at
	limit    int // the round's bound on f
	solved   int // length of the path found
	tt       *table[B]
	// hint is the shortest solution known (the beams'), and match the
	// length of the prefix of it that the current path follows.
	hint  []Move
	match int
	path  []Move
	kids  []*[MaxColors]kid[B] // the children of the node at each depth
}

type kid[B bitset] struct {
	flooded, frontier B
	f                 int // depth + lower bound
	color             int
	remaining         uint32
	known             bool // its bound came from the table
	fresh             B    // the regions the move opens
	reach             int  // regions flooded or on the frontier after the move
	slot              *entry[B]
}

// newSearch returns a search of l's region graph with a table from the
// pool (give it back with putTable) and the start state: region 0 flooded,
// its frontier and the colours outside it.
func newSearch[B bitset](l labels, done <-chan struct{}, p Progress) (s *search[B], flooded, frontier B, rem uint32) {
	g := newGraph[B](l)
	s = &search[B]{g: g, done: done, progress: p, tt: getTable[B]()}
	g.exactCache = &s.tt.exact
	for d := range g.tails {
		g.tails[d].cache, g.tails[d].depth = unsafe.Pointer(g.exactCache), uint64(d)
	}
	setBit(&flooded, 0)
	return s, flooded, g.adj[0], g.outside(flooded)
}

func solveWith[B bitset](l labels, done <-chan struct{}, p Progress, beamAfter int64) ([]Move, int64, error) {
	s, flooded, frontier, rem := newSearch[B](l, done, p)
	defer putTable(s.tt)
	g := s.g
	s.limit = g.bound(flooded, frontier, rem, g.r)
	if s.progress != nil {
		s.progress(s.limit, s.nodes)
	}
	// A narrow beam at the start gives an upper bound, often the optimum,
	// so that the last round is skipped for most boards. A wide beam
	// follows once the search is costly, in case it finds a shorter one.
	upper, ok := g.beam(flooded, frontier, rem, quickBeamWidth, done)
	if !ok {
		return nil, s.nodes, errCancelled
	}
	wide := false
	for {
		if s.limit >= len(upper) {
			// Every round below the limit failed: nothing shorter exists.
			return upper, s.nodes, nil
		}
		s.hint, s.match = upper, 0
		r := s.dfs(0, flooded, frontier, rem, s.limit, 0)
		switch r {
		case foundPath:
			return append([]Move{}, s.path[:s.solved]...), s.nodes, nil
		case cancelled:
			return nil, s.nodes, errCancelled
		}
		s.limit = r
		if s.progress != nil {
			s.progress(s.limit, s.nodes)
		}
		if !wide && s.nodes >= beamAfter {
			wide = true
			u, ok := g.beam(flooded, frontier, rem, beamWidth, done)
			if !ok {
				return nil, s.nodes, errCancelled
			}
			if len(u) < len(upper) {
				upper = u
			}
		}
	}
}

// dfs searches below a state at depth d whose colours outside the flooded
// area are rem. It returns foundPath, cancelled, or the smallest f above the
// round's limit that it cut off. The moves in prune are known not to fit
// (see refuted moves below): their children are cut without a bound.
func (s *search[B]) dfs(d int, flooded, frontier B, rem uint32, hlb int, prune uint32) int {
	if rem == 0 {
		s.solved = d
		return foundPath
	}
	s.nodes++
	if s.nodes == growAfter {
		s.tt.grow()
	}
	// The work of a node grows with the number of regions, so the context
	// is looked at after a fixed amount of region work (well under a
	// millisecond), not after a fixed number of nodes.
	s.work += s.g.r
	if s.work >= cancelWork {
		s.work = 0
		select {
		case <-s.done:
			return cancelled
		default:
		}
	}
	if s.progress != nil && s.nodes%progressEvery == 0 {
		s.progress(s.limit, s.nodes)
	}
	if len(s.path) <= d {
		s.path = append(s.path, 0)
		s.kids = append(s.kids, new([MaxColors]kid[B]))
	}
	g := s.g
	best := int(^uint(0) >> 1)
	// The children live in a buffer per depth: a local array would be
	// cleared at every node. Every field is set before it is read.
	kids := s.kids[d]
	n := 0
	cand, completing := g.candidates(&flooded, &frontier, rem)
	for c := cand; c != 0; c &= c - 1 {
		k := bits.TrailingZeros32(c)
		kd := &kids[n]
		kd.remaining = g.childTo(&flooded, &frontier, rem, k, &kd.flooded, &kd.frontier, &kd.fresh)
		if !completing && empty(&kd.fresh) {
			// The move opens no new region and is not completing: never
			// optimal (see the note on wasteful moves below).
			continue
		}
		kd.color, kd.known = k, true
		kd.f = d + 1
		kd.slot = nil
		if kd.remaining != 0 {
			// The slot is fetched now and read once every child is
			// known: the fetches overlap the next children's work, and
			// the reads, with no work between them, overlap what is
			// left of their cache misses.
			kd.slot = s.tt.at(&kd.flooded)
			prefetch(unsafe.Pointer(kd.slot))
		}
		n++
	}
	for i := range n {
		kd := &kids[i]
		if kd.slot != nil {
			// A set in the table had its bound computed before (perhaps
			// stopped early at an older limit, still a valid lower bound),
			// and its entry only rises: computing it again is skipped.
			// Pathmax: one move lowers the true distance by at most one.
			lb, known := s.tt.getAt(kd.slot, &kd.flooded)
			kd.f += max(lb, hlb-1)
			kd.known = known
		}
		// A child floods a superset of this state, so this state needs at
		// least as many moves as any child (fact 1 of bound.go): one child
		// that cannot fit cuts them all (27% fewer nodes on pc19). The
		// table is asked about every child before any bound is computed.
		if kd.f-1 > s.limit {
			return kd.f - 1
		}
	}
	for i := range n {
		kd := &kids[i]
		if kd.known || kd.f > s.limit {
			continue
		}
		if prune&(1<<kd.color) != 0 {
			// A refuted move of an earlier sibling: the child needs more
			// than the budget (see refuted moves below).
			kd.f = s.limit + 1
			continue
		}
		f := d + 1
		h := g.boundAt(&kd.flooded, &kd.frontier, kd.remaining, s.limit-f)
		kd.f = max(kd.f, f+h)
		s.tt.raise(&kd.flooded, kd.f-f)
		if kd.f-1 > s.limit {
			return kd.f - 1
		}
	}
	// The children that fit, most promising first; colours break ties, so
	// the order (and the answer) is deterministic. The order is kept as
	// indices: a kid is over a hundred bytes.
	var order [MaxColors]uint8
	kept := 0
	var refuted uint32
	for i := range n {
		kd := &kids[i]
		if kd.f > s.limit {
			best = min(best, kd.f)
			refuted |= 1 << kd.color
			continue
		}
		kd.reach = 0
		for j := range len(kd.flooded) {
			kd.reach += bits.OnesCount64(kd.frontier[j] | kd.flooded[j])
		}
		j := kept
		for ; j > 0 && kd.before(&kids[order[j-1]]); j-- {
			order[j] = order[j-1]
		}
		order[j] = uint8(i)
		kept++
	}
	n = kept
	// On the upper bound's path, its next move goes first among the
	// children of the smallest f (see hint).
	onHint := s.match == d && d < len(s.hint)
	if onHint {
		for i := 1; i < n && kids[order[i]].f == kids[order[0]].f; i++ {
			if Move(kids[order[i]].color) == s.hint[d] {
				k := order[i]
				copy(order[1:i+1], order[:i])
				order[0] = k
				break
			}
		}
	}
	for _, i := range order[:n] {
		kd := &kids[i]
		s.path[d] = Move(kd.color)
		if onHint && Move(kd.color) == s.hint[d] {
			s.match = d + 1
		} else {
			s.match = min(s.match, d)
		}
		// The moves refuted here or above stay refuted below this child
		// unless it opens a region of their colour.
		var sub uint32
		if refuted|prune != 0 && refutedPrune {
			sub = (refuted | prune) &^ g.colorsIn(&kd.fresh, rem)
		}
		r := s.dfs(d+1, kd.flooded, kd.frontier, kd.remaining, kd.f-d-1, sub)
		if r < 0 {
			return r
		}
		best = min(best, r)
		s.tt.raise(&kd.flooded, r-d-1)
		refuted |= 1 << kd.color
		// The child now needs at least r-d-1 moves, and so does this state.
		if r-1 > s.limit {
			return r - 1
		}
	}
	return best
}

// candidates returns the colours worth playing from a state: those with a
// region on the frontier, or only the smallest completing colour if there is
// one (bound.go proves that playing it first loses nothing); completing says
// which case it is.
func (g *graph[B]) candidates(flooded, frontier *B, rem uint32) (cand uint32, completing bool) {
	for c := rem; c != 0; c &= c - 1 {
		k := bits.TrailingZeros32(c)
		m := &g.cmask[k]
		if !intersects(m, frontier) {
			continue
		}
		cand |= 1 << k
		var out uint64
		for i := range len(*frontier) {
			out |= (*m)[i] &^ ((*flooded)[i] | (*frontier)[i])
		}
		if out == 0 {
			return 1 << k, true
		}
	}
	return cand, false
}

// Wasteful moves: a move that is not completing and whose flooded regions have no
// neighbour outside the old flooded area and its frontier never starts an
// optimal solution. Proof: regions of its colour c remain beyond the
// frontier, so a later move plays c. Drop the first c: until that later move
// every move floods the same regions as before (the regions we did not flood
// only touch regions that the flooded area touches anyway), and the later c
// floods the dropped regions too, since they touch the flooded area. That
// solves the board in one move fewer.

// Refuted moves: a move refuted at a state stays refuted below its later
// siblings until a move opens a region of its colour. Let S be a state at
// depth d of a round with limit F, and a a move from S whose child has
// f > F, from its bound or from its failed search: h*(S+a) > F-d-1. Let
// T = S+x1+...+xk (k >= 1, at depth d+k) be reached by moves none of which
// is a, and none of which opens a region of colour a (its fresh regions,
// see child, hold none). Then every region of colour a beside T is flooded
// or was on S's frontier, so T+a ⊆ T ∪ (S+a). And S+a+x1+...+xk ⊇ T (fact
// 1 of bound.go: S+a ⊇ S) and ⊇ S+a (moves only add), so
// T+a ⊆ S+a+x1+...+xk, and by fact 1 again and since one move lowers h* by
// at most one, h*(T+a) >= h*(S+a) - k > F-d-k-1: the child T+a, at depth
// d+k+1, has f > F, and F+1 is a valid value for it. Its bound is not
// computed and it is not searched. The table already meets T+a when it
// equals S+a+x1 (a commutation); this cuts the cases where it is a strict
// subset, and the cases whose entry was lost or never written (a state cut
// by one child does not bound the others). Nodes: pc19 all 1000 496,177 ->
// 433,359, b14x14c8 first 100 1,321,827 -> 994,556.
//
// refutedPrune turns the rule off, so that tests can compare.
var refutedPrune = true

// before orders children: smaller f first, then the one that
// floods or touches more regions (measured: the fewest nodes in the last round).
func (k *kid[B]) before(o *kid[B]) bool {
	if k.f != o.f {
		return k.f < o.f
	}
	return k.reach > o.reach
}

// colorsIn returns the colours of rem with a region in set.
func (g *graph[B]) colorsIn(set *B, rem uint32) uint32 {
	var out uint32
	for c := rem; c != 0; c &= c - 1 {
		k := bits.TrailingZeros32(c)
		if intersects(&g.cmask[k], set) {
			out |= 1 << k
		}
	}
	return out
}
