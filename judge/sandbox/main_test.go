//go:build linux

package sandbox

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"puzzlejudge/internal/testutil"
)

func TestMain(m *testing.M) {
	// The container's init process is this test binary run again: Init
	// serves it there, before any test could start.
	Init()
	// The same folder as internal/testkit/sandboxtest's SharedGoCache
	// (that package imports this one): warmed once, kept across runs.
	testGoCache = filepath.Join(os.TempDir(), "puzzlejudge-test-gocache")
	if err := os.MkdirAll(testGoCache, 0o755); err != nil {
		panic(err)
	}
	os.Chmod(testGoCache, 0o755)
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

// testGoCache is the warm Go build cache of every sandbox the tests start:
// the embedded runner warms it, the go-judge servers mount it too. It is
// kept (a warm-up costs 15 s of CPU when cold).
var testGoCache string

var shared struct {
	once   sync.Once
	runner Runner
	err    error
}

// embeddedRunner returns the embedded runner all tests share. Where the host
// cannot run it (see mayBeMissing) the test is skipped with the reason;
// elsewhere a sandbox that does not start fails the test.
func embeddedRunner(t testing.TB) Runner {
	t.Helper()
	shared.once.Do(func() {
		shared.runner, shared.err = newTestEmbedded(EmbeddedConfig{Config: Config{Parallel: 2}, GoCache: testGoCache})
	})
	if shared.err != nil {
		var u *UnavailableError
		if errors.As(shared.err, &u) && mayBeMissing() {
			t.Skip(shared.err)
		}
		t.Fatalf("NewEmbedded: %v", shared.err)
	}
	return shared.runner
}

// newTestEmbedded is NewEmbedded as the tests start it.
func newTestEmbedded(cfg EmbeddedConfig) (Runner, error) {
	if raceEnabled {
		// The race runtime does not start as the container's init:
		// go-judge's binary (its main calls container.Init) serves.
		var err error
		if cfg.InitPath, err = goJudgeBinary(); err != nil {
			return nil, err
		}
	}
	return NewEmbedded(context.Background(), cfg)
}

// sandboxRequired reports whether the tests must find a working sandbox
// with every language: in CI, and under .ci/run.
func sandboxRequired() bool {
	return os.Getenv("PUZZLEJUDGE_REQUIRE_SANDBOX") != "" || os.Getenv("CI") != ""
}

// mayBeMissing reports whether this host may genuinely lack the sandbox:
// not Linux, or not root, and not required. A Linux host as root (this
// project's machines and CI) must run it.
func mayBeMissing() bool {
	return !sandboxRequired() && (runtime.GOOS != "linux" || os.Geteuid() != 0)
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

// forEachRunner runs the contract test f against every kind of runner:
// the embedded one always, a remote go-judge in the long set (-tags long).
// The quick set reaches the remote runner through TestRunCpp
// (forBothRunners) and TestRemoteSpreads. .ci/run's long step runs only
// the remote part: the quick step ran the embedded one.
func forEachRunner(t *testing.T, f func(t *testing.T, r Runner)) {
	t.Run("embedded", func(t *testing.T) {
		testutil.QuickPart(t)
		f(t, embeddedRunner(t))
	})
	t.Run("remote", func(t *testing.T) {
		testutil.LongOnly(t, "the contract again on a remote go-judge")
		f(t, remoteRunner(t))
	})
}

// forBothRunners runs f against the embedded runner and a remote go-judge,
// in the quick set too.
func forBothRunners(t *testing.T, f func(t *testing.T, r Runner)) {
	t.Run("embedded", func(t *testing.T) { f(t, embeddedRunner(t)) })
	t.Run("remote", func(t *testing.T) { f(t, remoteRunner(t)) })
}
