package httpx

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
	LoginFailuresPerUser = 10 // per (username, address)
	LoginFailuresPerAddr = 50 // per address
)

// LoginLimiter slows down password guessing. An attempt takes a token from
// the bucket of its (username, address) and from that of its address before
// the password is hashed, atomically, so that concurrent guesses cannot all
// pass a check made before any of them failed (40 concurrent wrong guesses
// all reached bcrypt when failures were counted after the hash). A login
// that succeeds gives both back, so only failures count in the end. While
// either bucket is empty every login of that kind is refused, the right
// password too, so that the refusal tells nothing. The API's POST /tokens
// and the login form share one.
type LoginLimiter struct {
	mu    sync.Mutex // makes taking from both tables one step
	pairs *buckets
	addrs *buckets
	// Now is the clock of the handlers (time.Now when nil); tests stop it,
	// since a failed login costs a bcrypt hash and their pace varies.
	Now func() time.Time
}

// NewLoginLimiter returns a limiter with no attempt recorded.
func NewLoginLimiter() *LoginLimiter {
	return &LoginLimiter{pairs: newBuckets(LoginFailuresPerUser), addrs: newBuckets(LoginFailuresPerAddr)}
}

// loginUserKey folds a username so that "Bob", "BOB" and "bob " count as
// one, and bounds it: no username is longer than the store allows.
func loginUserKey(username string) string {
	k := strings.ToLower(strings.TrimSpace(username))
	if len(k) > 64 {
		k = k[:64]
	}
	return k
}

// clock returns the time for a login attempt.
func (l *LoginLimiter) clock() time.Time {
	if l.Now == nil {
		return time.Now()
	}
	return l.Now()
}

// Begin takes the tokens of a login for username from addr, before its
// password is checked, and returns the function that gives them back when
// the login succeeds. When wait > 0 the attempt is refused and took nothing.
func (l *LoginLimiter) Begin(username, addr string) (succeeded func(), wait time.Duration) {
	succeeded = func() {}
	if l == nil {
		return succeeded, 0
	}
	now := l.clock()
	pair := loginUserKey(username) + "\x00" + addr
	l.mu.Lock()
	defer l.mu.Unlock()
	pb, pw := l.pairs.peek(pair, now)
	ab, aw := l.addrs.peek(addr, now)
	if w := max(pw, aw); w > 0 {
		return succeeded, w
	}
	l.pairs.add(pb, -1)
	l.addrs.add(ab, -1)
	return func() {
		l.pairs.add(pb, 1)
		l.addrs.add(ab, 1)
	}, 0
}
