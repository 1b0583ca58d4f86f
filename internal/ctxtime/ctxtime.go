// Package ctxtime holds the waits that end with a context: the sandbox's
// pause before a starved run's next try and the workers' pauses between
// claims share them.
package ctxtime

import (
	"context"
	"time"
)

// Sleep waits for d or until ctx ends; it reports whether it waited d.
func Sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
