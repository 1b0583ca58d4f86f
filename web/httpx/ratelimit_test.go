package httpx

import (
	"testing"
	"time"
)

func TestRateLimiterRefills(t *testing.T) {
	l := NewRateLimiter(60) // one per second after a burst of 60
	now := time.Unix(1000, 0)
	for i := 0; i < 60; i++ {
		if ok, _ := l.Allow(1, now); !ok {
			t.Fatalf("request %d refused within the burst", i+1)
		}
	}
	ok, wait := l.Allow(1, now)
	if ok || wait <= 0 || wait > time.Second {
		t.Fatalf("61st request: ok=%v wait=%v, want refused with a wait of at most 1s", ok, wait)
	}
	if ok, _ := l.Allow(1, now.Add(1100*time.Millisecond)); !ok {
		t.Error("refused after the bucket refilled one token")
	}
	if ok, _ := l.Allow(2, now); !ok {
		t.Error("another user refused")
	}
	// Idle buckets are dropped, so the map does not grow with every user ever seen.
	l.Allow(3, now.Add(time.Hour))
	if len(l.users) != 1 {
		t.Errorf("%d buckets kept after an hour idle, want 1", len(l.users))
	}
	if ok, _ := NewRateLimiter(0).Allow(1, now); !ok {
		t.Error("rate 0 must mean no limit")
	}
}
