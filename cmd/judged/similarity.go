package main

import (
	"fmt"
	"log/slog"
	"time"

	"puzzlejudge/judge/service"
	"puzzlejudge/tools/similarity"
)

// SimilarityConfig says where Dolos is and how a similarity report runs
// (issue 36; docs/COURSES.md).
type SimilarityConfig struct {
	// Dir is the folder tools/similarity/install filled; empty means
	// similarity.DefaultDir (the user's cache folder, keyed by the hash of
	// package-lock.json), where install puts it by default.
	Dir string `yaml:"dir"`
	// Node is the Node.js program; empty means node on PATH.
	Node string `yaml:"node"`
	// Timeout bounds one Dolos run (one problem and language of a report),
	// MemoryMiB its heap.
	Timeout   time.Duration `yaml:"timeout"`
	MemoryMiB int           `yaml:"memory_mib"`
	// Auto starts a report on each assignment that closes and each contest
	// that ends.
	Auto bool `yaml:"auto"`
}

// defaultSimilarity is the similarity part of DefaultConfig.
func defaultSimilarity() SimilarityConfig {
	return SimilarityConfig{Timeout: similarity.DefaultTimeout, MemoryMiB: similarity.DefaultMemoryMiB}
}

// validateSimilarity returns what is wrong with the similarity keys.
func (c Config) validateSimilarity() []string {
	var bad []string
	if c.Similarity.Timeout < time.Second {
		bad = append(bad, fmt.Sprintf("similarity.timeout (JUDGE_SIMILARITY_TIMEOUT): must be at least 1s, found %s", c.Similarity.Timeout))
	}
	if m := c.Similarity.MemoryMiB; m < 64 || m > 65536 {
		bad = append(bad, fmt.Sprintf("similarity.memory_mib (JUDGE_SIMILARITY_MEMORY_MIB): %d is outside 64..65536", m))
	}
	return bad
}

// similarityConfig is the service's part: the engine over the configured
// folder, or the default one. A folder that cannot be found is not an
// error of the start: reports then answer 503 and /healthz says why.
func (c Config) similarityConfig(logger *slog.Logger) service.SimilarityConfig {
	dir := c.Similarity.Dir
	if dir == "" {
		var err error
		if dir, err = similarity.DefaultDir(); err != nil {
			logger.Warn("similarity reports", "err", err)
		}
	}
	engine := similarity.Engine{Dir: dir, Node: c.Similarity.Node, Timeout: c.Similarity.Timeout, MemoryMiB: c.Similarity.MemoryMiB}
	if err := engine.Check(); err != nil {
		logger.Warn("similarity reports are unavailable", "reason", err.Error())
	} else {
		logger.Info("similarity reports run Dolos", "dir", dir)
	}
	return service.SimilarityConfig{Engine: engine, Auto: c.Similarity.Auto}
}
