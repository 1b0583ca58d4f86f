package httpx

import "time"

// AddrLimiter gives each client address a bucket of perMinute attempts that
// refills continuously: registration uses it, since 600 accounts were once
// made from one address in 19 s, each with a submission budget of its own,
// while every page slowed a hundredfold. The API and the pages share one.
type AddrLimiter struct {
	b *buckets
	// Now is the clock (time.Now when nil); tests stop it.
	Now func() time.Time
}

// NewAddrLimiter returns a limiter of perMinute attempts per address; 0
// means no limit.
func NewAddrLimiter(perMinute int) *AddrLimiter {
	return &AddrLimiter{b: newBuckets(perMinute)}
}

// PerMinute returns the limit, for messages; 0 means none.
func (l *AddrLimiter) PerMinute() int {
	if l == nil {
		return 0
	}
	return l.b.perMinute
}

// Take takes an attempt of addr, or says how long to wait for one.
func (l *AddrLimiter) Take(addr string) (ok bool, wait time.Duration) {
	if l == nil {
		return true, 0
	}
	now := time.Now()
	if l.Now != nil {
		now = l.Now()
	}
	return l.b.take(addr, now)
}
