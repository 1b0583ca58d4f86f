// Package versioned is a bounded cache whose entries carry the version of
// the data they were made from, such as the judge's catalogue version: an
// entry serves only readers that read the same version, and a slower writer
// holding older data never replaces a newer entry.
package versioned

import "sync"

// Map caches values by key, each with its version. The zero Map is empty
// and ready to use; it is safe for concurrent use.
type Map[V any] struct {
	mu sync.Mutex
	m  map[string]entry[V]
}

type entry[V any] struct {
	version int64
	value   V
}

// Get returns the value kept for key if it was made at version.
func (c *Map[V]) Get(key string, version int64) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[key]
	if !ok || e.version != version {
		var zero V
		return zero, false
	}
	return e.value, true
}

// Put keeps value for key as made at version, unless an entry of a newer
// version is kept already. A cache holding max keys starts again empty:
// the keys are things that exist (problems), so only their authors could
// fill it, and starting again costs one more read of each.
func (c *Map[V]) Put(key string, version int64, value V, max int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= max {
		c.m = map[string]entry[V]{}
	}
	if old, ok := c.m[key]; !ok || old.version <= version {
		c.m[key] = entry[V]{version, value}
	}
}
