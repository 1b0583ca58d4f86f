package main

import (
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"puzzlejudge/tools/similarity"
)

// The server finds Dolos where install puts it by default (the user's
// cache folder, keyed by the lock file's hash), or at similarity.dir.
func TestSimilarityDir(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	log := slog.New(slog.DiscardHandler)
	cfg := DefaultConfig()
	got := cfg.similarityConfig(log)
	if want := filepath.Join(cache, "puzzlejudge", "similarity-"+similarity.LockHash()); got.Engine.Dir != want {
		t.Errorf("default similarity folder %q, want %q", got.Engine.Dir, want)
	}
	if got.Engine.Timeout != 5*time.Minute || got.Engine.MemoryMiB != 2048 || got.Auto {
		t.Errorf("default engine %+v, auto %v", got.Engine, got.Auto)
	}
	cfg.Similarity = SimilarityConfig{Dir: "/srv/dolos", Node: "/opt/node/bin/node", Timeout: time.Minute, MemoryMiB: 300, Auto: true}
	got = cfg.similarityConfig(log)
	if got.Engine != (similarity.Engine{Dir: "/srv/dolos", Node: "/opt/node/bin/node", Timeout: time.Minute, MemoryMiB: 300}) || !got.Auto {
		t.Errorf("configured engine %+v, auto %v", got.Engine, got.Auto)
	}
}
