package sandbox

import (
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"puzzlejudge/judge"
)

// runResult turns what the backend saw into the judge's terms.
func runResult(out execResult, lim Limits) RunResult {
	res := RunResult{
		Status:    StatusOK,
		CPU:       out.cpu,
		Wall:      out.wall,
		Waited:    out.waited,
		MemoryKiB: out.memory / KiB,
		Stdout:    out.stdout,
		Stderr:    out.stderr,
	}
	switch out.status {
	case execExited:
		res.Status = StatusRuntimeError
		res.ExitStatus = out.exitStatus
		res.say(judge.M("run_exit_status", "Status", out.exitStatus))
	case execSignalled:
		if cpuKilled(out, lim) {
			res.Status = StatusTimeLimit
			res.say(judge.M("run_cpu_limit", "Limit", lim.CPU))
			break
		}
		res.Status = StatusRuntimeError
		res.Signal = unix.SignalName(syscall.Signal(out.exitStatus))
		res.say(signalMessage(out.exitStatus))
	case execForbidden:
		res.Status = StatusRuntimeError
		res.say(judge.M("run_forbidden_call"))
	case execTimeLimit:
		res.Status = StatusTimeLimit
		res.say(timeLimitMessage(out, lim))
	case execMemoryLimit:
		res.Status = StatusMemoryLimit
		res.say(judge.M("run_memory_limit", "MiB", lim.Memory/MiB))
	case execOutputLimit:
		res.Status = StatusOutputLimit
		res.say(judge.M("run_output_limit", "MiB", lim.Output/MiB))
	}
	return res
}

// say sets the result's message: m, and its English text.
func (r *RunResult) say(m judge.Msg) { r.Msg, r.Message = m, m.Text() }

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

// signalMessage names a signal: "killed by signal SIGSEGV (segmentation
// fault)". The description is the system's, in English: the other
// languages name the signal only.
func signalMessage(n int) judge.Msg {
	sig := syscall.Signal(n)
	name := unix.SignalName(sig)
	if name == "" {
		return judge.M("run_signal_number", "Signal", n)
	}
	return judge.M("run_signal", "Signal", name, "About", sig.String())
}

// timeLimitMessage says which clock ran out; for the wall-clock guard, how
// long the program was not running by its own doing (slept, or waited
// for input), apart from its wait for a busy CPU, which is not counted.
func timeLimitMessage(out execResult, lim Limits) judge.Msg {
	if out.cpu >= lim.CPU {
		return judge.M("run_cpu_limit", "Limit", lim.CPU)
	}
	if out.guarded {
		idle := max(out.wall-out.waited-out.cpu, 0)
		return judge.M("run_wall_idle", "Limit", lim.Wall, "CPU", out.cpu.Round(time.Millisecond),
			"Idle", idle.Round(time.Millisecond), "Queued", out.waited.Round(time.Millisecond))
	}
	return judge.M("run_wall_limit", "Limit", lim.Wall, "CPU", out.cpu.Round(time.Millisecond))
}
