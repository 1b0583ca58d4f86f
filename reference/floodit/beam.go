package floodit

import (
	"math/bits"
	"slices"
)

// child returns the state after playing colour k: the move floods the
// frontier regions of colour k, and the new frontier is the rest of the old
// one plus their neighbours outside. fresh holds the regions the move
// touches for the first time.
func (g *graph[B]) child(flooded, frontier B, rem uint32, k int) (cf, cn, fresh B, crem uint32) {
	m := &g.cmask[k]
	var gain B
	for i := range len(gain) {
		gain[i] = frontier[i] & (*m)[i]
	}
	opened := g.neighboursOf(gain)
	for i := range len(gain) {
		cf[i] = flooded[i] | gain[i]
		fresh[i] = opened[i] &^ (flooded[i] | frontier[i])
		cn[i] = (opened[i] | frontier[i]) &^ cf[i]
	}
	crem = rem
	if subset(*m, cf) {
		crem &^= 1 << k
	}
	return cf, cn, fresh, crem
}

// beam runs a beam search of the given width: at each depth it keeps the
// width states with the smallest bound (then the largest reach). It returns
// the moves of the first flooded state found, an upper bound on the optimum,
// or ok == false when done is closed first.
//
// It is cheap enough to run at the start of every search (a few hundred
// runs of the layer recursion at width 10): the states of each depth are
// kept with their parent's index instead of a copy of their moves, and the
// bound is the layer recursion alone (asked with no limit, the lookahead
// never runs). Its bounds are kept out of the transposition table: the
// search takes a set found there as known and would skip the lookahead.
func (g *graph[B]) beam(flooded, frontier B, rem uint32, width int, done <-chan struct{}) (moves []Move, ok bool) {
	type st struct {
		fl, fr B
		rem    uint32
		h      int
		reach  int
		parent int32 // index in the previous depth's states
		move   Move
	}
	if rem == 0 {
		return []Move{}, true
	}
	levels := [][]st{{{fl: flooded, fr: frontier, rem: rem, parent: -1}}}
	seen := map[B]struct{}{}
	for {
		select {
		case <-done:
			return nil, false
		default:
		}
		cur := levels[len(levels)-1]
		next := make([]st, 0, width*4)
		clear(seen)
		for pi := range cur {
			s := &cur[pi]
			cand, _ := g.candidates(s.fl, s.fr, s.rem)
			for c := cand; c != 0; c &= c - 1 {
				k := bits.TrailingZeros32(c)
				cf, cn, _, crem := g.child(s.fl, s.fr, s.rem, k)
				if crem == 0 {
					// Walk the parents back to the root.
					moves = make([]Move, len(levels))
					moves[len(levels)-1] = Move(k)
					for d, p := len(levels)-1, pi; d > 0; d-- {
						moves[d-1] = levels[d][p].move
						p = int(levels[d][p].parent)
					}
					return moves, true
				}
				if _, ok := seen[cf]; ok {
					continue
				}
				seen[cf] = struct{}{}
				reach := 0
				for i := range len(cf) {
					reach += bits.OnesCount64(cf[i] | cn[i])
				}
				h := g.layers(cf, cn, crem, g.r, nil)
				next = append(next, st{cf, cn, crem, h, reach, int32(pi), Move(k)})
			}
		}
		slices.SortStableFunc(next, func(a, b st) int {
			if a.h != b.h {
				return a.h - b.h
			}
			return b.reach - a.reach
		})
		if len(next) > width {
			next = next[:width]
		}
		levels = append(levels, next)
	}
}
