package httpx

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"sync"
	"time"

	"puzzlejudge/judge"
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
//
// The buckets live in Store: the database's, so that every web process on
// it counts the same failures (a guesser behind a proxy that spreads
// requests over two processes gets no more tries), or this process's
// memory for a store that keeps none. Either runs the same code below.
type LoginLimiter struct {
	// Store keeps the buckets; NewLoginLimiter starts with one in memory.
	Store     judge.LoginStore
	mu        sync.Mutex
	lastSweep time.Time // of Store, under mu
	// Now is the clock of the handlers (time.Now when nil); tests stop it,
	// since a failed login costs a bcrypt hash and their pace varies.
	Now func() time.Time
}

// NewLoginLimiter returns a limiter with no attempt recorded, keeping its
// buckets in this process's memory until Store is set.
func NewLoginLimiter() *LoginLimiter {
	return &LoginLimiter{Store: &memoryLoginStore{}}
}

// memoryLoginStore keeps login buckets in this process's memory, under one
// lock, so that taking from both buckets of an attempt is one step there as
// a transaction makes it one in the database; at most maxBucketKeys of them.
type memoryLoginStore struct {
	mu sync.Mutex
	m  map[string]judge.LoginBucket
}

func (s *memoryLoginStore) UpdateLoginBuckets(ctx context.Context, keys []string, update func([]judge.LoginBucket) ([]judge.LoginBucket, error)) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	bs := make([]judge.LoginBucket, len(keys))
	for i, k := range keys {
		b, ok := s.m[k]
		b.Key, b.Found = k, ok
		bs[i] = b
	}
	out, err := update(bs)
	if err != nil {
		return err
	}
	if s.m == nil {
		s.m = map[string]judge.LoginBucket{}
	}
	for _, b := range out {
		if _, ok := s.m[b.Key]; !ok && len(s.m) >= maxBucketKeys {
			for k := range s.m { // an arbitrary one, as in the tables of buckets
				delete(s.m, k)
				break
			}
		}
		s.m[b.Key] = b
	}
	return nil
}

func (s *memoryLoginStore) DeleteLoginBuckets(ctx context.Context, before time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, b := range s.m {
		if b.Last.Before(before) {
			delete(s.m, k)
		}
	}
	return nil
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
// An error (the database is down) refuses the attempt too.
func (l *LoginLimiter) Begin(ctx context.Context, username, addr string) (succeeded func(), wait time.Duration, err error) {
	succeeded = func() {}
	if l == nil {
		return succeeded, 0, nil
	}
	now := l.clock()
	pair := loginUserKey(username) + "\x00" + addr
	l.sweep(ctx, now)
	// The keys name the kind of bucket and hash what the client sent.
	keys := []string{loginBucketKey("user", pair), loginBucketKey("addr", addr)}
	per := []int{LoginFailuresPerUser, LoginFailuresPerAddr}
	// refill brings the buckets read to now, full when new.
	refill := func(bs []judge.LoginBucket) []loginState {
		st := make([]loginState, len(bs))
		for i, b := range bs {
			st[i] = loginState{b: &bucket{tokens: float64(per[i]), last: now}, t: &buckets{perMinute: per[i]}}
			if b.Found {
				st[i].b.tokens, st[i].b.last = b.Tokens, b.Last
				st[i].t.refill(st[i].b, now)
			}
		}
		return st
	}
	write := func(bs []judge.LoginBucket, st []loginState, d float64) []judge.LoginBucket {
		for i := range bs {
			bs[i].Tokens, bs[i].Last = min(float64(per[i]), st[i].b.tokens+d), st[i].b.last
		}
		return bs
	}
	err = l.Store.UpdateLoginBuckets(ctx, keys, func(bs []judge.LoginBucket) ([]judge.LoginBucket, error) {
		st := refill(bs)
		for _, s := range st {
			wait = max(wait, s.t.wait(s.b))
		}
		if wait > 0 {
			return nil, nil
		}
		return write(bs, st, -1), nil
	})
	if err != nil || wait > 0 {
		return func() {}, wait, err
	}
	return func() {
		// The login's request is still going: its context holds.
		_ = l.Store.UpdateLoginBuckets(ctx, keys, func(bs []judge.LoginBucket) ([]judge.LoginBucket, error) {
			return write(bs, refill(bs), 1), nil
		})
	}, 0, nil
}

// loginBucketKey names a bucket in the store: its kind and the hash of
// its key, which may hold any bytes a client sent (PostgreSQL's text
// refuses NUL and invalid UTF-8) and should not sit there in clear.
func loginBucketKey(kind, key string) string {
	sum := sha256.Sum256([]byte(key))
	return kind + ":" + hex.EncodeToString(sum[:])
}

// loginState is a bucket read from the store with the table rule it obeys.
type loginState struct {
	b *bucket
	t *buckets
}

// sweep deletes, at most once per sweepAfter, the store's buckets
// idle for sweepAfter: they are full again, so dropping them changes nothing.
func (l *LoginLimiter) sweep(ctx context.Context, now time.Time) {
	l.mu.Lock()
	due := now.Sub(l.lastSweep) > sweepAfter
	if due {
		l.lastSweep = now
	}
	l.mu.Unlock()
	if due {
		_ = l.Store.DeleteLoginBuckets(ctx, now.Add(-sweepAfter))
	}
}
