//go:build !unix

package testutil

import "time"

// CPUTime returns 0 where the process's CPU time is not read (not unix): the
// benchmarks' CPU figures are then 0.
func CPUTime() time.Duration { return 0 }
