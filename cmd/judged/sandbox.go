package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"puzzlejudge/judge/sandbox"
)

// SandboxConfig is the sandbox: key of config.yaml.
type SandboxConfig struct {
	// Mode is embedded (go-judge in this process), remote (the go-judge
	// servers of URL), off (no programs), or empty: remote when URL is set,
	// else embedded.
	Mode string `yaml:"mode"`
	// URL lists the go-judge servers of remote mode (JUDGE_SANDBOX_URL,
	// comma-separated); runs go to the least busy.
	URL []string `yaml:"url"`
	// Parallel bounds the compiles and runs at once in this process; 0 is
	// one per core.
	Parallel int `yaml:"parallel"`
	// Dir keeps what outlives a restart: compiled programs (Dir/artifacts,
	// at most CacheMiB) and, embedded, the warm Go build cache
	// (Dir/gocache). Empty: see Config.sandboxDir.
	Dir      string `yaml:"dir"`
	CacheMiB int    `yaml:"cache_mib"`
	// CPUShares is the CPU weight of the embedded sandbox's cgroups
	// against the machine's other work (cgroup cpu.shares); 0: 262144,
	// the most. 1024 is the kernel's default: no priority.
	CPUShares int `yaml:"cpu_shares"`
	// CPUSet pins each embedded run to one core of the list ("2-3",
	// "1,3"); empty: runs go to any core. parallel defaults to its size.
	CPUSet string `yaml:"cpuset"`
}

// The sandbox modes.
const (
	SandboxAuto     = ""
	SandboxEmbedded = "embedded"
	SandboxRemote   = "remote"
	SandboxOff      = "off"
)

// mode returns the mode in force: an empty one is remote when URLs are
// given, embedded otherwise.
func (c SandboxConfig) mode() string {
	if c.Mode == SandboxAuto {
		if len(c.URL) > 0 {
			return SandboxRemote
		}
		return SandboxEmbedded
	}
	return c.Mode
}

// wanted reports whether the configuration asks for a sandbox, so that a
// server without one is degraded: a mode named, or the default (auto) on a
// host where the embedded sandbox can run (Linux, as root), or with URLs.
func (c SandboxConfig) wanted() bool {
	switch c.Mode {
	case SandboxOff:
		return false
	case SandboxAuto:
		return len(c.URL) > 0 || (runtime.GOOS == "linux" && os.Geteuid() == 0)
	}
	return true
}

// sandboxFix says, in the start log, how to make a sandbox that did not
// start work.
func sandboxFix(mode string, err error) string {
	var u *sandbox.UnavailableError
	switch {
	case mode == SandboxRemote:
		return "start the go-judge servers of sandbox.url (JUDGE_SANDBOX_URL) or correct their addresses, then restart; sandbox.mode: off runs without programs"
	case errors.As(err, &u):
		return "run judged as root on Linux (namespaces and cgroups), or set sandbox.url to a go-judge server (docs/SANDBOX.md); sandbox.mode: off runs without programs"
	}
	return "see docs/SANDBOX.md for what the embedded sandbox needs; sandbox.mode: off runs without programs"
}

// validateSandbox returns what is wrong with the sandbox and languages keys.
func (c Config) validateSandbox() []string {
	var bad []string
	switch c.Sandbox.Mode {
	case SandboxAuto, SandboxEmbedded, SandboxRemote, SandboxOff:
	default:
		bad = append(bad, fmt.Sprintf("sandbox.mode (JUDGE_SANDBOX_MODE): %q is not embedded, remote or off", c.Sandbox.Mode))
	}
	if c.Sandbox.mode() == SandboxRemote && len(c.Sandbox.URL) == 0 {
		bad = append(bad, "sandbox.url (JUDGE_SANDBOX_URL): remote mode needs at least one go-judge URL")
	}
	for _, u := range c.Sandbox.URL {
		if p, err := url.Parse(u); err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
			bad = append(bad, fmt.Sprintf("sandbox.url (JUDGE_SANDBOX_URL): %q is not an http:// or https:// URL", u))
		}
	}
	if c.Sandbox.CacheMiB < 0 {
		bad = append(bad, fmt.Sprintf("sandbox.cache_mib (JUDGE_SANDBOX_CACHE_MIB): %d is negative (0: 1024)", c.Sandbox.CacheMiB))
	}
	if c.Sandbox.CPUShares != 0 && (c.Sandbox.CPUShares < 2 || c.Sandbox.CPUShares > sandbox.DefaultCPUShares) {
		bad = append(bad, fmt.Sprintf("sandbox.cpu_shares (JUDGE_SANDBOX_CPU_SHARES): %d is outside 2..%d (0: %d)", c.Sandbox.CPUShares, sandbox.DefaultCPUShares, sandbox.DefaultCPUShares))
	}
	if _, err := sandbox.ParseCPUs(c.Sandbox.CPUSet); err != nil {
		bad = append(bad, fmt.Sprintf("sandbox.cpuset (JUDGE_SANDBOX_CPUSET): %v", err))
	}
	if c.Sandbox.Parallel < 0 || c.Sandbox.Parallel > 256 {
		bad = append(bad, fmt.Sprintf("sandbox.parallel (JUDGE_SANDBOX_PARALLEL): %d is outside 0..256 (0: one per core)", c.Sandbox.Parallel))
	}
	seen := map[string]bool{}
	for i, l := range c.Languages {
		if err := l.Validate(); err != nil {
			bad = append(bad, fmt.Sprintf("languages[%d]: %v", i, err))
		}
		if seen[l.ID] {
			bad = append(bad, fmt.Sprintf("languages[%d]: id %q is given twice", i, l.ID))
		}
		seen[l.ID] = true
	}
	return bad
}

// sandboxDir returns the folder of what the sandbox keeps across restarts:
// sandbox.dir, or else "sandbox" beside the SQLite database (data/sandbox
// by default, and a test's own folder for a test's database), or
// data/sandbox with PostgreSQL. It is absolute, from the working directory:
// go-judge mounts its parts (the Go build cache) and refuses relative
// paths, which the shipped config.yaml's data/judge.db gives.
func (c Config) sandboxDir() (string, error) {
	dsn := c.Database.DSN
	dir := filepath.Join("data", "sandbox")
	switch {
	case c.Sandbox.Dir != "":
		dir = c.Sandbox.Dir
	case c.Database.Driver == "sqlite" && !strings.HasPrefix(dsn, "file:") && !strings.Contains(dsn, ":memory:"):
		dir = filepath.Join(filepath.Dir(dsn), "sandbox")
	}
	return filepath.Abs(dir)
}

// tablesDir returns the folder where the solvers keep the tables they
// would otherwise build at every start (puzzles.SetTableDir): "tables"
// beside the SQLite database (data/tables by default), or data/tables with
// PostgreSQL, as for the sandbox.
func (c Config) tablesDir() string {
	dsn := c.Database.DSN
	if c.Database.Driver == "sqlite" && !strings.HasPrefix(dsn, "file:") && !strings.Contains(dsn, ":memory:") {
		return filepath.Join(filepath.Dir(dsn), "tables")
	}
	return filepath.Join("data", "tables")
}

// openSandbox starts the sandbox the configuration names. When it cannot
// (sandbox: off, a host without namespaces, a go-judge that does not
// answer) the server still starts: the runner is nil and the reason, which
// program submissions and /healthz then give, says why.
func openSandbox(ctx context.Context, cfg Config, logger *slog.Logger) (sandbox.Runner, string) {
	common := sandbox.Config{Languages: cfg.Languages, Parallel: cfg.Sandbox.Parallel, CacheDirMiB: cfg.Sandbox.CacheMiB}
	dir, err := cfg.sandboxDir()
	if err != nil {
		logger.Error("the sandbox did not start: its folder has no absolute path; program submissions are refused", "err", err)
		return nil, "the sandbox did not start: " + err.Error()
	}
	common.CacheDir = filepath.Join(dir, "artifacts")
	var r sandbox.Runner
	switch mode := cfg.Sandbox.mode(); mode {
	case SandboxOff:
		logger.Info("sandbox off: program submissions are refused", "key", "sandbox.mode")
		return nil, "the sandbox is off in this server's configuration (sandbox.mode: off)"
	case SandboxRemote:
		r, err = sandbox.NewRemote(ctx, sandbox.RemoteConfig{Config: common, URLs: cfg.Sandbox.URL})
	default:
		cpus, _ := sandbox.ParseCPUs(cfg.Sandbox.CPUSet) // validated
		r, err = sandbox.NewEmbedded(ctx, sandbox.EmbeddedConfig{Config: common, Dir: dir, CPUShares: cfg.Sandbox.CPUShares, CPUs: cpus})
	}
	if err != nil {
		// One line: what does not work, why, and how to fix it.
		level := slog.LevelWarn
		if cfg.Sandbox.wanted() {
			level = slog.LevelError // /healthz says degraded
		}
		logger.Log(ctx, level, "programs are not judged: the sandbox did not start", "mode", cfg.Sandbox.mode(), "reason", err, "fix", sandboxFix(cfg.Sandbox.mode(), err))
		return nil, "the sandbox did not start: " + err.Error()
	}
	var ids []string
	for _, l := range r.Languages() {
		ids = append(ids, l.ID+" ("+l.Version+")")
	}
	logger.Info("sandbox started", "mode", cfg.Sandbox.mode(), "languages", ids)
	return r, ""
}
