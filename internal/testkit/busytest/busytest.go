// Package busytest loads the machine as other work would: CPU-bound
// processes, each in a cgroup of its own (as other sandboxed runs, or
// another judge, are), for the tests that hold verdicts to be the same on
// a busy machine as on an idle one.
package busytest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// Start starts n CPU-bound processes, each in a new cgroup of the cpu
// controller at the root of the hierarchy (cgroup v1's cpu, or v2's), that
// run until the test ends or for at most d. It skips the test where
// cgroups cannot be made (not root).
func Start(t testing.TB, n int, d time.Duration) {
	t.Helper()
	stop, err := Load(n, d)
	if err != nil {
		if os.Geteuid() != 0 {
			t.Skipf("busy processes in cgroups of their own: %v", err)
		}
		t.Fatalf("busy processes in cgroups of their own: %v", err)
	}
	t.Cleanup(stop)
}

// Load is Start for a command: it returns the function that stops the
// processes and removes their cgroups.
func Load(n int, d time.Duration) (stop func(), err error) {
	root := "/sys/fs/cgroup/cpu"
	if _, err := os.Stat(filepath.Join(root, "cpu.shares")); err != nil {
		root = "/sys/fs/cgroup" // v2: the cpu controller at the root
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	var cmds []*exec.Cmd
	var dirs []string
	stop = func() {
		cancel()
		for _, c := range cmds {
			c.Process.Kill()
			c.Wait()
		}
		for _, dir := range dirs {
			// rmdir, once the killed process has left it.
			for range 50 {
				if err := syscall.Rmdir(dir); err == nil || os.IsNotExist(err) {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
	}
	for i := range n {
		dir := filepath.Join(root, fmt.Sprintf("pjbusy-%d-%d", os.Getpid(), i))
		if err := os.Mkdir(dir, 0o755); err != nil {
			stop()
			return nil, err
		}
		dirs = append(dirs, dir)
		c := exec.CommandContext(ctx, "/bin/sh", "-c", "while :; do :; done")
		if err := c.Start(); err != nil {
			stop()
			return nil, err
		}
		cmds = append(cmds, c)
		if err := os.WriteFile(filepath.Join(dir, "cgroup.procs"), []byte(strconv.Itoa(c.Process.Pid)), 0o644); err != nil {
			stop()
			return nil, err
		}
	}
	return stop, nil
}
