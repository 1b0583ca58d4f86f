package sandbox

// Defaults of the embedded sandbox.
const (
	DefaultCgroupPrefix   = "puzzlejudge"
	DefaultWorkFolderSize = 512 * MiB
)

// EmbeddedConfig configures the in-process sandbox.
type EmbeddedConfig struct {
	Config
	// Dir keeps what outlives the process: compiled programs (Dir/artifacts,
	// Config.CacheDir unless that is set) and the warm Go build cache
	// (Dir/gocache, unless GoCache is set), so that a restart neither
	// compiles again nor warms Go's cache again. Processes may share it.
	// Empty: nothing is kept. go-judge's own working files are always in a
	// temporary folder of the process, removed by Close.
	Dir string
	// CgroupPrefix names the cgroup the containers live under.
	CgroupPrefix string
	// WorkFolderSize caps each run's writable folders (/w and /tmp).
	WorkFolderSize int64
	// ReadOnly are more host paths every program sees, read-only (a
	// compiler's configuration folder).
	ReadOnly []Mount
	// InitPath is the executable each container starts as its init: a
	// program whose main calls Init (or go-judge's own binary, whose main
	// does). Default this program itself, through /proc/self/exe; a binary
	// built with -race cannot serve there (its runtime does not start in
	// the container), so its tests name another.
	InitPath string
	// GoCache is the host folder of the warm Go build cache that programs
	// see at /gocache; default Dir/gocache. It is warmed at start, in the
	// background, when the go language is offered.
	GoCache string
	// CPUShares is the CPU weight (cgroup v1 cpu.shares; v2 cpu.weight in
	// proportion) of the sandbox's cgroup and of its containers, against
	// the other cgroups of the machine: runs keep the CPU their limits are
	// measured in while other work loads the machine. Default
	// DefaultCPUShares, the most the kernel takes; 1024 is the kernel's
	// default, no priority.
	CPUShares int
	// CPUs, when set, pins each compile and run to one core of the list
	// (cgroup cpuset), as judgehosts pin theirs; Parallel defaults to its
	// length.
	CPUs []int
}

// DefaultCPUShares is the sandbox's default CPU weight: cgroup v1's
// largest cpu.shares.
const DefaultCPUShares = 262144
