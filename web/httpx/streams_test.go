package httpx

import (
	"errors"
	"testing"

	"puzzlejudge/judge"
)

// TestStreamSlotsRelease: a released slot is free again, for its class and
// its address, and releasing twice frees it once.
func TestStreamSlotsRelease(t *testing.T) {
	s := &StreamSlots{Max: 4, PerAddress: 1}
	anon := StreamCaller{Addr: "10.0.0.1"}
	release, err := s.Acquire(anon)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Acquire(anon); judge.ErrorCode(err) != ERATELIMITED {
		t.Fatalf("second stream of one address: %v, want rate_limited", err)
	}
	release()
	release()
	r2, err := s.Acquire(anon)
	if err != nil {
		t.Fatalf("after the release: %v", err)
	}
	defer r2()
	user := StreamCaller{Addr: "10.0.0.2", SignedIn: true}
	for i := range 3 {
		if _, err := s.Acquire(user); err != nil {
			t.Fatalf("signed-in stream %d: %v", i+2, err)
		}
	}
	var retry *judge.RetryError
	if _, err := s.Acquire(user); !errors.As(err, &retry) || judge.ErrorCode(err) != judge.EBUSY {
		t.Fatalf("a fifth stream of four: %v, want busy", err)
	}
	if s.open != 4 || s.anon != 1 || s.byAddr["10.0.0.1"] != 1 {
		t.Errorf("counts open %d anon %d by address %v, want 4 1 map[10.0.0.1:1]", s.open, s.anon, s.byAddr)
	}
}
