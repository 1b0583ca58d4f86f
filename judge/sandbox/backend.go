package sandbox

import (
	"context"
	"fmt"
	"time"

	"github.com/criyle/go-judge/envexec"
)

// backend executes one command in a fresh sandbox: go-judge in this process
// (embedded) or a go-judge server (remote). Files it keeps are named by ids
// of its own file store.
type backend interface {
	exec(ctx context.Context, cmd execCmd) (execResult, error)
	download(ctx context.Context, id string) ([]byte, error)
	upload(ctx context.Context, name string, data []byte) (string, error)
	remove(id string)
	close() error
	String() string
}

// execFile is a file put in the work folder: bytes, or an id of the
// backend's file store.
type execFile struct {
	content []byte
	id      string
}

// execCmd is one command and its limits.
type execCmd struct {
	args      []string
	env       []string
	stdin     []byte
	copyIn    map[string]execFile
	cpu, wall time.Duration
	// wallCap bounds the wall clock, waits for a CPU included, where the
	// backend measures them (embedded); 0: 10 x wall.
	wallCap   time.Duration
	memory    int64
	procs     int
	stdoutMax int64
	stderrMax int64
	fileMax   int64    // the largest file the command may write (RLIMIT_FSIZE)
	keep      []string // files of the work folder to keep in the store afterwards
}

// execStatus is how a command ended, as both backends report it.
type execStatus int

const (
	execOK execStatus = iota
	execExited
	execSignalled
	execTimeLimit
	execMemoryLimit
	execOutputLimit
	execForbidden
)

type execResult struct {
	status     execStatus
	exitStatus int // the exit status, or the signal's number when signalled
	message    string
	cpu, wall  time.Duration
	// waited is the run's time waiting for the machine (to start, or ready
	// to run, for a CPU), where the backend measures it (embedded on
	// Linux); guarded says that the
	// wall-clock guard, which does not count it, ended the run.
	waited  time.Duration
	guarded bool
	memory  int64
	stdout  []byte
	stderr  []byte
	kept    map[string]string // file name -> store id, for cmd.keep
}

// execStatuses are go-judge's statuses that say how a command ended; the
// others (internal error, file error, ...) are the sandbox's own failures.
var execStatuses = map[envexec.Status]execStatus{
	envexec.StatusAccepted:            execOK,
	envexec.StatusNonzeroExitStatus:   execExited,
	envexec.StatusSignalled:           execSignalled,
	envexec.StatusTimeLimitExceeded:   execTimeLimit,
	envexec.StatusMemoryLimitExceeded: execMemoryLimit,
	envexec.StatusOutputLimitExceeded: execOutputLimit,
	envexec.StatusDangerousSyscall:    execForbidden,
}

// statusOf maps go-judge's status; an error is the sandbox's own failure.
func statusOf(s envexec.Status, msg string) (execStatus, error) {
	if st, ok := execStatuses[s]; ok {
		return st, nil
	}
	return 0, fmt.Errorf("go-judge: %v: %s", s, msg)
}
