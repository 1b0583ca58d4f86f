package mayan

// deadTable remembers boards proven impossible to empty, with the numbers
// of moves k (bit k of the value) for which that was proven. It is an
// open-addressing hash table with linear probing: the search looks it up at
// nearly every node, and a Go map costs several times more per lookup for
// these 20-byte keys.
type deadTable struct {
	keys []([Width]uint32)
	vals []uint8 // 0 marks an empty slot: a stored value has a bit set
	used int
}

// maxDeadEntries bounds the table (about 44 MB at most); once it is full the
// search goes on without remembering more, which is slower but still exact.
const maxDeadEntries = 1 << 20

func newDeadTable() *deadTable {
	const size = 1 << 8 // small boards need little; the table grows
	return &deadTable{keys: make([][Width]uint32, size), vals: make([]uint8, size)}
}

func hashBoard(c *[Width]uint32) uint64 {
	h := (uint64(c[0])<<32|uint64(c[1]))*0x9E3779B97F4A7C15 ^
		(uint64(c[2])<<32|uint64(c[3]))*0xC2B2AE3D27D4EB4F ^
		uint64(c[4])*0x165667B19E3779F9
	return h ^ h>>31
}

// get returns the set of move counts with which c is known to be dead.
func (t *deadTable) get(c *[Width]uint32) uint8 {
	mask := uint64(len(t.vals) - 1)
	for i := hashBoard(c) & mask; ; i = (i + 1) & mask {
		if t.vals[i] == 0 {
			return 0
		}
		if same(&t.keys[i], c) {
			return t.vals[i]
		}
	}
}

// add records that c cannot be emptied with exactly k moves.
func (t *deadTable) add(c *[Width]uint32, k int) {
	if 2*(t.used+1) > len(t.vals) {
		if t.used >= maxDeadEntries {
			return
		}
		t.grow()
	}
	mask := uint64(len(t.vals) - 1)
	for i := hashBoard(c) & mask; ; i = (i + 1) & mask {
		if t.vals[i] == 0 {
			t.keys[i], t.vals[i] = *c, 1<<uint(k)
			t.used++
			return
		}
		if same(&t.keys[i], c) {
			t.vals[i] |= 1 << uint(k)
			return
		}
	}
}

// grow makes the table four times larger while it is small and twice as
// large after, so that a hard board rehashes its entries fewer times.
func (t *deadTable) grow() {
	keys, vals := t.keys, t.vals
	factor := 2
	if len(vals) < 1<<16 {
		factor = 4
	}
	t.keys = make([][Width]uint32, factor*len(keys))
	t.vals = make([]uint8, factor*len(vals))
	mask := uint64(len(t.vals) - 1)
	for j, v := range vals {
		if v == 0 {
			continue
		}
		i := hashBoard(&keys[j]) & mask
		for t.vals[i] != 0 {
			i = (i + 1) & mask
		}
		t.keys[i], t.vals[i] = keys[j], v
	}
}
