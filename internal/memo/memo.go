// Package memo is a bounded cache of values that are costly to compute
// but cheap to compute again: a full cache simply starts again empty.
package memo

import "sync"

// Map caches values by key. The zero Map is empty and ready to use; it is
// safe for concurrent use.
type Map[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

// Get returns the value kept for key.
func (c *Map[K, V]) Get(key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[key]
	return v, ok
}

// Put keeps value for key. A cache holding max keys starts again empty
// first, which bounds its memory without the bookkeeping of an LRU.
func (c *Map[K, V]) Put(key K, value V, max int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= max {
		c.m = map[K]V{}
	}
	c.m[key] = value
}
