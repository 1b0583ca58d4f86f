package sandbox

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/criyle/go-judge/env/pool"
	"github.com/criyle/go-judge/envexec"
)

// A run's wall clock is a guard against programs that sleep or block, not
// a measure of their speed: on a loaded machine a program that is ready to
// run may wait for a CPU for longer than it computes. The watch measures
// that wait (the kernel's run-queue time of every task of the run, the
// second field of /proc/TID/schedstat) while the run lasts, and kills the
// run only when its wall time less that wait exceeds the guard. go-judge's
// own clock limit is then the cap (Limits.WallCap): a run that reaches it
// while it mostly waited for a CPU is the machine's fault (ErrBusy).

// watchTick is how often a watch reads the run's tasks.
const watchTick = 25 * time.Millisecond

// runWatch measures one run: started by watchedEnv.Execve, read by
// embedded.exec once the run is over.
type runWatch struct {
	guard time.Duration // the most wall time not spent waiting for a CPU

	mu         sync.Mutex
	waited     time.Duration // run-queue time of the run's tasks so far
	fired      bool          // the guard killed the run
	seen       bool          // the run's tasks were found (the wait is measured)
	notStarted bool          // the watch can see the program's exec, and has not yet
}

type watchKey struct{}

// result returns what the watch saw; unstarted reports a run whose
// program the watch never saw start, though it could look.
func (w *runWatch) result() (waited time.Duration, fired, measured, unstarted bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.waited, w.fired, w.seen, w.notStarted
}

// watch samples the run of the program started by the container whose init
// is initPid until proc is done, killing it (kill) when the guard runs out.
func (w *runWatch) watch(initPid int, proc envexec.Process, kill context.CancelFunc) {
	defer kill()
	start := time.Now()
	t := time.NewTicker(watchTick)
	defer t.Stop()
	waits := map[int]time.Duration{} // per task: a task that ended keeps its last figure
	var tasksFile string
	var program int                // the run's first process, once in its cgroup
	unstarted := time.Duration(-1) // the time before the program ran, once it did
	var initExe string             // the init's executable, which the program's replaces
	if initPid == 0 {
		unstarted = 0 // nothing to watch: the guard is the plain wall clock
	} else {
		initExe, _ = os.Readlink(filepath.Join("/proc", strconv.Itoa(initPid), "exe"))
		w.mu.Lock()
		w.notStarted = true
		w.mu.Unlock()
	}
	for {
		select {
		case <-proc.Done():
			return
		case <-t.C:
		}
		if tasksFile == "" {
			tasksFile, program = runTasksFile(initPid)
		}
		if unstarted < 0 {
			// go-judge returns once the program is in its cgroup, but it
			// runs only when the container's init, told so, lets it exec;
			// an init slow to do so under load kept a program from its
			// first instruction for 11 s, which the guard counted as the
			// program's own idling (CI, TestVerdictsBesideBusyCgroups).
			// Until its exec, the time is the machine's.
			if tasksFile == "" || !execed(program, initExe) {
				continue
			}
			unstarted = time.Since(start)
			w.mu.Lock()
			w.notStarted = false
			w.mu.Unlock()
		}
		total := unstarted
		for _, tid := range readInts(tasksFile) {
			if d, ok := schedWait(tid); ok {
				waits[tid] = d
			}
		}
		for _, d := range waits {
			total += d
		}
		active := time.Since(start) - total
		w.mu.Lock()
		w.waited, w.seen = total, w.seen || len(waits) > 0
		fire := active > w.guard
		if fire {
			w.fired = true
		}
		w.mu.Unlock()
		if fire {
			kill()
			<-proc.Done()
			return
		}
	}
}

// runTasksFile returns the cgroup tasks file (cgroup v1's cpuacct
// hierarchy, or v2's cgroup.threads) of the program the container init
// initPid runs, "" while it has none: its tasks are every thread and child
// process of the run. A container is reused: the init may still list the
// program of the run before (a zombie, its cgroup gone), so the file must
// exist.
func runTasksFile(initPid int) (file string, pid int) {
	// The init is a Go program: any of its threads may have forked the
	// program, and each thread lists its own children.
	own := tasksFileOf(initPid) // a child still there is not in its run's cgroup yet
	lists, _ := filepath.Glob(filepath.Join("/proc", strconv.Itoa(initPid), "task", "*", "children"))
	for _, list := range lists {
		for _, kid := range readInts(list) {
			if f := tasksFileOf(kid); f != "" && f != own {
				if _, err := os.Stat(f); err == nil {
					return f, kid
				}
			}
		}
	}
	return "", 0
}

// execed reports whether process pid, forked by the container's init
// (whose executable is initExe), runs a program of its own: its
// executable is no longer the init's. A process that cannot be read
// (gone), or an init whose executable could not be read (""), counts as
// started.
func execed(pid int, initExe string) bool {
	exe, err := os.Readlink(filepath.Join("/proc", strconv.Itoa(pid), "exe"))
	return err != nil || initExe == "" || exe != initExe
}

// tasksFileOf returns the tasks file of the cgroup of process pid.
func tasksFileOf(pid int) string {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cgroup"))
	if err != nil {
		return ""
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		parts := strings.SplitN(line, ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "": // v2
			return filepath.Join("/sys/fs/cgroup", parts[2], "cgroup.threads")
		case hasController(parts[1], "cpuacct"):
			return filepath.Join("/sys/fs/cgroup", parts[1], parts[2], "tasks")
		}
	}
	return ""
}

func hasController(list, name string) bool {
	for c := range strings.SplitSeq(list, ",") {
		if c == name {
			return true
		}
	}
	return false
}

// schedWait returns the run-queue time of task tid: the time it was ready
// to run and waited for a CPU.
func schedWait(tid int) (time.Duration, bool) {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(tid), "schedstat"))
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(data))
	if len(f) < 2 {
		return 0, false
	}
	ns, err := strconv.ParseInt(f[1], 10, 64)
	if err != nil {
		return 0, false
	}
	return time.Duration(ns), true
}

// readInts reads the whitespace-separated integers of a file (pids).
func readInts(path string) []int {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var out []int
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Split(bufio.ScanWords)
	for sc.Scan() {
		if n, err := strconv.Atoi(sc.Text()); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// watchedEnv is a container that watches the runs it starts, when the
// caller's context carries a runWatch.
type watchedEnv struct {
	pool.Environment
	initPid int // the host pid of the container's init; 0: unknown
}

func (e *watchedEnv) Execve(ctx context.Context, p envexec.ExecveParam) (envexec.Process, error) {
	w, _ := ctx.Value(watchKey{}).(*runWatch)
	if w == nil {
		return e.Environment.Execve(ctx, p)
	}
	// Without the init's pid the watch finds no task: its guard is then
	// the plain wall clock.
	run, kill := context.WithCancel(ctx)
	proc, err := e.Environment.Execve(run, p)
	if err != nil {
		kill()
		return nil, err
	}
	go w.watch(e.initPid, proc, kill)
	return proc, nil
}

// children returns the child processes of this process (of all its
// threads).
func children() map[int]bool {
	out := map[int]bool{}
	tasks, _ := filepath.Glob("/proc/self/task/*/children")
	for _, f := range tasks {
		for _, pid := range readInts(f) {
			out[pid] = true
		}
	}
	return out
}

// namespaceInit reports whether process pid is the first process of a pid
// namespace of its own (a container's init): its NSpid line ends in 1.
func namespaceInit(pid int) bool {
	data, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	if err != nil {
		return false
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 3 && f[0] == "NSpid:" {
			return f[len(f)-1] == "1"
		}
	}
	return false
}

// prioritize gives the sandbox's cgroup (prefix), its containers and this
// process (in prefix/api) the CPU weight shares: cgroup v1's cpu.shares,
// or v2's cpu.weight in proportion (1024 shares = weight 100). The process
// weighs as much as the containers, and is moved into api for that: it
// must keep running to stop them (go-judge nests it there only when it
// creates the cgroup, not when the folder is left from a start before; a
// fork bomb with all the weight then starved the kill for seconds).
func prioritize(prefix string, shares int) error {
	root, file, weight := "/sys/fs/cgroup/cpu", "cpu.shares", shares
	if _, err := os.Stat(filepath.Join(root, prefix, file)); err != nil {
		root, file, weight = "/sys/fs/cgroup", "cpu.weight", min(max(shares*100/1024, 1), 10000)
		if _, err := os.Stat(filepath.Join(root, prefix, file)); err != nil {
			return fmt.Errorf("neither /sys/fs/cgroup/cpu/%s/cpu.shares nor %s has a CPU weight", prefix, filepath.Join(root, prefix, file))
		}
	}
	base := filepath.Join(root, prefix)
	var errs []error
	for _, dir := range []string{base, filepath.Join(base, "containers"), filepath.Join(base, "api")} {
		errs = append(errs, os.WriteFile(filepath.Join(dir, file), []byte(strconv.Itoa(weight)), 0o644))
	}
	errs = append(errs, os.WriteFile(filepath.Join(base, "api", "cgroup.procs"), []byte(strconv.Itoa(os.Getpid())), 0o644))
	return errors.Join(errs...)
}
