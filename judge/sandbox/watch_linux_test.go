//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/criyle/go-judge/envexec"
)

// TestWatchClockStartsAtTheExec plays the start that CI's loaded machine
// made of a run (TestVerdictsBesideBusyCgroups, 11 s "not running by the
// program's own doing" for a program that only computes): go-judge
// answers once the program's process is in its cgroup, but the process
// runs the program only when the container's init lets it exec. Here an
// "init" (a shell) forks a child, which the test puts into a cgroup of its
// own, as go-judge does; the child waits 3 s on a pipe (the init's
// permission), then execs a program that sleeps 0.5 s. The watch's guard
// is 2 s: the 3 s before the exec are the machine's, so the guard does not
// fire and the wait is reported; a child that sleeps 3 s after its exec
// is still killed by the guard.
func TestWatchClockStartsAtTheExec(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: the child is put into a cgroup of its own")
	}
	cgroup := filepath.Join("/sys/fs/cgroup/cpuacct", fmt.Sprintf("puzzlejudge-watch-%d", os.Getpid()))
	if _, err := os.Stat("/sys/fs/cgroup/cpuacct"); err != nil {
		t.Skip("no cgroup v1 cpuacct hierarchy here")
	}
	for _, tc := range []struct {
		name      string
		wait      time.Duration // before the exec
		sleep     string        // how long the program sleeps after the exec
		fired     bool
		waitedMin time.Duration
	}{
		{"a slow start is the machine's", 3 * time.Second, "0.5", false, 3 * time.Second},
		{"a sleep after the start is the program's", 0, "3", true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.Mkdir(cgroup, 0o755); err != nil {
				t.Fatal(err)
			}
			defer os.Remove(cgroup)
			fifo := filepath.Join(t.TempDir(), "go")
			if err := syscall.Mkfifo(fifo, 0o600); err != nil {
				t.Fatal(err)
			}
			// The init forks one child and waits for it; the child (the
			// init's own executable until its exec) waits for the word,
			// then becomes the program, sleep.
			sleep, err := exec.LookPath("sleep")
			if err != nil {
				t.Skip("no sleep program")
			}
			init := exec.Command("/bin/sh", "-c", `/bin/sh -c 'read x < "$1"; exec "$2" "$3"' child "$0" "$1" "$2"; wait`, fifo, sleep, tc.sleep)
			if err := init.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan struct{})
			go func() { init.Wait(); close(done) }()
			defer init.Process.Kill()
			child := waitChild(t, init.Process.Pid)
			if err := os.WriteFile(filepath.Join(cgroup, "tasks"), []byte(strconv.Itoa(child)), 0o644); err != nil {
				t.Fatal(err)
			}
			w := &runWatch{guard: 2 * time.Second}
			start := time.Now()
			killed := make(chan struct{})
			go w.watch(init.Process.Pid, fakeProcess{done}, func() {
				select {
				case <-killed:
				default:
					close(killed)
					syscall.Kill(child, syscall.SIGKILL)
				}
			})
			time.Sleep(tc.wait)
			goAhead(t, fifo, done)
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				t.Fatal("the run did not end")
			}
			time.Sleep(2 * watchTick) // the watch's last tick
			waited, fired, _, unstarted := w.result()
			t.Logf("wall %s, waited %s, fired %v", time.Since(start).Round(time.Millisecond), waited.Round(time.Millisecond), fired)
			if fired != tc.fired || unstarted {
				t.Errorf("fired %v (unstarted %v), want fired %v", fired, unstarted, tc.fired)
			}
			if waited < tc.waitedMin {
				t.Errorf("waited %s, want at least the %s before the exec", waited, tc.waitedMin)
			}
		})
	}
}

// goAhead writes the word to the child waiting on fifo. The open does not
// block, since a child the guard killed reads no more (the run's end, done,
// stops the tries); it is tried again while the child has not opened the
// fifo yet (ENXIO: the child's shell may still be starting when the test
// gives the word at once, as CI saw on an idle machine: no word, no exec,
// and the run never ended).
func goAhead(t *testing.T, fifo string, done <-chan struct{}) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err == nil {
			f.Write([]byte("go\n"))
			f.Close()
			return
		}
		if !errors.Is(err, syscall.ENXIO) || time.Now().After(deadline) {
			t.Fatalf("the word to the child: %v", err)
		}
		select {
		case <-done:
			return
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// waitChild returns the first child of process pid, once it has one.
func waitChild(t *testing.T, pid int) int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		lists, _ := filepath.Glob(filepath.Join("/proc", strconv.Itoa(pid), "task", "*", "children"))
		for _, l := range lists {
			if kids := readInts(l); len(kids) > 0 {
				return kids[0]
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("process %d forked no child", pid)
	return 0
}

// fakeProcess is the go-judge process the watch waits for: here the
// init, whose end is done.
type fakeProcess struct{ done chan struct{} }

func (p fakeProcess) Done() <-chan struct{}        { return p.done }
func (p fakeProcess) Result() envexec.RunnerResult { <-p.done; return envexec.RunnerResult{} }
func (p fakeProcess) Usage() envexec.Usage         { return envexec.Usage{} }
