package httpx

import (
	"sync"
	"time"
)

// buckets is a table of token buckets keyed by a string (a client address,
// a username and address): each holds up to perMinute tokens and refills
// at perMinute a minute. An attempt takes a token before the work it
// limits, under the table's lock, so that concurrent attempts cannot all
// pass a check made before any of them counted (40 concurrent wrong logins
// all reached bcrypt when failures were counted after the hash).
type buckets struct {
	perMinute int
	mu        sync.Mutex
	m         map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// maxBucketKeys bounds a table: a client spraying keys (usernames,
// addresses) fills it with buckets that the sweep would drop only after
// sweepAfter; past the bound an arbitrary one is dropped, which at worst
// forgives some failures.
const maxBucketKeys = 100_000

func newBuckets(perMinute int) *buckets {
	return &buckets{perMinute: perMinute, m: map[string]*bucket{}}
}

// refill brings b up to now; the caller holds the lock.
func (t *buckets) refill(b *bucket, now time.Time) {
	if d := now.Sub(b.last); d > 0 {
		b.tokens = min(float64(t.perMinute), b.tokens+d.Minutes()*float64(t.perMinute))
		b.last = now
	}
}

// get returns the bucket of key, made full when new; the caller holds the lock.
func (t *buckets) get(key string, now time.Time) *bucket {
	sweepIdle(t.m, &t.lastSweep, now, func(b *bucket) time.Time { return b.last })
	b, ok := t.m[key]
	if !ok {
		if len(t.m) >= maxBucketKeys {
			for k := range t.m { // an arbitrary one: map order is random
				delete(t.m, k)
				break
			}
		}
		b = &bucket{tokens: float64(t.perMinute), last: now}
		t.m[key] = b
	}
	t.refill(b, now)
	return b
}

// wait returns how long until key has a token; the caller holds the lock.
func (t *buckets) wait(b *bucket) time.Duration {
	if b.tokens >= 1 {
		return 0
	}
	return time.Duration((1 - b.tokens) / float64(t.perMinute) * float64(time.Minute))
}

// take takes a token of key, or says how long to wait for one. A table
// with perMinute <= 0 (or nil) never limits.
func (t *buckets) take(key string, now time.Time) (ok bool, wait time.Duration) {
	if t == nil || t.perMinute <= 0 {
		return true, 0
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.get(key, now)
	if w := t.wait(b); w > 0 {
		return false, w
	}
	b.tokens--
	return true, 0
}
