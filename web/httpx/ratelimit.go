package httpx

import (
	"hash/fnv"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// RateLimiter gives each user a token bucket of perMinute submissions that
// refills continuously, so a burst of perMinute is allowed and the long-run
// rate is perMinute per minute. The API and the pages share one, so that a
// user cannot double the rate by using both.
type RateLimiter struct {
	perMinute int
	mu        sync.Mutex
	users     map[int64]*userLimit
	lastSweep time.Time
}

type userLimit struct {
	limiter *rate.Limiter
	seen    time.Time
}

// sweepAfter is how long a user's bucket is kept after their last request.
// A bucket idle that long is full again, so dropping it changes nothing and
// keeps the map as small as the set of active users.
const sweepAfter = 2 * time.Minute

// sweepIdle deletes, at most once per sweepAfter (lastSweep says when it
// last did), the entries of m whose last use is older than sweepAfter:
// their buckets are full again, so forgetting them changes nothing. The
// caller holds the lock of m.
func sweepIdle[K comparable, V any](m map[K]V, lastSweep *time.Time, now time.Time, lastUse func(V) time.Time) {
	if now.Sub(*lastSweep) <= sweepAfter {
		return
	}
	for k, v := range m {
		if now.Sub(lastUse(v)) > sweepAfter {
			delete(m, k)
		}
	}
	*lastSweep = now
}

// NewRateLimiter returns a limiter of perMinute submissions per user; 0
// means no limit.
func NewRateLimiter(perMinute int) *RateLimiter {
	return &RateLimiter{perMinute: perMinute, users: make(map[int64]*userLimit)}
}

// PerMinute returns the limit, for messages; 0 means none.
func (l *RateLimiter) PerMinute() int {
	if l == nil {
		return 0
	}
	return l.perMinute
}

// Allow reports whether user may submit now, and how long to wait if not. A
// nil limiter allows everything.
func (l *RateLimiter) Allow(user int64, now time.Time) (bool, time.Duration) {
	if l == nil || l.perMinute <= 0 {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	sweepIdle(l.users, &l.lastSweep, now, func(u *userLimit) time.Time { return u.seen })
	u, ok := l.users[user]
	if !ok {
		u = &userLimit{limiter: rate.NewLimiter(rate.Limit(float64(l.perMinute)/60), l.perMinute)}
		l.users[user] = u
	}
	u.seen = now
	r := u.limiter.ReserveN(now, 1)
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// AllowAddr is Allow for a client address rather than a user: the public
// replays of the API and of the play page share one such budget. The
// address is hashed into a key, so a collision would only share a budget.
func (l *RateLimiter) AllowAddr(addr string, now time.Time) (bool, time.Duration) {
	h := fnv.New64a()
	h.Write([]byte(addr))
	return l.Allow(int64(h.Sum64()>>1), now)
}
