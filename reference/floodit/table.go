package floodit

// table is the transposition table: for a flooded region set, a lower bound
// on the moves still needed to flood the board from it. It has a fixed number
// of slots, so its memory is bounded; a newer entry replaces an older one in
// its slot. Keys are stored in full, so a lookup never answers for a
// different set.
type table[B bitset] struct {
	mask    uint64
	entries []entry[B]
}

// entry is one slot: the key and its bound side by side, so that a probe
// touches one cache line or two, not two arrays.
type entry[B bitset] struct {
	key B
	lb  uint16 // 0: empty slot
}

// tableWords bounds the key memory of the table (in 64-bit words).
const tableWords = 1 << 18

func newTable[B bitset]() table[B] {
	var b B
	slots := 1
	for slots*2*len(b) <= tableWords {
		slots *= 2
	}
	return table[B]{mask: uint64(slots - 1), entries: make([]entry[B], slots)}
}

func (t *table[B]) slot(set B) uint64 {
	h := uint64(0x9E3779B97F4A7C15)
	for i := range len(set) {
		h = (h ^ set[i]) * 0xBF58476D1CE4E5B9
		h ^= h >> 31
	}
	return h & t.mask
}

// get returns the lower bound stored for set and whether there is one.
func (t *table[B]) get(set B) (int, bool) {
	e := &t.entries[t.slot(set)]
	if e.lb == 0 || e.key != set {
		return 0, false
	}
	return int(e.lb), true
}

// raise records that at least lb moves are needed from set.
func (t *table[B]) raise(set B, lb int) {
	lb = min(max(lb, 1), 1<<16-1)
	e := &t.entries[t.slot(set)]
	if e.lb != 0 && e.key == set && int(e.lb) >= lb {
		return
	}
	e.key, e.lb = set, uint16(lb)
}
