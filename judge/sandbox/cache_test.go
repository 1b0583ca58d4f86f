//go:build linux

package sandbox

import (
	"context"
	"testing"
)

// TestCacheEvicts: a cache of one artifact keeps the latest; an evicted
// artifact still runs (compiled again), and its files leave the store.
func TestCacheEvicts(t *testing.T) {
	embeddedRunner(t) // the sandbox check
	r0, err := NewEmbedded(context.Background(), EmbeddedConfig{
		Config: Config{Parallel: 2, CacheSize: 1, Languages: []Language{DefaultLanguages()[1]}},
	})
	if err != nil {
		t.Fatal(err)
	}
	defer r0.Close()
	r := r0.(*runner)
	store := r.backends[0].(*embedded).fs
	ctx := context.Background()
	a := compile(t, r, "cpp", "sum.cpp")
	b := compile(t, r, "cpp", "exit3.cpp")
	if n := r.cache.len(); n != 1 {
		t.Errorf("cache holds %d artifacts, want 1", n)
	}
	if n := len(store.List()); n != 1 {
		t.Errorf("the store holds %d files after an eviction, want 1: %v", n, store.List())
	}
	res, err := r.Run(ctx, a, []byte("2 2"), Limits{})
	if err != nil || res.Status != StatusOK || string(res.Stdout) != "4\n" {
		t.Errorf("Run(evicted sum.cpp) = %+v, %v; want ok 4", res, err)
	}
	res, err = r.Run(ctx, b, []byte("5"), Limits{})
	if err != nil || res.Status != StatusRuntimeError || string(res.Stdout) != "5\n" {
		t.Errorf("Run(evicted exit3.cpp) = %+v, %v; want runtime_error 5", res, err)
	}
	again, err := r.Compile(ctx, "cpp", program(t, "exit3.cpp"), CompileLimits{})
	if err != nil || !again.Cached {
		t.Errorf("Compile(exit3.cpp) after its run = %+v, %v; want it cached", again, err)
	}
}

func TestBadInitPath(t *testing.T) {
	_, err := NewEmbedded(context.Background(), EmbeddedConfig{InitPath: "/nonexistent/init"})
	if _, ok := err.(*UnavailableError); !ok {
		t.Errorf("NewEmbedded(InitPath: /nonexistent/init) = %v, want an *UnavailableError", err)
	}
}
