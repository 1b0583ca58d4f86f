package service

import (
	"context"
	"time"

	"puzzlejudge/judge"
)

// Solves are claimed with leases in the database, as submissions are, so
// that of several processes sharing it exactly one solves a case, and a
// process killed in the middle of a solve has its case taken over once the
// lease has run out.

// solveLease returns how long a claim on a solve holds: the longest a solve
// may run, plus the claim timeout that tells a dead process from a slow one.
func (s *Service) solveLease() time.Duration { return s.cfg.SolveTimeout + s.cfg.ClaimTimeout }

// claimSolve takes the lease on solving case id. With one process
// (ClaimTimeout 0) every lease is stale, as every claim on a submission is:
// a lease in the database can only be a dead run's, and this process keeps
// its own solves apart in s.solving.
func (s *Service) claimSolve(ctx context.Context, id int64) (bool, error) {
	staleBefore := time.Now().Add(-s.solveLease())
	if s.cfg.ClaimTimeout == 0 {
		staleBefore = time.Now().Add(time.Hour)
	}
	return s.store.ClaimCase(ctx, id, staleBefore)
}

// releaseSolve gives up the lease of a solve cut short by Close.
func (s *Service) releaseSolve(id int64) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.store.ReleaseCase(ctx, id); err != nil {
		s.log.Warn("releasing the lease on a case", "case", id, "err", err)
	}
}

// casePollEvery is how often a process that shares its database looks for
// cases to solve: those added through another process (a web process runs
// no solver) and those whose solver died.
func (s *Service) casePollEvery() time.Duration { return max(5*s.cfg.PollInterval, time.Second) }

// pollCases schedules the cases left solving, every casePollEvery, until
// ctx ends; solveCase skips those another process holds.
func (s *Service) pollCases(ctx context.Context) {
	every(ctx, s.casePollEvery(), func() bool {
		cases, err := s.store.CasesByStatus(ctx, judge.CaseSolving)
		if err != nil {
			if ctx.Err() == nil && judge.ErrorCode(err) != judge.EUNAVAILABLE {
				s.log.Error("looking for cases to solve", "err", err)
			}
			return true
		}
		for _, c := range cases {
			s.scheduleSolve(c.ID)
		}
		return true
	})
}

// every calls f every d until ctx ends or f returns false.
func every(ctx context.Context, d time.Duration, f func() bool) {
	t := time.NewTicker(d)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if !f() {
			return
		}
	}
}
