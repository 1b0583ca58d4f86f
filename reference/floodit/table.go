package floodit

import "sync"

// table is the transposition table: for a flooded region set, a lower bound
// on the moves still needed to flood the board from it. It has a fixed number
// of slots, so its memory is bounded; a newer entry replaces an older one in
// its slot. Keys are stored in full, so a lookup never answers for a
// different set.
//
// Tables are reused from solve to solve (allocating and clearing a
// megabyte per board cost 5% of the CPU time on pc19): each solve takes a
// new generation, and an entry of another generation is an empty slot.
//
// A solve starts with the small slots (2^18 words of keys, about 1 MB) and
// moves to the large ones (2^22 words, 16-21 MB) once it has searched
// growAfter nodes. Easy boards keep the cache-friendly small table (the
// large one from the start cost pc19 CPU and saved no node); hard ones meet
// far more states than the small table holds, and lose their learnt bounds
// to collisions (b14x14c8 board 73: 735,109 nodes with the small table,
// 407,844 with the large one).
type table[B bitset] struct {
	mask    uint64
	gen     uint16
	entries []entry[B] // small or large
	small   []entry[B]
	large   []entry[B]    // allocated at the first grow
	exact   exactCache[B] // pooled along with the table
}

// entry is one slot: the key and its bound side by side, so that a probe
// touches one cache line or two, not two arrays.
type entry[B bitset] struct {
	key B
	lb  uint16
	gen uint16 // the solve that wrote the entry
}

const (
	// smallWords and largeWords bound the key memory of the table's two
	// sizes (in 64-bit words).
	smallWords = 1 << 18
	largeWords = 1 << 22
	// growAfter is the number of nodes after which a search moves to the
	// large tables: above the hardest pc19 boards.
	growAfter = 1 << 15
)

// tablePools holds idle tables, one pool per bitset type (by word count).
var tablePools sync.Map // int -> *sync.Pool

// poolFor returns the pool that pools keeps for bitset type B, by its word
// count (a generic type cannot have a package variable of its own).
func poolFor[B bitset](pools *sync.Map) *sync.Pool {
	var b B
	if p, ok := pools.Load(len(b)); ok {
		return p.(*sync.Pool)
	}
	p, _ := pools.LoadOrStore(len(b), &sync.Pool{})
	return p.(*sync.Pool)
}

// getTable returns an empty table, reused when one is idle.
func getTable[B bitset]() *table[B] {
	if t, ok := poolFor[B](&tablePools).Get().(*table[B]); ok {
		t.gen++
		if t.gen == 0 {
			// The generations wrapped: old entries could look current.
			clear(t.small)
			clear(t.large)
			clear(t.exact.small)
			clear(t.exact.large)
			t.gen = 1
		}
		t.entries, t.mask = t.small, uint64(len(t.small)-1)
		t.exact.gen = t.gen
		t.exact.entries, t.exact.mask = t.exact.small, uint64(len(t.exact.small)-1)
		return t
	}
	small := make([]entry[B], slotsFor[B](smallWords))
	es := make([]exactEntry[B], exactSmall)
	return &table[B]{
		mask: uint64(len(small) - 1), gen: 1, entries: small, small: small,
		exact: exactCache[B]{mask: exactSmall - 1, gen: 1, entries: es, small: es},
	}
}

// slotsFor returns the largest power of two of slots whose keys fit in
// words (each key counted twice, for the rest of its entry and for slack).
func slotsFor[B bitset](words int) int {
	var b B
	slots := 1
	for slots*2*len(b) <= words {
		slots *= 2
	}
	return slots
}

// grow moves the table and the lookahead cache to their large slots,
// carrying over the current solve's entries.
func (t *table[B]) grow() {
	if len(t.entries) != len(t.small) {
		return
	}
	if t.large == nil {
		t.large = make([]entry[B], slotsFor[B](largeWords))
	}
	old := t.entries
	t.entries, t.mask = t.large, uint64(len(t.large)-1)
	for i := range old {
		if e := &old[i]; e.gen == t.gen {
			t.entries[t.slot(&e.key)] = *e
		}
	}
	t.exact.grow()
}

// putTable gives a table back for later solves.
func putTable[B bitset](t *table[B]) {
	poolFor[B](&tablePools).Put(t)
}

// hash mixes the words of a set.
func hash[B bitset](set *B) uint64 {
	h := uint64(0x9E3779B97F4A7C15)
	for i := range len(*set) {
		h = (h ^ (*set)[i]) * 0xBF58476D1CE4E5B9
		h ^= h >> 31
	}
	return h
}

func (t *table[B]) slot(set *B) uint64 { return hash(set) & t.mask }

// get returns the lower bound stored for set and whether there is one.
func (t *table[B]) get(set *B) (int, bool) {
	return t.getAt(&t.entries[t.slot(set)], set)
}

// at returns set's slot, for getAt. A search finds the slots of all the
// children of a state before it reads any, so that the reads, one after the
// other with no work between them, overlap their cache misses (the large
// table is megabytes, probed at random).
func (t *table[B]) at(set *B) *entry[B] { return &t.entries[t.slot(set)] }

// getAt is get with set's slot e.
func (t *table[B]) getAt(e *entry[B], set *B) (int, bool) {
	if e.gen != t.gen || !same(&e.key, set) {
		return 0, false
	}
	return int(e.lb), true
}

// raise records that at least lb moves are needed from set.
func (t *table[B]) raise(set *B, lb int) {
	lb = min(max(lb, 1), 1<<16-1)
	e := &t.entries[t.slot(set)]
	if e.gen == t.gen && same(&e.key, set) && int(e.lb) >= lb {
		return
	}
	copyAt(&e.key, set)
	e.lb, e.gen = uint16(lb), t.gen
}

// exactCache remembers the answers of exact (bound.go) for the states of
// the bound's chains. The chains of sibling states end in the same sets, so
// three calls in four repeat an earlier one (measured on pc19). An answer
// depends on the set, the depth of the lookahead and the budget, and it is
// monotone in the budget: a set that needs more than b moves needs more
// than any smaller budget, and one that may fit in b fits in any larger
// one. An entry keeps, per set and depth, the largest budget known to be
// exceeded and the smallest known to fit.
type exactCache[B bitset] struct {
	mask    uint64
	gen     uint16
	entries []exactEntry[B] // small or large, like the table's
	small   []exactEntry[B]
	large   []exactEntry[B]
}

type exactEntry[B bitset] struct {
	key    B
	gen    uint16
	depth  uint16
	over   int16 // the largest budget known to be exceeded, -1 if none
	within int16 // the smallest budget known to be enough, maxInt16 if none
}

// exactSmall is the number of entries of the cache's small size, and
// exactLarge that of its large size for three-word sets (powers of two).
// Larger sets keep exactLargeWide entries.
//
// The cache's answers do not depend on its size, so neither do the node
// counts, but a miss runs the lookahead again. With three-word sets the
// large size pays: b14x14c8 board 73 ran the layer recursion 6,340,112
// times with 2^16 entries, 4,372,773 with 2^18 and 3,776,705 with 2^20
// (the first 100 boards: 24.6 M, 22.6 M, 22.0 M), and 2^18 took 10-20%
// less CPU on board 73 than 2^16 (2^20, after 2^17 nodes, no less than
// 2^18). With four-word sets it does not: b18x18c6's first 100 boards ran
// it 11.42 M times with 2^16 entries and 11.33 M with 2^18, and took 8%
// more CPU in two interleaved runs (the larger cache misses the CPU's
// caches more). So the large cache is 8 MB for three-word sets (32 bytes
// an entry), and 2.5 MB, 4.5 MB and 8 MB for four-, eight- and
// fifteen-word sets. The small size is 2^14 entries (512 KB for
// three-word sets): pc19, whose boards never grow it, took less CPU than
// with 2^13 in 18 of 28 pairs run alternately (medians 1.50-1.68 s against
// 1.64-1.77 s), and 2^15 no less than 2^13.
const (
	exactSmall     = 1 << 14
	exactLarge     = 1 << 18
	exactLargeWide = 1 << 16
)

// exactLargeFor returns the number of entries of the large cache for sets
// of type B.
func exactLargeFor[B bitset]() int {
	var b B
	if len(b) == 3 {
		return exactLarge
	}
	return exactLargeWide
}

// grow moves the cache to its large slots, carrying over the current
// solve's entries.
func (c *exactCache[B]) grow() {
	if c.large == nil {
		c.large = make([]exactEntry[B], exactLargeFor[B]())
	}
	old := c.entries
	c.entries, c.mask = c.large, uint64(len(c.large)-1)
	for i := range old {
		if e := &old[i]; e.gen == c.gen {
			c.entries[(hash(&e.key)^uint64(e.depth))&c.mask] = *e
		}
	}
}

// slot returns the index of the slot of set and depth.
func (c *exactCache[B]) slot(set *B, depth int) uint64 {
	return (hash(set) ^ uint64(depth)) & c.mask
}

// entry returns slot i of set and depth (from slot), emptied if it held
// another key.
func (c *exactCache[B]) entry(i uint64, set *B, depth int) *exactEntry[B] {
	e := &c.entries[i&c.mask]
	if e.gen != c.gen || e.depth != uint16(depth) || !same(&e.key, set) {
		copyAt(&e.key, set)
		e.gen, e.depth, e.over, e.within = c.gen, uint16(depth), -1, 1<<15-1
	}
	return e
}
