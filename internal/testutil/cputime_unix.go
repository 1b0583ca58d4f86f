//go:build unix

package testutil

import (
	"syscall"
	"time"
)

// CPUTime returns the user and system CPU time of the process so far. The
// benchmarks report it per operation: on a shared machine it varies less
// than the wall clock, which also counts the waits for a core.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
