package httpx

import (
	"context"
	"strconv"
	"testing"
	"time"
)

// TestLoginLimiter checks the buckets with a fake clock: ten attempts of one
// username from one address, or fifty from one address, block further
// logins of that kind for a while, which the refill ends; a success gives
// its attempt back; the same name from another address goes on.
func TestLoginLimiter(t *testing.T) {
	l := NewLoginLimiter()
	ctx := context.Background()
	now := time.Unix(1_000_000, 0)
	l.Now = func() time.Time { return now }
	for i := range LoginFailuresPerUser {
		if _, w, _ := l.Begin(ctx, "Bob", "10.0.0.1"); w != 0 {
			t.Fatalf("attempt %d: wait %s, want 0", i+1, w)
		}
	}
	if _, w, _ := l.Begin(ctx, " BOB", "10.0.0.1"); w <= 0 || w > 6*time.Second {
		t.Errorf("bob after %d failures: wait %s, want (0, 6s]", LoginFailuresPerUser, w)
	}
	if _, w, _ := l.Begin(ctx, "bob", "10.0.0.9"); w != 0 {
		t.Errorf("bob from another address: wait %s, want 0 (strangers cannot lock an account)", w)
	}
	if _, w, _ := l.Begin(ctx, "carol", "10.0.0.1"); w != 0 {
		t.Errorf("another user from the same address: wait %s, want 0", w)
	}
	now = now.Add(6 * time.Second)
	if _, w, _ := l.Begin(ctx, "bob", "10.0.0.1"); w != 0 {
		t.Errorf("bob a refill later: wait %s, want 0", w)
	}

	for i := range LoginFailuresPerAddr {
		ok, w, _ := l.Begin(ctx, "user"+strconv.Itoa(i), "10.0.0.2")
		if w != 0 {
			t.Fatalf("attempt %d from 10.0.0.2: wait %s", i+1, w)
		}
		if i == 0 {
			ok() // a success gives its attempt back
		}
	}
	if _, w, _ := l.Begin(ctx, "fresh", "10.0.0.2"); w != 0 {
		t.Errorf("the 50th failure from one address (after a success): wait %s, want 0", w)
	}
	if _, w, _ := l.Begin(ctx, "fresh2", "10.0.0.2"); w <= 0 {
		t.Errorf("a fresh user from an address with %d failures: wait %s, want > 0", LoginFailuresPerAddr, w)
	}
	if _, w, _ := l.Begin(ctx, "fresh", "10.0.0.3"); w != 0 {
		t.Errorf("a fresh user from another address: wait %s, want 0", w)
	}
	var nilLimiter *LoginLimiter
	if ok, w, _ := nilLimiter.Begin(ctx, "x", "y"); w != 0 {
		t.Errorf("a nil limiter waits %s", w)
	} else {
		ok()
	}
}
