package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
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
// data/sandbox with PostgreSQL.
func (c Config) sandboxDir() string {
	dsn := c.Database.DSN
	switch {
	case c.Sandbox.Dir != "":
		return c.Sandbox.Dir
	case c.Database.Driver == "sqlite" && !strings.HasPrefix(dsn, "file:") && !strings.Contains(dsn, ":memory:"):
		return filepath.Join(filepath.Dir(dsn), "sandbox")
	}
	return filepath.Join("data", "sandbox")
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
	dir := cfg.sandboxDir()
	common.CacheDir = filepath.Join(dir, "artifacts")
	var (
		r   sandbox.Runner
		err error
	)
	switch mode := cfg.Sandbox.mode(); mode {
	case SandboxOff:
		logger.Info("sandbox off: program submissions are refused", "key", "sandbox.mode")
		return nil, "the sandbox is off in this server's configuration (sandbox.mode: off)"
	case SandboxRemote:
		r, err = sandbox.NewRemote(ctx, sandbox.RemoteConfig{Config: common, URLs: cfg.Sandbox.URL})
	default:
		r, err = sandbox.NewEmbedded(ctx, sandbox.EmbeddedConfig{Config: common, Dir: dir})
	}
	if err != nil {
		var u *sandbox.UnavailableError
		if !errors.As(err, &u) {
			logger.Error("the sandbox did not start; program submissions are refused", "mode", cfg.Sandbox.mode(), "err", err)
		} else {
			logger.Warn("the sandbox is unavailable; program submissions are refused", "mode", cfg.Sandbox.mode(), "reason", err)
		}
		return nil, "the sandbox did not start: " + err.Error()
	}
	var ids []string
	for _, l := range r.Languages() {
		ids = append(ids, l.ID+" ("+l.Version+")")
	}
	logger.Info("sandbox started", "mode", cfg.Sandbox.mode(), "languages", ids)
	return r, ""
}
