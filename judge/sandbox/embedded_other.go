//go:build !linux

package sandbox

import (
	"context"
	"runtime"
)

// Init must be the first call of main (and of TestMain) in every program
// that embeds the sandbox; off Linux it does nothing.
func Init() {}

// Probe reports why the embedded sandbox cannot run here: it needs Linux.
func Probe() error {
	return &UnavailableError{Reason: "the embedded sandbox needs Linux (namespaces and cgroups); this is " + runtime.GOOS + ": run go-judge on a Linux host and set sandbox.url"}
}

// NewEmbedded returns the *UnavailableError of Probe: off Linux there is no
// embedded sandbox.
func NewEmbedded(ctx context.Context, cfg EmbeddedConfig) (Runner, error) {
	return nil, Probe()
}

// WriteMountConfig returns the error of Probe: the mounts are Linux's.
func WriteMountConfig(path string, extra []Mount) error { return Probe() }
