package sandbox

import (
	"context"
	"fmt"
	"runtime"
)

// Config is what both kinds of runner take. Zero fields take defaults.
type Config struct {
	// Languages are the languages to offer, default DefaultLanguages(). At
	// start each one's version command runs in the sandbox: the languages
	// whose command fails there are left out, the others get its Version.
	Languages []Language
	// Parallel bounds the compiles and runs at once; default the CPU count.
	Parallel int
	// CacheSize bounds the compiled artifacts kept in memory; default 256.
	CacheSize int
	// CacheDir, when set, keeps compiled artifacts on disk as well, across
	// restarts and for every process that names the same folder (see
	// diskCache); CacheDirMiB caps it, default 1024.
	CacheDir    string
	CacheDirMiB int
}

func (c Config) withDefaults(ctx context.Context) (Config, error) {
	if c.Parallel <= 0 {
		c.Parallel = runtime.NumCPU()
	}
	if c.CacheSize <= 0 {
		c.CacheSize = 256
	}
	if c.CacheDirMiB <= 0 {
		c.CacheDirMiB = 1024
	}
	if c.Languages == nil {
		c.Languages = DefaultLanguages()
	}
	seen := make(map[string]bool)
	for _, l := range c.Languages {
		if err := l.Validate(); err != nil {
			return c, err
		}
		if seen[l.ID] {
			return c, fmt.Errorf("language %s: listed twice", l.ID)
		}
		seen[l.ID] = true
	}
	return c, nil
}

// Mount shows a host path to every program, read-only.
type Mount struct {
	Source string `yaml:"source"`
	// Target is where programs see it; default Source.
	Target string `yaml:"target,omitempty"`
}
