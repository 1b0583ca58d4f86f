package floodit

import (
	"math/bits"
	"sort"
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
func (g *graph[B]) beam(flooded, frontier B, rem uint32, width int, done <-chan struct{}) (moves []Move, ok bool) {
	type st struct {
		fl, fr B
		rem    uint32
		h      int
		reach  int
		moves  []Move
	}
	cur := []st{{fl: flooded, fr: frontier, rem: rem}}
	if rem == 0 {
		return []Move{}, true
	}
	for {
		select {
		case <-done:
			return nil, false
		default:
		}
		var next []st
		seen := map[B]bool{}
		for _, s := range cur {
			cand, _ := g.candidates(s.fl, s.fr, s.rem)
			for c := cand; c != 0; c &= c - 1 {
				k := bits.TrailingZeros32(c)
				cf, cn, _, crem := g.child(s.fl, s.fr, s.rem, k)
				moves := append(append([]Move(nil), s.moves...), Move(k))
				if crem == 0 {
					return moves, true
				}
				if seen[cf] {
					continue
				}
				seen[cf] = true
				reach := 0
				for i := range len(cf) {
					reach += bits.OnesCount64(cf[i] | cn[i])
				}
				next = append(next, st{cf, cn, crem, g.bound(cf, cn, crem, g.r), reach, moves})
			}
		}
		sort.SliceStable(next, func(i, j int) bool {
			if next[i].h != next[j].h {
				return next[i].h < next[j].h
			}
			return next[i].reach > next[j].reach
		})
		if len(next) > width {
			next = next[:width]
		}
		cur = next
	}
}
