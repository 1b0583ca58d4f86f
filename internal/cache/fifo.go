package cache

import "sync"

// FIFO caches values by key and, when full, forgets the oldest key first:
// for values dear to compute again, which a Memo would drop all at once.
// A key keeps the first value put for it. Make it with NewFIFO; it is safe
// for concurrent use.
type FIFO[K comparable, V any] struct {
	mu    sync.Mutex
	max   int
	items map[K]V
	order []K // the keys, oldest first
}

// NewFIFO returns an empty FIFO that keeps at most size values (at least 1).
func NewFIFO[K comparable, V any](size int) *FIFO[K, V] {
	return &FIFO[K, V]{max: max(1, size), items: map[K]V{}}
}

// Get returns the value kept for key.
func (c *FIFO[K, V]) Get(key K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.items[key]
	return v, ok
}

// Put keeps value for key unless key has one already, forgetting the
// oldest key when the cache is full.
func (c *FIFO[K, V]) Put(key K, value V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.items[key]; ok {
		return
	}
	if len(c.order) >= c.max {
		delete(c.items, c.order[0])
		c.order = c.order[1:]
	}
	c.items[key] = value
	c.order = append(c.order, key)
}
