//go:build linux

package sandbox

import (
	"context"
	"testing"
)

// TestDirKeepsArtifacts: a sandbox started again over the same Dir (a
// restart) takes a program compiled by the one before from its compile
// cache (no compile: Cached, no compile figures) and runs it.
func TestDirKeepsArtifacts(t *testing.T) {
	embeddedRunner(t) // the sandbox check
	dir := t.TempDir()
	cfg := EmbeddedConfig{Config: Config{Parallel: 2, Languages: []Language{DefaultLanguages()[1]}}, Dir: dir, GoCache: testGoCache}
	ctx := context.Background()
	src := program(t, "sum.cpp")
	for i, wantCached := range []bool{false, true} {
		r, err := newTestEmbedded(cfg)
		if err != nil {
			t.Fatal(err)
		}
		res, err := r.Compile(ctx, "cpp", src, CompileLimits{})
		if err != nil || !res.OK() {
			r.Close()
			t.Fatalf("start %d: Compile(sum.cpp) = %+v, %v", i+1, res, err)
		}
		if res.Cached != wantCached || (wantCached && res.CPU != 0) {
			t.Errorf("start %d: Compile(sum.cpp) cached %v (%v of CPU), want cached %v", i+1, res.Cached, res.CPU, wantCached)
		}
		run, err := r.Run(ctx, res.Artifact, []byte("40 2"), Limits{})
		if err != nil || run.Status != StatusOK || string(run.Stdout) != "42\n" {
			t.Errorf("start %d: Run(sum.cpp) = %+v, %v; want ok 42", i+1, run, err)
		}
		if err := r.Close(); err != nil {
			t.Fatal(err)
		}
	}
}
