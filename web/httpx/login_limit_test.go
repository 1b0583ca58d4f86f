package httpx

import (
	"strconv"
	"testing"
	"time"
)

// TestLoginLimiter checks the buckets with a fake clock: ten failures of one
// username, or fifty from one address, block every further login of it for
// a while, which the refill ends; other names and addresses go on.
func TestLoginLimiter(t *testing.T) {
	l := NewLoginLimiter()
	now := time.Unix(1_000_000, 0)
	for i := range LoginFailuresPerUser {
		if w := l.Wait("Bob", "10.0.0.1", now); w != 0 {
			t.Fatalf("failure %d: wait %s, want 0", i+1, w)
		}
		l.Failed("Bob", "10.0.0.1", now)
	}
	if w := l.Wait(" bob", "10.0.0.9", now); w <= 0 || w > 6*time.Second {
		t.Errorf("bob after %d failures: wait %s, want (0, 6s]", LoginFailuresPerUser, w)
	}
	if w := l.Wait("carol", "10.0.0.1", now); w != 0 {
		t.Errorf("another user from the same address: wait %s, want 0", w)
	}
	if w := l.Wait("bob", "10.0.0.1", now.Add(6*time.Second)); w != 0 {
		t.Errorf("bob a refill later: wait %s, want 0", w)
	}

	for i := range LoginFailuresPerAddr {
		l.Failed("user"+strconv.Itoa(i), "10.0.0.2", now)
	}
	if w := l.Wait("fresh", "10.0.0.2", now); w <= 0 {
		t.Errorf("a fresh user from an address with %d failures: wait %s, want > 0", LoginFailuresPerAddr, w)
	}
	if w := l.Wait("fresh", "10.0.0.3", now); w != 0 {
		t.Errorf("a fresh user from another address: wait %s, want 0", w)
	}
	var nilLimiter *LoginLimiter
	nilLimiter.Failed("x", "y", now)
	if w := nilLimiter.Wait("x", "y", now); w != 0 {
		t.Errorf("a nil limiter waits %s", w)
	}
}
