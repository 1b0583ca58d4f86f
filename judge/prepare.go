package judge

import "context"

// Preparer is the optional interface of a Puzzle whose solver needs tables
// shared by all its solves (the 15-puzzle's pattern databases: about 3 s of
// CPU for 4x4, once per process). The service calls Prepare before it
// starts a solve's or a hint's time budget, so that the budget measures the
// search alone: at load 20 the first 4x4 solve spent its whole 20 s
// building the tables and the case failed.
type Preparer interface {
	// Prepare returns when what solving the case c (canonical text) needs
	// is built, or ctx is done.
	Prepare(ctx context.Context, c string) error
}

// Prepare calls pz's Prepare when it has one.
func Prepare(ctx context.Context, pz Puzzle, c string) error {
	if p, ok := pz.(Preparer); ok {
		return p.Prepare(ctx, c)
	}
	return nil
}
