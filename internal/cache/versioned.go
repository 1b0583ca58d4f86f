package cache

import "sync"

// Versioned caches values by key, each with the version of the data it was
// made from, such as the judge's catalogue version: an entry serves only
// readers that read the same version, and a slower writer holding older
// data never replaces a newer entry. The zero Versioned is empty and ready
// to use; it is safe for concurrent use.
type Versioned[V any] struct {
	mu sync.Mutex
	m  map[string]versionedEntry[V]
}

type versionedEntry[V any] struct {
	version int64
	value   V
}

// Get returns the value kept for key if it was made at version.
func (c *Versioned[V]) Get(key string, version int64) (V, bool) {
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
func (c *Versioned[V]) Put(key string, version int64, value V, max int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= max {
		c.m = map[string]versionedEntry[V]{}
	}
	if old, ok := c.m[key]; !ok || old.version <= version {
		c.m[key] = versionedEntry[V]{version, value}
	}
}
