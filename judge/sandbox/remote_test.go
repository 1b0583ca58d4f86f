//go:build linux

package sandbox

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
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
)

// goJudge is a go-judge server this test binary started: the module's own
// cmd/go-judge (a tool of go.mod), built into a temporary folder.
type goJudge struct {
	url  string
	dir  string
	cmd  *exec.Cmd
	logs bytes.Buffer
}

var server struct {
	once   sync.Once
	judge  *goJudge
	runner Runner
	err    error
}

// remoteRunner returns a Runner over a go-judge server started for the
// tests, shared by them. Like embeddedRunner, it fails where the sandbox
// must work.
func remoteRunner(t testing.TB) Runner {
	t.Helper()
	embeddedRunner(t) // which warms testGoCache
	server.once.Do(func() {
		server.judge, server.err = startGoJudge()
		if server.err != nil {
			return
		}
		server.runner, server.err = NewRemote(context.Background(), RemoteConfig{
			Config: Config{Parallel: 2},
			URLs:   []string{server.judge.url},
		})
	})
	if server.err != nil {
		if mayBeMissing() {
			t.Skip(server.err)
		}
		t.Fatal(server.err)
	}
	return server.runner
}

var built struct {
	once sync.Once
	bin  string
	err  error
}

// goJudgeBinary builds the module's cmd/go-judge once per test binary,
// without -race whatever the tests were built with, into a folder of the
// temporary directory kept across runs (the same as sandboxtest's): go
// build finds the binary there up to date and skips the link, 0.9 s
// instead of 6-10 s on a quiet machine and 30 s on a busy one. The go
// command replaces a binary by a rename, so a test binary running the
// old one at the same moment keeps it.
func goJudgeBinary() (string, error) {
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

// servers counts the go-judge servers started, to give each its own cgroup
// (kept across test runs under fixed names, not one per process).
var servers atomic.Int64

func startGoJudge() (*goJudge, error) {
	dir, err := os.MkdirTemp("", "puzzlejudge-go-judge-")
	if err != nil {
		return nil, err
	}
	g := &goJudge{dir: dir}
	bin, err := goJudgeBinary()
	if err != nil {
		g.stop()
		return nil, err
	}
	// The same mounts as the embedded sandbox, so that both offer the same
	// languages.
	mounts := filepath.Join(dir, "mount.yaml")
	if err := writeMountConfig(mounts, DefaultWorkFolderSize, []Mount{{Source: testGoCache, Target: GoCacheMount}}); err != nil {
		g.stop()
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		g.stop()
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	g.url = "http://" + addr
	files := filepath.Join(dir, "files")
	g.cmd = exec.Command(bin, "-http-addr", addr, "-dir", files, "-mount-conf", mounts,
		"-parallelism", "2", "-cgroup-prefix", fmt.Sprintf("puzzlejudge-test-%d", servers.Add(1)),
		"-output-limit", "64m", "-container-cred-start", "10000", "-release")
	g.cmd.Dir = dir
	// A test binary that dies without its TestMain's clean-up (a -timeout
	// panic, a kill) takes the server with it, instead of leaving it
	// running with no parent.
	g.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	g.cmd.Stdout = &g.logs
	g.cmd.Stderr = &g.logs
	if err := g.cmd.Start(); err != nil {
		g.stop()
		return nil, err
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get(g.url + "/version")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return g, nil
			}
		}
		if time.Now().After(deadline) {
			logs := g.logs.String()
			g.stop()
			return nil, fmt.Errorf("go-judge did not answer at %s: %v\n%s", g.url, err, logs)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stop ends the server (by its own pid) and removes its folder.
func (g *goJudge) stop() {
	if g.cmd != nil && g.cmd.Process != nil {
		g.cmd.Process.Signal(syscall.SIGINT)
		done := make(chan struct{})
		go func() { g.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			g.cmd.Process.Kill()
			<-done
		}
	}
	os.RemoveAll(g.dir)
}

func TestRemoteRefusesADeadURL(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	_, err = NewRemote(context.Background(), RemoteConfig{URLs: []string{"http://" + addr}})
	u, ok := err.(*UnavailableError)
	if !ok {
		t.Fatalf("NewRemote(dead url) = %v, want an *UnavailableError", err)
	}
	t.Log(u)
	for _, bad := range []string{"", "ftp://x", "localhost:5050", "http://"} {
		if _, err := NewRemote(context.Background(), RemoteConfig{URLs: []string{bad}}); err == nil {
			t.Errorf("NewRemote(%q) = nil error", bad)
		}
	}
}

// TestRemoteSpreads: with two servers, runs go to both, and a program
// compiled on one is carried to the other.
func TestRemoteSpreads(t *testing.T) {
	remoteRunner(t) // the first server, and the sandbox check
	second, err := startGoJudge()
	if err != nil {
		t.Fatal(err)
	}
	defer second.stop()
	var mu sync.Mutex
	calls := make(map[string]int) // "server method path" -> count
	proxy := func(name, target string) string {
		u, _ := url.Parse(target)
		rp := httputil.NewSingleHostReverseProxy(u)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			path := req.URL.Path
			if strings.HasPrefix(path, "/file/") {
				path = "/file/:id"
			}
			mu.Lock()
			calls[name+" "+req.Method+" "+path]++
			mu.Unlock()
			rp.ServeHTTP(w, req)
		}))
		t.Cleanup(srv.Close)
		return srv.URL
	}
	r, err := NewRemote(context.Background(), RemoteConfig{
		Config: Config{Parallel: 2, Languages: []Language{DefaultLanguages()[1]}},
		URLs:   []string{proxy("a", server.judge.url), proxy("b", second.url)},
	})
	if err != nil {
		t.Fatal(err)
	}
	a := compile(t, r, "cpp", "sum.cpp")
	for i := range 6 {
		res, err := r.Run(context.Background(), a, []byte(fmt.Sprintf("%d 1", i)), Limits{})
		if err != nil || string(res.Stdout) != fmt.Sprintf("%d\n", i+1) {
			t.Fatalf("Run %d = %+v, %v", i, res, err)
		}
	}
	if err := r.Close(); err != nil {
		t.Error(err)
	}
	mu.Lock()
	defer mu.Unlock()
	t.Logf("requests: %v", calls)
	// One version command and one compile went somewhere; six runs were
	// spread, the compiled file fetched from its server and put on the other.
	if calls["a POST /run"] < 3 || calls["b POST /run"] < 3 {
		t.Errorf("runs were not spread over both servers: %v", calls)
	}
	if calls["a GET /file/:id"]+calls["b GET /file/:id"] != 1 || calls["a POST /file"]+calls["b POST /file"] != 1 {
		t.Errorf("the compiled program was not carried once to the other server: %v", calls)
	}
	if calls["a DELETE /file/:id"]+calls["b DELETE /file/:id"] != 2 {
		t.Errorf("Close left files on the servers: %v", calls)
	}
}
