package sandbox

import (
	"fmt"
	"os"
	"sync/atomic"

	"github.com/criyle/go-sandbox/container"
	"github.com/criyle/go-sandbox/pkg/cgroup"
)

var initCalled atomic.Bool

// Init must be the first call of main (and of TestMain) in every program
// that embeds the sandbox. The sandbox starts each container by running the
// program's own executable again as the container's init process; in that
// process Init serves the container and never returns. In the program
// itself it returns at once.
func Init() {
	initCalled.Store(true)
	if err := container.Init(); err != nil {
		// Not reached in a container (Init exits there); kept for the record.
		fmt.Fprintln(os.Stderr, "sandbox: container init:", err)
		os.Exit(1)
	}
}

// Probe reports why the embedded sandbox cannot run on this host, or nil
// when it should: it checks the privileges, namespaces and cgroups that
// go-judge's container needs, without starting one.
func Probe() error {
	return probe("")
}

// probe is Probe for a sandbox whose containers start initPath ("" for
// this program itself, which must have called Init).
func probe(initPath string) error {
	if initPath == "" && !initCalled.Load() {
		return &UnavailableError{Reason: "sandbox.Init was not called first in main (or TestMain)"}
	}
	if initPath != "" && !isExecutable(initPath) {
		return &UnavailableError{Reason: "the container init " + initPath + " is not an executable file"}
	}
	if os.Geteuid() != 0 {
		return &UnavailableError{Reason: fmt.Sprintf("not running as root (uid %d): the embedded sandbox needs root for its cgroups and namespaces; run a go-judge server and set sandbox.url instead", os.Geteuid())}
	}
	for _, ns := range []string{"pid", "mnt", "ipc", "net", "uts", "user"} {
		if _, err := os.Stat("/proc/self/ns/" + ns); err != nil {
			return &UnavailableError{Reason: "the kernel has no " + ns + " namespaces", Err: err}
		}
	}
	ct, err := cgroup.GetAvailableController()
	if err != nil {
		return &UnavailableError{Reason: "no cgroup file system at /sys/fs/cgroup", Err: err}
	}
	var missing []string
	for name, ok := range map[string]bool{"memory": ct.Memory, "pids": ct.Pids, "cpuacct": ct.CPUAcct || cgroup.DetectedCgroupType == cgroup.TypeV2} {
		if !ok {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return &UnavailableError{Reason: fmt.Sprintf("cgroup controllers %v are not available", missing)}
	}
	return nil
}
