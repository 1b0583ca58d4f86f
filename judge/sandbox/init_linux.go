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
	if isContainerInit() {
		if err := noUserNamespaces(); err != nil {
			// Fail closed: a container that would let its programs make
			// user namespaces does not start, and the sandbox says so.
			fmt.Fprintln(os.Stderr, "sandbox: container init:", err)
			os.Exit(1)
		}
	}
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

// isContainerInit reports whether this process is a container's init, as
// go-sandbox's container.Init tells it: pid 1 of its own pid namespace,
// started with the argument container_init.
func isContainerInit() bool {
	return os.Getpid() == 1 && len(os.Args) >= 2 && os.Args[1] == "container_init"
}

// maxUserNamespaces is the limit of user namespaces made in the calling
// process's user namespace and below it (user_namespaces(7)).
const maxUserNamespaces = "/proc/sys/user/max_user_namespaces"

// noUserNamespaces sets to 0 the user namespaces that may be made inside
// the container's own user namespace, in which the container's init runs
// as root: a program in it then gets ENOSPC from unshare(CLONE_NEWUSER)
// and from clone with it, and cannot reach the kernel's code for
// namespaces it would own (mount, network, ...). The limit is the
// container's own, not the host's (the kernel keeps one per user
// namespace), and a program, an unprivileged user there, cannot raise it.
// The write goes through the host's /proc, still mounted here: the
// container's file system is set up after (container.Init).
func noUserNamespaces() error {
	if err := os.WriteFile(maxUserNamespaces, []byte("0\n"), 0); err != nil {
		return fmt.Errorf("cannot forbid user namespaces in the container: %w", err)
	}
	return nil
}
