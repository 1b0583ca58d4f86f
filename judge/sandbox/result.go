package sandbox

import (
	"errors"
	"fmt"
	"time"

	"puzzlejudge/judge"
)

// Status is how a run ended, from the program's side. Everything but StatusOK
// is the program's fault; the sandbox's own failures are Go errors instead.
type Status string

// The statuses of a run; their names are the judge's verdicts.
const (
	StatusOK           Status = "ok"
	StatusTimeLimit    Status = "time_limit"
	StatusMemoryLimit  Status = "memory_limit"
	StatusRuntimeError Status = "runtime_error"
	StatusOutputLimit  Status = "output_limit"
)

// RunResult is the outcome of one run.
type RunResult struct {
	Status Status
	// Message says what happened in words: "exit status 3", "killed by
	// signal SIGSEGV (segmentation fault)", "CPU time limit of 1s exceeded".
	Message string
	// Msg is Message as a message of the judge, for the pages.
	Msg judge.Msg
	// ExitStatus is the exit status of a program that exited.
	ExitStatus int
	// Signal names the signal that killed the program ("SIGSEGV"), if one did.
	Signal string
	// CPU and Wall are the time the run took, MemoryKiB its peak memory.
	// Waited is the part of Wall the program waited for the machine, where
	// the sandbox measures it: for the container to let it start, and,
	// ready to run, for a CPU (the machine's load).
	CPU       time.Duration
	Wall      time.Duration
	Waited    time.Duration
	MemoryKiB int64
	// Stdout is what the program printed, cut at Limits.Output; Stderr its
	// last words, cut at 4 KiB.
	Stdout []byte
	Stderr []byte
}

// CompileResult is the outcome of a compile.
type CompileResult struct {
	// Artifact is what to run; nil when the compile failed.
	Artifact *Artifact
	// Output is the compiler's message (stdout then stderr), at most 64 KiB;
	// for a failed compile it ends with the reason when that was a limit.
	Output string
	// Cached reports that the artifact came from the cache, not a compile.
	Cached bool
	// CPU, Wall and MemoryKiB measure the compile (zero when Cached).
	CPU       time.Duration
	Wall      time.Duration
	MemoryKiB int64
}

// OK reports whether the compile produced an artifact.
func (r CompileResult) OK() bool { return r.Artifact != nil }

// ErrBusy is returned (wrapped) by Run when a run was starved of CPU by
// the machine's load, tries after tries: its wall-clock cap ran out while
// it waited for a CPU, with CPU time to spare. It is the machine's fault,
// never the program's.
var ErrBusy = errors.New("the machine was too busy to run the program fairly")

// UnavailableError says why a sandbox cannot run programs on this host: the
// server starts without it and answers program submissions 503.
type UnavailableError struct {
	Reason string
	Err    error
}

func (e *UnavailableError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("sandbox unavailable: %s: %v", e.Reason, e.Err)
	}
	return "sandbox unavailable: " + e.Reason
}

func (e *UnavailableError) Unwrap() error { return e.Err }
