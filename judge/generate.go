package judge

import (
	"context"
	"math/rand/v2"
	"time"
)

// Bounds of one generation request.
const (
	MaxGenerateCount = 200
	MaxGenerateTries = 100_000
	DefaultGenTime   = 60 * time.Second
	MaxGenTime       = 10 * time.Minute
)

// Generator is implemented by the adapters that can draw random boards for
// the board generator. The service asserts it at run time, so a puzzle
// without one simply cannot generate.
type Generator interface {
	// Candidates checks params (named "params.<key>" in errors) against
	// the puzzle and the problem's limits, and returns a function that
	// draws one candidate board, in canonical form, from rng. The function
	// returns ok false when a draw fails; the candidate is then a try that
	// is not kept. solvable is the request's "solvable", nil when absent.
	Candidates(params map[string]int, solvable *bool, l Limits) (func(rng *rand.Rand) (c string, ok bool), error)
	// GenerateBy says what the request may ask of a kept board: an optimum
	// in a range (GenerateByRange) or whether it has a solution
	// (GenerateBySolvable).
	GenerateBy() string
	// GenerateParams names the params Candidates takes, for forms.
	GenerateParams() []string
}

// What a generation request may filter the candidates by.
const (
	GenerateByRange    = "range"
	GenerateBySolvable = "solvable"
)

// GenerateSpec is a request for generated boards.
type GenerateSpec struct {
	Count  int
	Params map[string]int
	// MinOptimal and MaxOptimal bound the optimum of a kept board (nil:
	// no bound); Solvable says whether a kept board has a solution.
	MinOptimal, MaxOptimal *int
	Solvable               *bool
	Seed                   uint64
	// Sample marks the kept boards as samples.
	Sample bool
	// MaxTries bounds the candidates drawn (default 100 per board wanted,
	// at least 400); TimeLimit bounds the whole run (default 60 s).
	MaxTries  int
	TimeLimit time.Duration
}

// Generation statuses.
const (
	GenRunning = "running"
	GenDone    = "done"    // every board wanted was kept
	GenStopped = "stopped" // stopped early: see Report
)

// Generation is the state of a generation run, as the API shows it.
type Generation struct {
	ID          int64
	ProblemSlug string
	Status      string
	Wanted      int
	Kept        int
	// Tries is the number of candidates decided, in candidate order.
	Tries    int
	Report   string
	CaseIDs  []int64
	Started  time.Time
	Finished time.Time
}

// keeps reports whether a solved candidate passes the request's filter.
func (spec GenerateSpec) Keeps(sol Solution) bool {
	switch {
	case spec.Solvable != nil:
		return sol.Solvable == *spec.Solvable
	case !sol.Solvable:
		return false
	case spec.MinOptimal != nil && sol.Optimal < *spec.MinOptimal:
		return false
	case spec.MaxOptimal != nil && sol.Optimal > *spec.MaxOptimal:
		return false
	}
	return true
}

// Generation runs are kept in the database, as submissions and solves are,
// so that any process may start one, a worker process runs it under a lease,
// and a run whose process died is taken over once the lease has run out:
// the new owner resumes from the candidates the run had decided, and the
// boards it keeps are written in one transaction with the run's progress, so
// that no board is kept twice.

// GenerationRun is a generation run as stored: what the API shows, the
// request it runs (Spec, JSON) and whether an instructor asked to stop it.
type GenerationRun struct {
	Generation
	ProblemID int64
	Spec      string
	Cancel    bool
}

// GenerationStore keeps the generation runs (a part of Store).
type GenerationStore interface {
	// CreateGeneration stores a new run, running and unclaimed, and
	// returns its id; ECONFLICT when the problem has a run still running.
	CreateGeneration(ctx context.Context, r GenerationRun) (int64, error)
	// GenerationRun returns a run; ENOTFOUND when there is none.
	GenerationRun(ctx context.Context, id int64) (GenerationRun, error)
	// RunningGenerations returns the ids of the runs still running.
	RunningGenerations(ctx context.Context) ([]int64, error)
	// ClaimGeneration takes the lease on a running run that no one holds
	// with a lease taken or renewed at or after staleBefore, and returns
	// the claim's token (ok false: someone else holds it, or it ended).
	ClaimGeneration(ctx context.Context, id int64, staleBefore time.Time) (token int64, ok bool, err error)
	// RenewGeneration renews the lease of claim token and records the
	// candidates decided; it reports whether an instructor asked to
	// stop the run. ECONFLICT when the claim is no longer current.
	RenewGeneration(ctx context.Context, id, token int64, tries int) (cancel bool, err error)
	// KeepGenerated adds c (Name, Sample, Input) to the run's problem as
	// a ready case with its solution, and counts it kept with the
	// candidates decided, in one transaction, provided claim token is
	// still current (ECONFLICT when not: nothing is written).
	KeepGenerated(ctx context.Context, id, token int64, c Case, sol Solution, tries int) (Case, error)
	// FinishGeneration ends the run with claim token: its status, report
	// and candidates decided. ECONFLICT when the claim is not current.
	FinishGeneration(ctx context.Context, id, token int64, status, report string, tries int, finished time.Time) error
	// ReleaseGeneration gives up the lease of claim token, so that another
	// process (or this one, restarted) resumes the run at once.
	ReleaseGeneration(ctx context.Context, id, token int64) error
	// CancelGeneration asks the owner of a running run to stop it.
	CancelGeneration(ctx context.Context, id int64) error
}
