package mayan

import (
	"math/bits"
	"sync"
)

// A stranded colour (lastmove.go) needs moves, and sometimes more than one.
// Blocks change columns only when they are dragged, one column per move,
// and a move drags one block and at most one other back (a swap). So with
// k moves left, a colour whose blocks need d unit transfers (one block,
// one column) before their column counts admit runs needs d <= k, and the
// colours together need at most 2k transfers.
//
// Why cascades never lower that need: let the blocks of colour c removed by
// runs be R (per column) and the counts after them n' = n - R. A plan of d
// transfers that takes n' to counts V' that admit runs (a set of horizontal
// runs I' with coverage r' <= V', and r'_z = V'_z wherever V'_z is 1 or 2)
// moves blocks that n has too, so the same transfers take n to V' + R. That
// admits runs: add R's horizontal runs to I'. Each removed one block of
// every column it covers, so the coverage is still at most V' + R; and
// where V'_z + R_z is 1 or 2, column z lost no vertical run (that takes
// three), so R_z equals the horizontal runs through z, and r'_z = V'_z
// (or both are 0). Hence the need of n is at most that of n': removing
// blocks never helps, and only the moves themselves pay it off.

// transferCap bounds the need the table tells apart: MaxMoves+1 already
// exceeds every budget.
const transferCap = MaxMoves + 1

// transferNeed holds, for counts n_0..n_4 of one colour (3 bits each,
// column 0 lowest), the fewest unit transfers after which the counts admit
// runs (strandedSet finds none), capped at transferCap.
var (
	transferOnce sync.Once
	transferNeed [1 << (3 * Width)]uint8
)

// admitsRuns is strandedSet for one colour with any counts: the column
// conditions of lastmove.go, which hold whenever the blocks can all vanish.
func admitsRuns(n *[Width]int) bool {
	return !(fewOne(n[0]) && (n[1] < n[0] || n[2] < n[0]) ||
		fewOne(n[1]) && (n[2] < n[1] || n[0]+n[3] < n[1]) ||
		fewOne(n[2]) && (n[1]+n[3] < n[2] || n[0]+n[3] < n[2] || n[1]+n[4] < n[2]) ||
		fewOne(n[3]) && (n[2] < n[3] || n[1]+n[4] < n[3]) ||
		fewOne(n[4]) && (n[3] < n[4] || n[2] < n[4]))
}

// buildTransferNeed fills transferNeed by iterative deepening from each
// count vector: the search is tiny because every vector with three blocks
// or more needs at most four transfers (TestTransferNeedMatchesBFS checks
// the whole table against a breadth-first search), and one or two blocks
// can never vanish (transferCap).
func buildTransferNeed() {
	for code := range uint32(len(transferNeed)) {
		var n [Width]int
		total := 0
		for z := range n {
			n[z] = int(code>>(3*uint(z))) & 7
			total += n[z]
		}
		need := transferCap
		if !fewOne(total) {
			for d := 0; d < transferCap; d++ {
				if reachesRuns(n, d) {
					need = d
					break
				}
			}
		}
		transferNeed[code] = uint8(need)
	}
}

// reachesRuns reports whether at most d unit transfers take n to counts
// that admit runs.
func reachesRuns(n [Width]int, d int) bool {
	if admitsRuns(&n) {
		return true
	}
	if d == 0 {
		return false
	}
	for z := 0; z+1 < Width; z++ {
		for _, step := range [2][2]int{{z, z + 1}, {z + 1, z}} {
			if n[step[0]] == 0 {
				continue
			}
			m := n
			m[step[0]]--
			m[step[1]]++
			if reachesRuns(m, d-1) {
				return true
			}
		}
	}
	return false
}

// fewOne reports whether a column's count of one colour is 1 or 2: those
// blocks can only vanish in horizontal runs.
func fewOne(v int) bool { return v == 1 || v == 2 }

// need returns the transfers colour c needs with the column counts n.
// Lanes hold at most 7 (a column's height), so three bits of each suffice.
func (n *columnCounts) need(c int) int {
	transferOnce.Do(buildTransferNeed)
	s := 5 * uint(c)
	code := n[0]>>s&7 | (n[1]>>s&7)<<3 | (n[2]>>s&7)<<6 | (n[3]>>s&7)<<9 | (n[4]>>s&7)<<12
	return int(transferNeed[code])
}

// tooFar reports whether k moves cannot pay off the transfers that the
// colours in set (high bits of lanes, as strandedSet returns) need.
func (n *columnCounts) tooFar(set uint64, k int) bool {
	_, ok := n.firstMoves(set, k)
	return !ok
}

// firstMoves returns the test a first move of k must pass, or false when
// no k moves can pay off the transfers the stranded colours need.
func (n *columnCounts) firstMoves(stranded uint64, k int) (f firstMove, ok bool) {
	f = firstMove{stranded: stranded, slack: 2 * (k - 1)}
	for set := stranded; set != 0; set &= set - 1 {
		d := n.need(bits.TrailingZeros64(set) / 5)
		if d > k {
			return f, false
		}
		if d == k {
			f.must |= set & -set
		}
		f.sum += d
	}
	return f, f.sum <= 2*k
}

// firstMove tells the moves that can start a solution of k moves: after
// the first, k-1 moves must pay off what is left. A colour the move does
// not drag or swap still needs at least what it needs now (removals never
// lower a need), and one it does needs at most one transfer less. So every
// colour that needs k transfers must be dragged or swapped, and the needs
// less those of the (at most two) stranded colours touched must fit in
// 2(k-1).
type firstMove struct {
	stranded uint64 // high bits of the stranded colours' lanes
	must     uint64 // the colours that need k transfers
	sum      int    // the transfers all colours need
	slack    int    // 2(k-1)
}

// allows reports whether dragging a block of colour v onto w (0: an empty
// cell) can start a solution.
func (f *firstMove) allows(v, w int) bool {
	touched := (lane(v) | lane(w)) << 4 // w = 0 is lane 0, never stranded
	return f.must&^touched == 0 && f.sum-bits.OnesCount64(f.stranded&touched) <= f.slack
}
