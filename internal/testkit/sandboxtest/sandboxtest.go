// Package sandboxtest gives the tests of the packages above judge/sandbox a
// real sandbox: the embedded one, shared by the tests of a package, and
// go-judge servers built from the module (the tool of go.mod) and started on
// 127.0.0.1. Its TestMain must call Main, which serves the containers' init.
//
// Where the host cannot run a sandbox (not root, not Linux) the tests are
// skipped with the reason, unless CI or PUZZLEJUDGE_REQUIRE_SANDBOX is set,
// as .ci/run does: then a sandbox that does not start fails them.
package sandboxtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/judge/sandbox"
)

// Main runs a package's tests: sandbox.Init first (in a container's init
// it serves and never returns), then each of before, then m.Run, with the
// engines' tables in the folder the test packages share
// (testutil.SharedTableDir), then the shared sandbox is closed (a built
// go-judge is kept: see GoJudgeBinary).
func Main(m *testing.M, before ...func()) int {
	sandbox.Init()
	puzzles.SetTableDir(testutil.SharedTableDir())
	for _, f := range before {
		f()
	}
	code := m.Run()
	if shared.runner != nil {
		shared.runner.Close()
	}
	return code
}

// Required reports whether the tests must find a working sandbox.
func Required() bool {
	return os.Getenv("PUZZLEJUDGE_REQUIRE_SANDBOX") != "" || os.Getenv("CI") != ""
}

func mayBeMissing() bool { return !Required() && (runtime.GOOS != "linux" || os.Geteuid() != 0) }

var shared struct {
	once   sync.Once
	runner sandbox.Runner
	err    error
}

// Config returns the configuration of an embedded sandbox for tests: two
// runs at once and, under -race, go-judge's binary as the containers' init
// (a race binary cannot serve there).
func Config(t testing.TB) sandbox.EmbeddedConfig {
	t.Helper()
	// A cgroup of the package's own (the test binary's name), kept across
	// runs: the packages' tests run at once under go test ./...
	cfg := sandbox.EmbeddedConfig{Config: sandbox.Config{Parallel: 2}, CgroupPrefix: "puzzlejudge-" + binaryName(), GoCache: SharedGoCache()}
	if raceEnabled {
		bin, err := GoJudgeBinary()
		if err != nil {
			t.Fatal(err)
		}
		cfg.InitPath = bin
	}
	return cfg
}

// SharedGoCache returns the warm Go build cache that the tests' sandboxes
// share, across packages and runs: a folder of the system's temporary
// directory, kept. Each sandbox that offers Go warms its cache when it
// starts (about 15 s of CPU when cold, a fraction of a second when warm);
// one folder for all instead of one each saves the test packages that
// start a sandbox that much apiece. The go command keeps a cache safe for
// concurrent use. "" (the sandbox's own folder) where it cannot be made.
func SharedGoCache() string {
	dir := filepath.Join(os.TempDir(), "puzzlejudge-test-gocache")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return ""
	}
	// The sandbox's user reads it.
	if err := os.Chmod(dir, 0o755); err != nil {
		return ""
	}
	return dir
}

// Embedded returns the embedded sandbox the tests of the package share, or
// skips the test where the host cannot run one (see the package comment).
func Embedded(t testing.TB) sandbox.Runner {
	t.Helper()
	shared.once.Do(func() {
		shared.runner, shared.err = sandbox.NewEmbedded(context.Background(), Config(t))
	})
	Check(t, shared.err)
	return shared.runner
}

// Check skips the test when err says the sandbox is missing on a host that
// may lack it, and fails it on any other error.
func Check(t testing.TB, err error) {
	t.Helper()
	if err == nil {
		return
	}
	var u *sandbox.UnavailableError
	if errors.As(err, &u) && mayBeMissing() {
		t.Skip(err)
	}
	t.Fatalf("the sandbox did not start: %v", err)
}

var built struct {
	once sync.Once
	bin  string
	err  error
}

// GoJudgeBinary builds go-judge from the module once per test binary, into
// a folder of the temporary directory kept across runs and packages: go
// build finds the binary there up to date and skips the link (0.9 s
// instead of 6-10 s quiet, 30 s busy). The go command replaces a binary by
// a rename, so a test binary running the old one at that moment keeps it.
func GoJudgeBinary() (string, error) {
	built.once.Do(func() {
		dir := filepath.Join(os.TempDir(), "puzzlejudge-test-go-judge")
		if built.err = os.MkdirAll(dir, 0o755); built.err != nil {
			return
		}
		built.bin = filepath.Join(dir, "go-judge")
		build := exec.Command(filepath.Join(runtime.GOROOT(), "bin", "go"), "build", "-o", built.bin, "github.com/criyle/go-judge/cmd/go-judge")
		if out, err := build.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("building go-judge: %v\n%s", err, out)
		}
	})
	return built.bin, built.err
}

// servers counts the go-judge servers started, each in its cgroup.
var servers atomic.Int64

// binaryName is the test binary's name ("service.test"), dots made dashes.
func binaryName() string {
	return strings.ReplaceAll(filepath.Base(os.Args[0]), ".", "-")
}

// GoJudge starts a go-judge server on 127.0.0.1 with the embedded
// sandbox's mounts and returns its URL; it is stopped when the test ends.
func GoJudge(t testing.TB) string {
	t.Helper()
	if mayBeMissing() {
		if err := sandbox.Probe(); err != nil {
			t.Skip(err)
		}
	}
	bin, err := GoJudgeBinary()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mounts := filepath.Join(dir, "mount.yaml")
	if err := sandbox.WriteMountConfig(mounts, nil); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	var logs bytes.Buffer
	cmd := exec.Command(bin, "-http-addr", addr, "-dir", filepath.Join(dir, "files"), "-mount-conf", mounts,
		"-parallelism", "2", "-cgroup-prefix", fmt.Sprintf("puzzlejudge-%s-gojudge-%d", binaryName(), servers.Add(1)),
		"-output-limit", "64m", "-container-cred-start", "10000", "-release")
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, &logs, &logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGINT)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	url := "http://" + addr
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get(url + "/version")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return url
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("go-judge did not answer at %s: %v\n%s", url, err, logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
