package sandbox

import "time"

// Byte sizes, for limits.
const (
	KiB int64 = 1 << 10
	MiB int64 = 1 << 20
	GiB int64 = 1 << 30
)

// Limits bound one run of a program. A zero field takes its default.
type Limits struct {
	// CPU is the CPU time of the run, before the language's time factor.
	CPU time.Duration
	// Wall guards the wall clock against programs that sleep or block;
	// default 2 x CPU (after the factor) + 1 s. Where the sandbox measures
	// the run's wait for a CPU (embedded, on Linux), that wait is not
	// counted: a program ready to run on a busy machine is not killed for
	// the machine's load.
	Wall time.Duration
	// WallCap bounds the wall clock of a run, its wait for a CPU included;
	// default 10 x Wall. A run that reaches it having waited for a CPU
	// more than it ran is the machine's fault: it is run again, and after
	// busyTries Run answers ErrBusy.
	WallCap time.Duration
	// Memory is the peak memory in bytes (the cgroup's usage).
	Memory int64
	// Output caps stdout, and the size of any file the program writes.
	Output int64
	// Processes caps processes and threads (fork bombs stop there).
	Processes int
}

// Default limits of a run.
const (
	DefaultCPU       = time.Second
	DefaultMemory    = 256 * MiB
	DefaultOutput    = 64 * MiB
	DefaultProcesses = 16
)

// withDefaults fills the zero fields of l and applies the language's time
// factor and process floor.
func (l Limits) withDefaults(lang Language) Limits {
	if l.CPU <= 0 {
		l.CPU = DefaultCPU
	}
	l.CPU = time.Duration(float64(l.CPU) * lang.timeFactor())
	if l.Wall <= 0 {
		l.Wall = 2*l.CPU + time.Second
	}
	if l.WallCap < l.Wall {
		l.WallCap = 10 * l.Wall
	}
	if l.Memory <= 0 {
		l.Memory = DefaultMemory
	}
	if l.Output <= 0 {
		l.Output = DefaultOutput
	}
	if l.Processes <= 0 {
		l.Processes = DefaultProcesses
	}
	if l.Processes < lang.Processes {
		l.Processes = lang.Processes
	}
	return l
}

// CompileLimits bound one compile. A zero field takes its default.
type CompileLimits struct {
	CPU       time.Duration // default 10 s, raised to the language's CompileCPU
	Wall      time.Duration // default CPU + CompileWallSlack
	Memory    int64         // default 1 GiB
	Output    int64         // the compiler's message is cut there; default and most 64 KiB
	Processes int           // default 128
	Artifact  int64         // the largest compiled file; default 128 MiB
}

// Default limits of a compile.
const (
	DefaultCompileCPU       = 10 * time.Second
	DefaultCompileMemory    = 1 * GiB
	MaxCompileOutput        = 64 * KiB
	DefaultCompileProcesses = 128
	DefaultArtifact         = 128 * MiB
	// CompileWallSlack is a compile's wall clock over its CPU limit: a
	// compiler that waits (#include "/proc/self/fd/1" reads its own pipe)
	// holds a slot that long and no longer; 2 x CPU + 1 s held one 121 s.
	CompileWallSlack = 5 * time.Second
)

func (l CompileLimits) withDefaults(lang Language) CompileLimits {
	if l.CPU <= 0 {
		l.CPU = DefaultCompileCPU
	}
	if l.CPU < lang.CompileCPU {
		l.CPU = lang.CompileCPU
	}
	if l.Wall <= 0 {
		l.Wall = l.CPU + CompileWallSlack
	}
	if l.Memory <= 0 {
		l.Memory = DefaultCompileMemory
	}
	if l.Output <= 0 || l.Output > MaxCompileOutput {
		l.Output = MaxCompileOutput
	}
	if l.Processes <= 0 {
		l.Processes = DefaultCompileProcesses
	}
	if l.Artifact <= 0 {
		l.Artifact = DefaultArtifact
	}
	return l
}
