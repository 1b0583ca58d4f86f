package web

import (
	"strings"
	"sync"
	"time"
)

// Login attempts allowed per minute. A lock is keyed on the username and the
// client's address together, so that strangers guessing a password lock out
// only themselves, never the account's owner (ten wrong guesses as ADMIN
// from anywhere used to make the admin's right password get 429); each
// address also has a ceiling across every username, so that one client
// cannot spray guesses over many names. An address allows more, since a
// classroom behind one NAT shares it.
const (
	loginFailuresPerUser = 10 // per (username, address)
	loginFailuresPerAddr = 50 // per address
)

// loginLimiter slows down password guessing. An attempt takes a token from
// the bucket of its (username, address) and from that of its address before
// the password is hashed, atomically; a login that succeeds gives both back,
// so only failures count in the end. While either bucket is empty every
// login of that kind is refused, the right password too, so that the
// refusal tells nothing.
type loginLimiter struct {
	mu    sync.Mutex // makes taking from both tables one step
	pairs *buckets
	addrs *buckets
	// now is the clock of the handlers (time.Now when nil); tests stop it,
	// since a failed login costs a bcrypt hash and their pace varies.
	now func() time.Time
}

func newLoginLimiter() *loginLimiter {
	return &loginLimiter{pairs: newBuckets(loginFailuresPerUser), addrs: newBuckets(loginFailuresPerAddr)}
}

// loginUserKey folds a username so that "Bob", "BOB" and "bob " count as one,
// and bounds it: no username is longer than the store allows.
func loginUserKey(username string) string {
	k := strings.ToLower(strings.TrimSpace(username))
	if len(k) > 64 {
		k = k[:64]
	}
	return k
}

// clock returns the time for a login attempt.
func (l *loginLimiter) clock() time.Time {
	if l == nil || l.now == nil {
		return time.Now()
	}
	return l.now()
}

// begin takes the tokens of a login for username from addr, before its
// password is checked, and returns the function that gives them back when
// the login succeeds. When wait > 0 the attempt is refused and took nothing.
func (l *loginLimiter) begin(username, addr string) (succeeded func(), wait time.Duration) {
	succeeded = func() {}
	if l == nil {
		return succeeded, 0
	}
	now := l.clock()
	pair := loginUserKey(username) + "\x00" + addr
	l.mu.Lock()
	defer l.mu.Unlock()
	l.pairs.mu.Lock()
	pb := l.pairs.get(pair, now)
	pw := l.pairs.wait(pb)
	l.pairs.mu.Unlock()
	l.addrs.mu.Lock()
	defer l.addrs.mu.Unlock()
	ab := l.addrs.get(addr, now)
	if w := max(pw, l.addrs.wait(ab)); w > 0 {
		return succeeded, w
	}
	ab.tokens--
	l.pairs.mu.Lock()
	pb.tokens--
	l.pairs.mu.Unlock()
	succeeded = func() {
		l.pairs.mu.Lock()
		pb.tokens = min(float64(l.pairs.perMinute), pb.tokens+1)
		l.pairs.mu.Unlock()
		l.addrs.mu.Lock()
		ab.tokens = min(float64(l.addrs.perMinute), ab.tokens+1)
		l.addrs.mu.Unlock()
	}
	return succeeded, 0
}
