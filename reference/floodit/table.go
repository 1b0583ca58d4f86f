package floodit

// table is the transposition table: for a flooded region set, a lower bound
// on the moves still needed to flood the board from it. It has a fixed number
// of slots, so its memory is bounded; a newer entry replaces an older one in
// its slot. Keys are stored in full, so a lookup never answers for a
// different set.
type table[B bitset] struct {
	mask uint64
	keys []B
	lbs  []uint16 // 0: empty slot
}

// tableWords bounds the key memory of the table (in 64-bit words).
const tableWords = 1 << 18

func newTable[B bitset]() table[B] {
	var b B
	slots := 1
	for slots*2*len(b) <= tableWords {
		slots *= 2
	}
	return table[B]{mask: uint64(slots - 1), keys: make([]B, slots), lbs: make([]uint16, slots)}
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
	i := t.slot(set)
	if t.lbs[i] == 0 || t.keys[i] != set {
		return 0, false
	}
	return int(t.lbs[i]), true
}

// raise records that at least lb moves are needed from set.
func (t *table[B]) raise(set B, lb int) {
	lb = min(max(lb, 1), 1<<16-1)
	i := t.slot(set)
	if t.lbs[i] != 0 && t.keys[i] == set && int(t.lbs[i]) >= lb {
		return
	}
	t.keys[i] = set
	t.lbs[i] = uint16(lb)
}
