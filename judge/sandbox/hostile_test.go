//go:build linux

package sandbox

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestHostilePrograms runs real attacks on the sandbox. Each must end with
// its own status, measured, and the runner must then run a plain program as
// if nothing had happened.
func TestHostilePrograms(t *testing.T) {
	forEachRunner(t, testHostilePrograms)
}

func testHostilePrograms(t *testing.T, r Runner) {
	// A file the sandbox must not show: the server's database stands for
	// every file of the host outside the sandbox's read-only system folders.
	database := filepath.Join(t.TempDir(), "judge.db")
	if err := os.WriteFile(database, []byte("SQLite format 3 secret rows\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	ownSource, err := filepath.Abs("testdata/programs/sum.cpp")
	if err != nil {
		t.Fatal(err)
	}
	// The server's port: the sandbox has no network, so it must not connect.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	var accepted atomic.Int64
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)

	quick := Limits{CPU: 500 * time.Millisecond, Memory: 256 * MiB, Output: 16 * MiB}
	tests := []struct {
		name    string
		program string
		stdin   string
		status  Status
		also    Status // a second status the case may fairly end with
		stdout  string // checked when not empty
		message string // a part of the message, checked when not empty
	}{
		// Which clock runs out first depends on the machine's load (a
		// CPU-bound program that gets little CPU meets the wall limit):
		// the message must name the one that did. A fork bomb's copies
		// are charged to the run's memory too: on a fresh machine (CI
		// saw 262,160 KiB in 410 ms) the memory limit may come first,
		// and either limit is a fair verdict; what matters is that it
		// ends, measured, and the next run is unharmed.
		{"fork bomb", "forkbomb.cpp", "", StatusTimeLimit, StatusMemoryLimit, "", ""},
		{"while(1)", "spin.cpp", "", StatusTimeLimit, "", "", ""},
		{"sleep for ever", "sleep.cpp", "", StatusTimeLimit, "", "", "wall-clock limit of 2s exceeded"},
		{"4 GiB allocation", "alloc4g.cpp", "", StatusMemoryLimit, "", "", "memory limit of 256 MiB exceeded"},
		{"1 GiB to disk", "disk1g.cpp", "", StatusOutputLimit, "", "", "output limit of 16 MiB"},
		{"endless output", "endless_output.cpp", "", StatusOutputLimit, "", "", "output limit of 16 MiB"},
		{"read the database", "read_file.cpp", database + "\n", StatusOK, "", "blocked\n", ""},
		{"read the judge's sources", "read_file.cpp", ownSource + "\n", StatusOK, "", "blocked\n", ""},
		{"read /etc/shadow", "read_file.cpp", "/etc/shadow\n", StatusOK, "", "blocked\n", ""},
		{"write outside the work folder", "write_outside.cpp", "/pwned\n/usr/pwned\n/bin/pwned\n/etc/pwned\n/proc/pwned\n" + filepath.Join(filepath.Dir(database), "pwned") + "\n", StatusOK, "", "blocked\n", ""},
		{"connect to the server's port", "connect.cpp", port, StatusOK, "", "blocked\n", ""},
	}
	ctx := context.Background()
	plain := compile(t, r, "cpp", "sum.cpp")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := compile(t, r, "cpp", tc.program)
			lim := quick
			if tc.status != StatusTimeLimit {
				// On a loaded machine (load 26 seen) 4 GiB of page faults
				// or 1 GiB of writes take seconds of CPU and wall time:
				// the limit under test must come first.
				lim.CPU, lim.Wall = 5*time.Second, 20*time.Second
			}
			res, err := r.Run(ctx, a, []byte(tc.stdin), lim)
			if err != nil {
				t.Fatalf("Run(%s): %v", tc.program, err)
			}
			t.Logf("%s: %s %q, cpu %v, wall %v, %d KiB", tc.program, res.Status, res.Message, res.CPU, res.Wall, res.MemoryKiB)
			if res.Status != tc.status && (tc.also == "" || res.Status != tc.also) {
				t.Errorf("Run(%s) = %s (%s), want %s", tc.program, res.Status, res.Message, tc.status)
			}
			if tc.stdout != "" && string(res.Stdout) != tc.stdout {
				t.Errorf("Run(%s) printed %q, want %q", tc.program, res.Stdout, tc.stdout)
			}
			if !strings.Contains(res.Message, tc.message) {
				t.Errorf("Run(%s) message %q, want it to contain %q", tc.program, res.Message, tc.message)
			}
			if res.Status == StatusTimeLimit {
				clock := "wall-clock limit of 2s exceeded"
				if res.CPU >= quick.CPU {
					clock = "CPU time limit of 500ms exceeded"
				}
				if !strings.HasPrefix(res.Message, clock) {
					t.Errorf("Run(%s) used %v of CPU in %v and says %q, want %q", tc.program, res.CPU, res.Wall, res.Message, clock)
				}
			}
			wall := lim.Wall
			if wall == 0 {
				wall = 2*lim.CPU + time.Second // the default
			}
			if res.Wall > wall+time.Second {
				t.Errorf("Run(%s) took %v of wall time, beyond the limit of %v", tc.program, res.Wall, wall)
			}
			after, err := r.Run(ctx, plain, []byte("1 2"), quick)
			if err != nil || after.Status != StatusOK || string(after.Stdout) != "3\n" {
				t.Errorf("after %s, Run(sum.cpp) = %s %q, %v; want ok \"3\\n\"", tc.name, after.Status, after.Stdout, err)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(database), "pwned")); err == nil {
		t.Errorf("a program wrote into the host's folder %s", filepath.Dir(database))
	}
	if n := accepted.Load(); n != 0 {
		t.Errorf("the server's port accepted %d connections from the sandbox", n)
	}
}

// TestNamespaces: a program sees its own pid namespace (its container's
// init and itself, no process of the host), its own host name, and runs as
// an unprivileged user of its own.
func TestNamespaces(t *testing.T) {
	forEachRunner(t, func(t *testing.T, r Runner) {
		a := compile(t, r, "cpp", "whoami.cpp")
		res, err := r.Run(context.Background(), a, nil, Limits{})
		if err != nil || res.Status != StatusOK {
			t.Fatalf("Run(whoami.cpp) = %+v, %v", res, err)
		}
		var pid, uid, procs int
		var host string
		if _, err := fmt.Sscanf(string(res.Stdout), "pid=%d host=%s uid=%d procs=%d", &pid, &host, &uid, &procs); err != nil {
			t.Fatalf("whoami.cpp printed %q: %v", res.Stdout, err)
		}
		if procs != 2 || host != "sandbox" || uid == 0 || pid == os.Getpid() {
			t.Errorf("whoami.cpp printed %q; want 2 processes in /proc, host sandbox, a uid other than 0", res.Stdout)
		}
	})
}

// TestCompileBombs: a compiler kept busy or fed without end is a failed
// compile with the reason, not a hung judge.
func TestCompileBombs(t *testing.T) {
	forEachRunner(t, func(t *testing.T, r Runner) {
		lim := CompileLimits{CPU: 2 * time.Second, Memory: 512 * MiB}
		for _, name := range []string{"template_bomb.cpp", "include_zero.cpp"} {
			t.Run(name, func(t *testing.T) {
				res, err := r.Compile(context.Background(), "cpp", program(t, name), lim)
				if err != nil {
					t.Fatalf("Compile(%s): %v", name, err)
				}
				t.Logf("%s: cpu %v, wall %v, %d KiB, output %d bytes ending %q", name, res.CPU, res.Wall, res.MemoryKiB, len(res.Output), tail(res.Output, 120))
				if res.OK() {
					t.Fatalf("Compile(%s) succeeded", name)
				}
				if !strings.Contains(res.Output, "compilation") {
					t.Errorf("Compile(%s) output ends %q, want the reason", name, tail(res.Output, 200))
				}
				if len(res.Output) > int(MaxCompileOutput) {
					t.Errorf("Compile(%s) output is %d bytes, more than %d", name, len(res.Output), MaxCompileOutput)
				}
				if res.Wall > 2*lim.CPU+2*time.Second {
					t.Errorf("Compile(%s) took %v of wall time", name, res.Wall)
				}
			})
		}
	})
}
