package ctxtime

import (
	"context"
	"testing"
	"time"
)

func TestSleep(t *testing.T) {
	start := time.Now()
	if !Sleep(context.Background(), 20*time.Millisecond) {
		t.Fatal("Sleep without an end = false, want true")
	}
	if d := time.Since(start); d < 20*time.Millisecond {
		t.Errorf("Sleep(20ms) returned after %s", d)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start = time.Now()
	if Sleep(ctx, time.Hour) {
		t.Fatal("Sleep on an ended context = true, want false")
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Sleep on an ended context took %s", d)
	}
}
