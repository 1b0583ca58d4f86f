package httpx

import (
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Failed logins allowed per minute, per username and per client address.
// An address allows more, since a classroom behind one NAT shares it.
const (
	LoginFailuresPerUser = 10
	LoginFailuresPerAddr = 50
	// loginKeys bounds each table of buckets: a guesser spraying usernames
	// fills it with keys that the sweep would only drop after sweepAfter.
	loginKeys = 100_000
)

// LoginLimiter slows down password guessing: each username and each client
// address has a bucket of failures that refills continuously. While either
// bucket is empty every login with that name or from that address is
// refused, the right password too, so that the refusal tells nothing. The
// API's POST /tokens and the login form share one.
type LoginLimiter struct {
	mu        sync.Mutex
	users     failures
	addrs     failures
	lastSweep time.Time
	// Now is the clock of the handlers (time.Now when nil); tests stop it,
	// since a failed login costs a bcrypt hash and their pace varies.
	Now func() time.Time
}

// failures is a table of failure buckets of one kind.
type failures struct {
	perMinute int
	buckets   map[string]*userLimit
}

// NewLoginLimiter returns a limiter with no failure recorded.
func NewLoginLimiter() *LoginLimiter {
	return &LoginLimiter{
		users: failures{perMinute: LoginFailuresPerUser, buckets: map[string]*userLimit{}},
		addrs: failures{perMinute: LoginFailuresPerAddr, buckets: map[string]*userLimit{}},
	}
}

// userKey folds a username so that "Bob" and "bob " count as one, and
// bounds it: no username is longer than the store allows.
func loginUserKey(username string) string {
	k := strings.ToLower(strings.TrimSpace(username))
	if len(k) > 64 {
		k = k[:64]
	}
	return k
}

// Clock returns the time for a login attempt.
func (l *LoginLimiter) Clock() time.Time {
	if l == nil || l.Now == nil {
		return time.Now()
	}
	return l.Now()
}

// Wait returns how long a login for username from addr must wait; 0 when
// it may go ahead.
func (l *LoginLimiter) Wait(username, addr string, now time.Time) time.Duration {
	if l == nil {
		return 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return max(l.users.wait(loginUserKey(username), now), l.addrs.wait(addr, now))
}

// Failed records a failed login for username from addr.
func (l *LoginLimiter) Failed(username, addr string, now time.Time) {
	if l == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) > sweepAfter {
		l.users.sweep(now)
		l.addrs.sweep(now)
		l.lastSweep = now
	}
	l.users.take(loginUserKey(username), now)
	l.addrs.take(addr, now)
}

func (f *failures) wait(key string, now time.Time) time.Duration {
	b, ok := f.buckets[key]
	if !ok {
		return 0
	}
	tokens := b.limiter.TokensAt(now)
	if tokens >= 1 {
		return 0
	}
	return time.Duration((1 - tokens) / float64(b.limiter.Limit()) * float64(time.Second))
}

func (f *failures) take(key string, now time.Time) {
	b, ok := f.buckets[key]
	if !ok {
		if len(f.buckets) >= loginKeys {
			for k := range f.buckets { // an arbitrary one: map order is random
				delete(f.buckets, k)
				break
			}
		}
		b = &userLimit{limiter: rate.NewLimiter(rate.Limit(float64(f.perMinute)/60), f.perMinute)}
		f.buckets[key] = b
	}
	b.seen = now
	b.limiter.AllowN(now, 1)
}

// sweep drops the buckets idle for sweepAfter: they are full again.
func (f *failures) sweep(now time.Time) {
	for k, b := range f.buckets {
		if now.Sub(b.seen) > sweepAfter {
			delete(f.buckets, k)
		}
	}
}
