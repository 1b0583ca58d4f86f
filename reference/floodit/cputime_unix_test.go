//go:build unix

package floodit

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time the process has used; on a shared machine
// it is a steadier measure of the solver's work than the wall clock.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
