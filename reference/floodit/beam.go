package floodit

import (
	"math/bits"
	"sync"
)

// child returns the state after playing colour k: the move floods the
// frontier regions of colour k, and the new frontier is the rest of the old
// one plus their neighbours outside. fresh holds the regions the move
// touches for the first time.
func (g *graph[B]) child(flooded, frontier B, rem uint32, k int) (cf, cn, fresh B, crem uint32) {
	crem = g.childTo(&flooded, &frontier, rem, k, &cf, &cn, &fresh)
	return cf, cn, fresh, crem
}

// childTo is child writing the child's sets through cf, cn and fresh, word
// by word. Go passes arrays in memory and copies a three-word one with two
// overlapping 16-byte moves; a copy of a set just written with 8-byte
// stores waits for them (the store cannot be forwarded), and the search's
// copies of child's results were a fifth of dfs's samples (perf, pc19).
func (g *graph[B]) childTo(flooded, frontier *B, rem uint32, k int, cf, cn, fresh *B) (crem uint32) {
	m := &g.cmask[k]
	crem = rem
	var b B
	if len(b) == 3 {
		// The sets in scalars, and adjUnion3 called directly: a third
		// of the time of the general code (pc19's lookahead computes
		// over a million children a second).
		g0, g1, g2 := (*frontier)[0]&(*m)[0], (*frontier)[1]&(*m)[1], (*frontier)[2]&(*m)[2]
		var o0, o1, o2 uint64
		if useBMI {
			o0, o1, o2 = adjUnionBMI(g.adj3, g0, g1, g2)
		} else {
			o0, o1, o2 = g.adjUnion3(g0, g1, g2)
		}
		f0, f1, f2 := (*flooded)[0]|g0, (*flooded)[1]|g1, (*flooded)[2]|g2
		s0, s1, s2 := (*flooded)[0]|(*frontier)[0], (*flooded)[1]|(*frontier)[1], (*flooded)[2]|(*frontier)[2]
		(*cf)[0], (*cf)[1], (*cf)[2] = f0, f1, f2
		(*fresh)[0], (*fresh)[1], (*fresh)[2] = o0&^s0, o1&^s1, o2&^s2
		(*cn)[0], (*cn)[1], (*cn)[2] = (o0|(*frontier)[0])&^f0, (o1|(*frontier)[1])&^f1, (o2|(*frontier)[2])&^f2
		if (*m)[0]&^f0|(*m)[1]&^f1|(*m)[2]&^f2 == 0 {
			crem &^= 1 << k
		}
		return crem
	}
	if len(b) == 4 && useBMI {
		// The same for four-word sets (b18x18c6).
		l := len(b) - 1 // 3, written so that the three-word type compiles
		g0, g1, g2, g3 := (*frontier)[0]&(*m)[0], (*frontier)[1]&(*m)[1], (*frontier)[2]&(*m)[2], (*frontier)[l]&(*m)[l]
		o0, o1, o2, o3 := adjUnionBMI4(g.adj4, g0, g1, g2, g3)
		f0, f1, f2, f3 := (*flooded)[0]|g0, (*flooded)[1]|g1, (*flooded)[2]|g2, (*flooded)[l]|g3
		s0, s1, s2, s3 := (*flooded)[0]|(*frontier)[0], (*flooded)[1]|(*frontier)[1], (*flooded)[2]|(*frontier)[2], (*flooded)[l]|(*frontier)[l]
		(*cf)[0], (*cf)[1], (*cf)[2], (*cf)[l] = f0, f1, f2, f3
		(*fresh)[0], (*fresh)[1], (*fresh)[2], (*fresh)[l] = o0&^s0, o1&^s1, o2&^s2, o3&^s3
		(*cn)[0], (*cn)[1], (*cn)[2], (*cn)[l] = (o0|(*frontier)[0])&^f0, (o1|(*frontier)[1])&^f1, (o2|(*frontier)[2])&^f2, (o3|(*frontier)[l])&^f3
		if (*m)[0]&^f0|(*m)[1]&^f1|(*m)[2]&^f2|(*m)[l]&^f3 == 0 {
			crem &^= 1 << k
		}
		return crem
	}
	var gain B
	for i := range len(gain) {
		gain[i] = (*frontier)[i] & (*m)[i]
	}
	opened := g.neighboursOf(gain)
	for i := range len(gain) {
		(*cf)[i] = (*flooded)[i] | gain[i]
		(*fresh)[i] = opened[i] &^ ((*flooded)[i] | (*frontier)[i])
		(*cn)[i] = (opened[i] | (*frontier)[i]) &^ (*cf)[i]
	}
	if subset(*m, *cf) {
		crem &^= 1 << k
	}
	return crem
}

// beam runs a beam search of the given width: at each depth it keeps the
// width states with the smallest bound (then the largest reach, then the
// first found). It returns the moves of the first flooded state found, an
// upper bound on the optimum, or ok == false when done is closed first.
//
// It is cheap enough to run at the start of every search (a few hundred
// runs of the layer recursion at width 10): the states of each depth are
// kept with their parent's index instead of a copy of their moves, and the
// bound is the layer recursion alone (asked with no limit, the lookahead
// never runs). Its bounds are kept out of the transposition table: the
// search takes a set found there as known and would skip the lookahead.
//
// Its buffers are pooled (beamBuf): on pc19, where it runs on every board,
// sorting whole states, allocating the levels and a map of the sets seen
// took more CPU than the states' bounds.
func (g *graph[B]) beam(flooded, frontier B, rem uint32, width int, done <-chan struct{}) (moves []Move, ok bool) {
	if rem == 0 {
		return []Move{}, true
	}
	bb := getBeamBuf[B]()
	defer putBeamBuf(bb)
	bb.cur = append(bb.cur[:0], beamState[B]{fl: flooded, fr: frontier, rem: rem})
	bb.steps = bb.steps[:0]
	bb.levels = append(bb.levels[:0], 0)
	for {
		select {
		case <-done:
			return nil, false
		default:
		}
		bb.next = bb.next[:0]
		order := bb.order[:0]
		bb.seen.reset(len(bb.cur) * g.colors)
		var cf, cn, fresh B
		for pi := range bb.cur {
			s := &bb.cur[pi]
			cand, _ := g.candidates(&s.fl, &s.fr, s.rem)
			for c := cand; c != 0; c &= c - 1 {
				k := bits.TrailingZeros32(c)
				crem := g.childTo(&s.fl, &s.fr, s.rem, k, &cf, &cn, &fresh)
				if crem == 0 {
					// Walk the parents back to the root.
					depth := len(bb.levels)
					moves = make([]Move, depth)
					moves[depth-1] = Move(k)
					for d, p := depth-1, pi; d > 0; d-- {
						st := bb.steps[bb.levels[d]+p]
						moves[d-1] = st.move
						p = int(st.parent)
					}
					return moves, true
				}
				if !bb.seen.add(&cf) {
					continue
				}
				reach := 0
				for i := range len(cf) {
					reach += bits.OnesCount64(cf[i] | cn[i])
				}
				// The order: bound, then reach (larger first), then the
				// order found; reach is at most 900, the index below 2^20.
				// A child's bound is at least its parent's minus one (see
				// beamSkip): a child whose key cannot come below the
				// width-th kept so far is not scored, and the beam keeps
				// the same states.
				idx := uint64(len(bb.next))
				if len(order) == width && beamSkip {
					least := uint64(max(s.h-1, 0))<<32 | uint64(1023-reach)<<20 | idx
					if least > order[width-1] {
						continue
					}
				}
				h := g.layersAt(&cf, &cn, crem, g.r, nil)
				g.beamScored++
				x := uint64(h)<<32 | uint64(1023-reach)<<20 | idx
				bb.next = append(bb.next, beamState[B]{cf, cn, crem, int32(pi), Move(k), h})
				// Keep the smallest width keys so far, in order.
				j := len(order)
				if j < width {
					order = append(order, x)
				} else if x < order[j-1] {
					j--
				} else {
					continue
				}
				for ; j > 0 && order[j-1] > x; j-- {
					order[j] = order[j-1]
				}
				order[j] = x
			}
		}
		bb.order = order
		bb.levels = append(bb.levels, len(bb.steps))
		bb.cur = bb.cur[:0]
		for _, x := range order {
			st := &bb.next[x&(1<<20-1)]
			bb.cur = append(bb.cur, *st)
			bb.steps = append(bb.steps, beamStep{parent: st.parent, move: st.move})
		}
	}
}

// beamState is a state of the beam: its sets, its parent's index and move
// in the previous depth, and its bound (0 for the start).
type beamState[B bitset] struct {
	fl, fr B
	rem    uint32
	parent int32
	move   Move
	h      int
}

// beamSkip lets the beam leave unscored a child that cannot be kept: its
// key (bound, reach, index) is at least (parent's bound - 1, reach, index),
// and once width children are kept, one whose least key is above the
// width-th cannot enter (keys only come in below). Tests turn it off to
// compare.
//
// The bound L of bound.go never falls by more than one in a move:
// L(S + c) >= L(S) - 1. Proof. Write cl(S) for S closed under completing
// moves (played until no colour completes). A colour completing at S is
// completing at every T ⊇ S (its regions outside T are among those outside
// S, all in N(S) ⊆ T ∪ N(T)), so cl is monotone: S ⊆ T gives
// cl(S) ⊆ cl(T). L's chain is cl, then a layer step X ∪ N(X), then cl
// again, and so on; a layer step comes only when no colour completes, so
// every colour left keeps a region beyond the layer: layer steps never
// remove a colour, and L(S) = |colours left at S| + λ(S), λ(S) the number
// of layer steps, which is monotone too (S ⊆ T gives λ(T) <= λ(S), by
// induction on the steps). Now S ⊆ S + c ⊆ S ∪ N(S) ⊆ cl(S) ∪ N(cl(S)),
// so cl(S + c) lies inside the chain's set after its first layer step, and
// λ(S + c) >= λ(S) - 1. If c stays a colour left, that is the claim. If
// the move removes c, c was completing at S, so S + c ⊆ cl(S) and
// cl(S + c) = cl(S): λ(S + c) = λ(S), and one colour fewer gives
// L(S + c) = L(S) - 1. (On pc19's beams no child has a bound above its
// parent's, and 29% have it one below.)
var beamSkip = true

type beamStep struct {
	parent int32
	move   Move
}

// beamBuf holds the beam's buffers between runs.
type beamBuf[B bitset] struct {
	cur, next []beamState[B]
	order     []uint64   // sort keys of next, with next's index
	steps     []beamStep // the kept states of every depth, depth by depth
	levels    []int      // where each depth starts in steps
	seen      setSet[B]
}

var beamPools sync.Map // int (words) -> *sync.Pool

func getBeamBuf[B bitset]() *beamBuf[B] {
	if bb, ok := poolFor[B](&beamPools).Get().(*beamBuf[B]); ok {
		return bb
	}
	return &beamBuf[B]{}
}

func putBeamBuf[B bitset](bb *beamBuf[B]) {
	poolFor[B](&beamPools).Put(bb)
}

// setSet is a set of region sets: open addressing, emptied in O(1) by a
// generation stamp.
type setSet[B bitset] struct {
	keys []B
	gens []uint32
	gen  uint32
	mask uint64
}

// reset empties the set, with room for n sets.
func (s *setSet[B]) reset(n int) {
	size := 64
	for size < 2*n {
		size *= 2
	}
	if size > len(s.keys) {
		s.keys, s.gens, s.gen = make([]B, size), make([]uint32, size), 0
	}
	s.mask = uint64(len(s.keys) - 1)
	if s.gen++; s.gen == 0 {
		clear(s.gens)
		s.gen = 1
	}
}

// add adds set and reports whether it was new.
func (s *setSet[B]) add(set *B) bool {
	for i := hash(set) & s.mask; ; i = (i + 1) & s.mask {
		if s.gens[i] != s.gen {
			copyAt(&s.keys[i], set)
			s.gens[i] = s.gen
			return true
		}
		if same(&s.keys[i], set) {
			return false
		}
	}
}
