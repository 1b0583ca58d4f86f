//go:build unix

package fifteen

import "syscall"

// peakRSS returns the process's peak resident set in bytes (0 when not
// known).
func peakRSS() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Maxrss * 1024 // kilobytes on Linux
}
