package sandbox

import (
	"context"
	"errors"
	"os"
	"runtime"
	"sync"
	"testing"
)

func TestMain(m *testing.M) {
	// The container's init process is this test binary run again: Init
	// serves it there, before any test could start.
	Init()
	code := m.Run()
	if shared.runner != nil {
		shared.runner.Close()
	}
	if server.runner != nil {
		server.runner.Close()
	}
	if server.judge != nil {
		server.judge.stop()
	}
	os.Exit(code)
}

var shared struct {
	once   sync.Once
	runner Runner
	err    error
}

// embeddedRunner returns the embedded runner all tests share. Where the host
// cannot run it (not Linux; not root outside CI) the test is skipped with
// the reason; on a Linux host as root, or in CI, a sandbox that does not
// start fails the test.
func embeddedRunner(t testing.TB) Runner {
	t.Helper()
	shared.once.Do(func() {
		shared.runner, shared.err = NewEmbedded(context.Background(), EmbeddedConfig{Config: Config{Parallel: 2}})
	})
	if shared.err != nil {
		var u *UnavailableError
		mayBeMissing := runtime.GOOS != "linux" || (os.Geteuid() != 0 && os.Getenv("CI") == "")
		if errors.As(shared.err, &u) && mayBeMissing {
			t.Skip(shared.err)
		}
		t.Fatalf("NewEmbedded: %v", shared.err)
	}
	return shared.runner
}

// program reads a test program of testdata/programs.
func program(t testing.TB, name string) []byte {
	t.Helper()
	src, err := os.ReadFile("testdata/programs/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// compile compiles a test program and fails the test unless it compiles.
func compile(t testing.TB, r Runner, language, name string) *Artifact {
	t.Helper()
	res, err := r.Compile(context.Background(), language, program(t, name), CompileLimits{})
	if err != nil {
		t.Fatalf("Compile(%s): %v", name, err)
	}
	if !res.OK() {
		t.Fatalf("Compile(%s) failed:\n%s", name, res.Output)
	}
	return res.Artifact
}

// forEachRunner runs the contract test f against every kind of runner.
func forEachRunner(t *testing.T, f func(t *testing.T, r Runner)) {
	t.Run("embedded", func(t *testing.T) { f(t, embeddedRunner(t)) })
	t.Run("remote", func(t *testing.T) { f(t, remoteRunner(t)) })
}
