package judge

import (
	"context"
	"time"
)

// Runs on a student's own input (issue 34): a program compiled and run
// once in the sandbox on an input the student typed, under the problem's
// limits, and told back at once. A run is never graded and is not a
// submission: it is stored nowhere but as a lease while it runs
// (RunStore), which counts as one of its user's claims of the programs'
// lane, so that runs share the fair queue's capacity and its cap per user
// instead of going around them.

// RunStatus is how a run ended; beside ok, the names are the program
// verdicts'.
type RunStatus string

// The statuses of a run: a run that fails ends as a judged program would,
// and says so by the same name.
const (
	RunOK           RunStatus = "ok"
	RunCompileError           = RunStatus(CompileError)
	RunTimeLimit              = RunStatus(TimeLimit)
	RunMemoryLimit            = RunStatus(MemoryLimit)
	RunRuntimeError           = RunStatus(RuntimeError)
	RunOutputLimit            = RunStatus(OutputLimit)
)

// Bounds of a run.
const (
	// MaxRunInput bounds the input a run is given.
	MaxRunInput = 64 << 10
	// MaxRunStdout bounds the standard output told back; the problem's
	// output limit still bounds what the program may print.
	MaxRunStdout = 64 << 10
)

// Run is a program to run on an input of its author's.
type Run struct {
	ProblemSlug string
	Language    string
	Source      string
	Input       string
}

// RunOutcome is what a run did. Stdout is cut to MaxRunStdout (Truncated
// says so) and Stderr to MaxRunShown; ExitStatus is the program's exit
// status when it exited, Message the sandbox's words ("killed by signal
// SIGSEGV ..."). A failed compile has Status RunCompileError and the
// compiler's message in CompileOutput, with Message naming the likely
// mistake when the judge knows it (a Java class not named Main).
type RunOutcome struct {
	Status                   RunStatus
	Stdout, Stderr           string
	Truncated                bool
	ExitStatus               int
	Message                  string
	Msg                      Msg // Message as a message of the judge, when it is one
	CPUMs, WallMs, MemoryKiB int64
	CompileOutput            string
}

// RunStore keeps the runs in progress, as leases: one counts as a claim of
// the programs' lane of its user (turns and the cap per user), across
// processes, until it is dropped or expires.
type RunStore interface {
	// HoldRun records a run of userID's lasting at most until, unless the
	// user already holds perUser claims of the programs' lane (programs
	// being judged and runs); ok is false then.
	HoldRun(ctx context.Context, userID int64, perUser int, until time.Time) (id int64, ok bool, err error)
	// DropRun ends the run id.
	DropRun(ctx context.Context, id int64) error
}
