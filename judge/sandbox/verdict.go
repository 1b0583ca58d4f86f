package sandbox

import (
	"fmt"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// runResult turns what the backend saw into the judge's terms.
func runResult(out execResult, lim Limits) RunResult {
	res := RunResult{
		Status:    StatusOK,
		CPU:       out.cpu,
		Wall:      out.wall,
		MemoryKiB: out.memory / KiB,
		Stdout:    out.stdout,
		Stderr:    out.stderr,
	}
	switch out.status {
	case execExited:
		res.Status = StatusRuntimeError
		res.ExitStatus = out.exitStatus
		res.Message = fmt.Sprintf("exit status %d", out.exitStatus)
	case execSignalled:
		if cpuKilled(out, lim) {
			res.Status = StatusTimeLimit
			res.Message = fmt.Sprintf("CPU time limit of %v exceeded", lim.CPU)
			break
		}
		res.Status = StatusRuntimeError
		res.Signal = unix.SignalName(syscall.Signal(out.exitStatus))
		res.Message = signalMessage(out.exitStatus)
	case execForbidden:
		res.Status = StatusRuntimeError
		res.Message = "forbidden system call"
	case execTimeLimit:
		res.Status = StatusTimeLimit
		res.Message = timeLimitMessage(out, lim)
	case execMemoryLimit:
		res.Status = StatusMemoryLimit
		res.Message = fmt.Sprintf("memory limit of %d MiB exceeded", lim.Memory/MiB)
	case execOutputLimit:
		res.Status = StatusOutputLimit
		res.Message = fmt.Sprintf("output limit of %d MiB exceeded (standard output or a written file)", lim.Output/MiB)
	}
	return res
}

// cpuKilled reports whether a signalled run was the kernel's CPU limit at
// work rather than the program's fault: go-judge backs its own CPU clock
// (the cgroup's usage, read every tick) with RLIMIT_CPU, whose SIGXCPU and
// then SIGKILL can come first when the machine is loaded. A SIGKILL is
// counted so only when the run had used nearly all of its CPU limit.
func cpuKilled(out execResult, lim Limits) bool {
	switch syscall.Signal(out.exitStatus) {
	case syscall.SIGXCPU:
		return true
	case syscall.SIGKILL:
		return lim.CPU > 0 && out.cpu >= lim.CPU*9/10
	}
	return false
}

// signalMessage names a signal: "killed by signal SIGSEGV (segmentation fault)".
func signalMessage(n int) string {
	sig := syscall.Signal(n)
	name := unix.SignalName(sig)
	if name == "" {
		return fmt.Sprintf("killed by signal %d", n)
	}
	return fmt.Sprintf("killed by signal %s (%v)", name, sig)
}

// timeLimitMessage says which clock ran out.
func timeLimitMessage(out execResult, lim Limits) string {
	if out.cpu >= lim.CPU {
		return fmt.Sprintf("CPU time limit of %v exceeded", lim.CPU)
	}
	return fmt.Sprintf("wall-clock limit of %v exceeded (%v of CPU: the program was waiting or sleeping)", lim.Wall, out.cpu.Round(time.Millisecond))
}
