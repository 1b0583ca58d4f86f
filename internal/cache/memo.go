// Package cache holds the bounded in-memory caches of the running server
// (test support is apart: internal/testkit, internal/testutil): Memo for
// values costly to compute but cheap to compute again, Versioned for values
// made from versioned data such as the catalogue, FIFO for values that must
// not be dropped all at once.
package cache

import "sync"

// Memo caches values by key; a full Memo simply starts again empty. The
// zero Memo is empty and ready to use; it is safe for concurrent use.
type Memo[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

// Get returns the value kept for key.
func (c *Memo[K, V]) Get(key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[key]
	return v, ok
}

// Put keeps value for key. A cache holding max keys starts again empty
// first, which bounds its memory without the bookkeeping of an LRU.
func (c *Memo[K, V]) Put(key K, value V, max int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= max {
		c.m = map[K]V{}
	}
	c.m[key] = value
}
