package sandbox

import (
	"container/list"
	"sync"
)

// stored is an artifact's files as the backends hold them. A run holds a
// reference; the cache drops the files only when no run uses them.
type stored struct {
	key     string
	output  string            // the compiler's message, returned again on a cache hit
	content map[string][]byte // a source run as it is (no compile step)

	mu     sync.Mutex
	origin int                       // the backend that compiled it
	ids    map[int]map[string]string // backend -> file name -> id
	data   map[string][]byte         // the files' bytes, once another backend needed them

	users   int // guarded by the cache's mutex
	evicted bool
	elem    *list.Element
}

// cache is a bounded least-recently-used set of stored artifacts.
type cache struct {
	mu     sync.Mutex
	size   int
	order  *list.List // front: most recently used
	byKey  map[string]*stored
	remove func(*stored)
}

func newCache(size int, remove func(*stored)) *cache {
	return &cache{size: size, order: list.New(), byKey: make(map[string]*stored), remove: remove}
}

// get returns the artifact with the key, held until release; nil if absent.
func (c *cache) get(key string) *stored {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.byKey[key]
	if st == nil {
		return nil
	}
	st.users++
	c.order.MoveToFront(st.elem)
	return st
}

func (c *cache) release(st *stored) {
	c.mu.Lock()
	st.users--
	drop := st.evicted && st.users == 0
	c.mu.Unlock()
	if drop {
		c.remove(st)
	}
}

// put adds st, unless an artifact of the same key came first (two compiles
// of one source at once): then st's files go.
func (c *cache) put(st *stored) {
	c.mu.Lock()
	if c.byKey[st.key] != nil {
		c.mu.Unlock()
		c.remove(st)
		return
	}
	st.elem = c.order.PushFront(st)
	c.byKey[st.key] = st
	var drop []*stored
	for c.order.Len() > c.size {
		old := c.order.Remove(c.order.Back()).(*stored)
		delete(c.byKey, old.key)
		old.evicted = true
		if old.users == 0 {
			drop = append(drop, old)
		}
	}
	c.mu.Unlock()
	for _, old := range drop {
		c.remove(old)
	}
}

// len returns the number of artifacts kept.
func (c *cache) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

// clear drops every artifact not in use.
func (c *cache) clear() {
	c.mu.Lock()
	var drop []*stored
	for e := c.order.Front(); e != nil; e = e.Next() {
		st := e.Value.(*stored)
		st.evicted = true
		delete(c.byKey, st.key)
		if st.users == 0 {
			drop = append(drop, st)
		}
	}
	c.order.Init()
	c.mu.Unlock()
	for _, st := range drop {
		c.remove(st)
	}
}
