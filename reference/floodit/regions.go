package floodit

import (
	"math/bits"
	"unsafe"
)

// The search works on the region graph of a board: every maximal connected
// area of one colour is a node, and two nodes are adjacent when their areas
// touch. Sets of regions are bitsets held in fixed-size arrays of 64-bit
// words; the array type is a type parameter, so that each board size gets
// code with constant loop bounds and no slice bounds checks. A 14x14 board
// with 6 colours has about 150 regions: three words.

// bitset is the set of region sets the solver is compiled for: enough words
// for the largest region graph (a 30x30 board has at most 900 regions).
type bitset interface {
	[3]uint64 | [4]uint64 | [8]uint64 | [15]uint64
}

// labels is the region structure of a board, before it is put in bitsets.
type labels struct {
	r      int     // number of regions; region 0 holds the top-left cell
	colors int     // colour count of the board
	color  []uint8 // colour of each region
	cells  []int   // region of each cell
	n      int
}

// label numbers the regions of b in row-major order of their first cell.
func label(b Board) labels {
	n := b.n
	l := labels{colors: b.colors, cells: make([]int, n*n), n: n}
	for i := range l.cells {
		l.cells[i] = -1
	}
	stack := make([]int, 0, n*n)
	for start := range l.cells {
		if l.cells[start] >= 0 {
			continue
		}
		id, color := l.r, b.cells[start]
		l.r++
		l.color = append(l.color, color)
		l.cells[start] = id
		stack = append(stack[:0], start)
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, q := range neighbours(p, n) {
				if q >= 0 && l.cells[q] < 0 && b.cells[q] == color {
					l.cells[q] = id
					stack = append(stack, q)
				}
			}
		}
	}
	return l
}

// neighbours returns the up to four cells beside p on an n x n board, -1
// where the board ends.
func neighbours(p, n int) [4]int {
	r, c := p/n, p%n
	out := [4]int{-1, -1, -1, -1}
	if r > 0 {
		out[0] = p - n
	}
	if r < n-1 {
		out[1] = p + n
	}
	if c > 0 {
		out[2] = p - 1
	}
	if c < n-1 {
		out[3] = p + 1
	}
	return out
}

// graph is the region graph with sets of type B.
type graph[B bitset] struct {
	r      int
	colors int
	color  []uint8               // colour of each region
	adj    []B                   // neighbours of each region
	adj3   *[193][4]uint64       // adj for three-word sets in the assembly's rows (rows32), else nil
	cm3    *[MaxColors][3]uint64 // cmask for three-word sets (layersBMI: a colourTable), else nil
	adj4   *[256][4]uint64       // adj for four-word sets (adjUnionBMI4), else nil
	cm4    *[MaxColors][4]uint64 // cmask for four-word sets (layersBMI4: a colourTable), else nil
	cmask  [MaxColors]B          // regions of each colour
	all    B                     // every region
	// exactCache, when not nil, remembers the answers of exact.
	exactCache *exactCache[B]
	// tails holds the recorded layer steps of the bound at each lookahead
	// depth (boundDepth): a run at one depth calls only runs of smaller
	// depths, so one buffer per depth will do, and it is not cleared at
	// every run (most runs are a step or two long).
	tails [lookDepth + 1]snapshots[B]
	// beamScored counts the beam's children scored with the bound (for
	// TestBeamSkip).
	beamScored int
}

func newGraph[B bitset](l labels) *graph[B] {
	// adj has room for every bit of B, so that the scalar layer
	// recursions may view it as fixed-size arrays (see adjUnion3); the
	// assembly reads three-word graphs from adj3 (rows32).
	var b B
	g := &graph[B]{r: l.r, colors: l.colors, color: l.color, adj: make([]B, l.r, 64*len(b))}
	for p, a := range l.cells {
		setBit(&g.cmask[l.color[a]], a)
		setBit(&g.all, a)
		for _, q := range neighbours(p, l.n) {
			if q >= 0 && l.cells[q] != a {
				setBit(&g.adj[a], l.cells[q])
			}
		}
	}
	if len(b) == 3 {
		g.adj3 = rows32(g.adj)
		g.cm3 = (*[MaxColors][3]uint64)(unsafe.Pointer(&colourTable(&g.cmask, l.colors)[0]))
	}
	if len(b) == 4 {
		g.adj4 = (*[256][4]uint64)(unsafe.Pointer(&g.adj[:256][0]))
		g.cm4 = (*[MaxColors][4]uint64)(unsafe.Pointer(&colourTable(&g.cmask, l.colors)[0]))
	}
	return g
}

func setBit[B bitset](s *B, i int) { (*s)[i>>6] |= 1 << (i & 63) }

// neighboursOf returns the union of the neighbours of the regions in set.
// Go keeps arrays in memory, not registers, so the common three-, four- and
// eight-word cases accumulate in scalars: several times faster than a loop
// over out. (The fourth word is indexed as len(out)-1 because a constant 3
// would not compile for the three-word type.)
func (g *graph[B]) neighboursOf(set B) B {
	var out B
	switch len(out) {
	case 3:
		out[0], out[1], out[2] = g.adjUnion3(set[0], set[1], set[2])
		return out
	case 4:
		last := len(out) - 1
		if useBMI {
			out[0], out[1], out[2], out[last] = adjUnionBMI4(g.adj4, set[0], set[1], set[2], set[last])
			return out
		}
		var o0, o1, o2, o3 uint64
		for i := range len(set) {
			for word := set[i]; word != 0; word &= word - 1 {
				a := &g.adj[i<<6|bits.TrailingZeros64(word)]
				o0 |= (*a)[0]
				o1 |= (*a)[1]
				o2 |= (*a)[2]
				o3 |= (*a)[last]
			}
		}
		out[0], out[1], out[2], out[last] = o0, o1, o2, o3
		return out
	case 8:
		z := len(out) - 8 // 0, written so that the smaller types compile
		var o0, o1, o2, o3, o4, o5, o6, o7 uint64
		for i := range len(set) {
			for word := set[i]; word != 0; word &= word - 1 {
				a := &g.adj[i<<6|bits.TrailingZeros64(word)]
				o0 |= (*a)[z]
				o1 |= (*a)[z+1]
				o2 |= (*a)[z+2]
				o3 |= (*a)[z+3]
				o4 |= (*a)[z+4]
				o5 |= (*a)[z+5]
				o6 |= (*a)[z+6]
				o7 |= (*a)[z+7]
			}
		}
		out[z], out[z+1], out[z+2], out[z+3], out[z+4], out[z+5], out[z+6], out[z+7] = o0, o1, o2, o3, o4, o5, o6, o7
		return out
	}
	for i := range len(set) {
		for word := set[i]; word != 0; word &= word - 1 {
			a := &g.adj[i<<6|bits.TrailingZeros64(word)]
			for k := range len(out) {
				out[k] |= (*a)[k]
			}
		}
	}
	return out
}

// subset reports whether every element of a is in b.
func subset[B bitset](a, b B) bool {
	var x uint64
	for i := range len(a) {
		x |= a[i] &^ b[i]
	}
	return x == 0
}

// empty reports whether s has no element.
func empty[B bitset](s *B) bool {
	var x uint64
	for i := range len(*s) {
		x |= (*s)[i]
	}
	return x == 0
}

// same reports whether *a and *b are the same set, a word at a time (see
// childTo).
func same[B bitset](a, b *B) bool {
	var x uint64
	for i := range len(*a) {
		x |= (*a)[i] ^ (*b)[i]
	}
	return x == 0
}

// copyAt copies *src into *dst a word at a time (see childTo).
func copyAt[B bitset](dst, src *B) {
	for i := range len(*src) {
		(*dst)[i] = (*src)[i]
	}
}

// intersects reports whether a and b share an element.
func intersects[B bitset](a, b *B) bool {
	var x uint64
	for i := range len(*a) {
		x |= (*a)[i] & (*b)[i]
	}
	return x != 0
}

// outside returns the colours with a region outside flooded.
func (g *graph[B]) outside(flooded B) uint32 {
	var cols uint32
	for c := range g.colors {
		if !subset(g.cmask[c], flooded) {
			cols |= 1 << c
		}
	}
	return cols
}

// rows32 returns the neighbour sets of a three-word graph for the
// assembly: rows of 32 bytes (the fourth word zero) from a 64-byte
// boundary, so that a row is one aligned 32-byte load (a 24-byte row read
// as 32 bytes crossed a cache line in three rows of eight), then zero rows
// up to 192, whose row pads the assembly's lists (PAD3).
func rows32[B bitset](adj []B) *[193][4]uint64 {
	buf := make([]uint64, 193*4+8)
	off := int((64 - uintptr(unsafe.Pointer(&buf[0]))%64) % 64 / 8)
	rows := (*[193][4]uint64)(unsafe.Pointer(&buf[off]))
	for i := range adj {
		for j := range len(adj[i]) {
			rows[i][j] = adj[i][j]
		}
	}
	return rows
}
