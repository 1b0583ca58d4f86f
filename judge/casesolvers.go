package judge

import "context"

// CaseSolvers is the optional interface of a Puzzle that solves the cases
// of a classic input as its engine parsed them, without their canonical
// texts in between. cmd/solve solves every case once: through ParseCases
// and Solve it formatted each board and parsed it again, which on pc19's
// thousand 14x14 Flood-it boards cost 26-34 ms of CPU in a run of
// 1.1-1.6 s, and the 14-19 ms of formatting came before any case could
// start (with -j 2, about 2.5% of the run's wall clock added to the
// parse's own); docs/PERFORMANCE.md.
type CaseSolvers interface {
	// CaseSolvers parses input as ParseCases does (the same errors) and
	// returns, per case in order, a function that solves it under ctx as
	// Solve solves its canonical text: the same Solution.
	CaseSolvers(input string) ([]func(ctx context.Context) (Solution, error), error)
}
