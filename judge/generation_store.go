package judge

import (
	"context"
	"time"
)

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

// GenerationStore keeps the generation runs. It is apart from Store, as
// HintStore is, so that the stores and test doubles that predate it still
// build; a service over a store without it cannot generate.
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

func (s *Service) generationStore() (GenerationStore, error) {
	gs, ok := s.store.(GenerationStore)
	if !ok {
		return nil, Errorf(EINTERNAL, "this store keeps no generation runs")
	}
	return gs, nil
}
