package service

import (
	"context"
	"sync"
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
			s.scheduleCase(c)
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

// Claims on programs are leases too. A worker claims up to Batch
// submissions at once, and a burst of programs is judged ProgramsAtOnce at
// a time: the last of 64 waits minutes for its turn, and one program alone
// (a compile, then every board up to its wall-clock limit) may outlive any
// claim timeout. So while programs are in hand their leases are renewed
// every renewEvery; without it the sweep of every process found them
// stale, and one program was judged again and again, each claim taking
// the last one's place before it could be written. A claim taken over all
// the same (this process stalled past the timeout, or a rejudge queued it
// again) stops being judged here: its judgement could not be written. A
// process killed meanwhile renews nothing, and its claims are taken over
// once stale, as before.

// heldClaims are the program claims a worker has in hand, each with the
// cancel of its judging.
type heldClaims struct {
	mu     sync.Mutex
	claims map[int64]heldClaim
}

type heldClaim struct {
	claim  judge.Claim
	cancel context.CancelFunc
}

// hold adds a claim, judged under ctx, and returns the context to judge it
// with: cancelled when the claim is lost.
func (h *heldClaims) hold(ctx context.Context, c judge.Claim) context.Context {
	ctx, cancel := context.WithCancel(ctx)
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.claims == nil {
		h.claims = map[int64]heldClaim{}
	}
	h.claims[c.ID] = heldClaim{claim: c, cancel: cancel}
	return ctx
}

// drop removes a claim once it is written or released.
func (h *heldClaims) drop(id int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if c, ok := h.claims[id]; ok {
		c.cancel()
		delete(h.claims, id)
	}
}

func (h *heldClaims) list() []judge.Claim {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]judge.Claim, 0, len(h.claims))
	for _, c := range h.claims {
		out = append(out, c.claim)
	}
	return out
}

// renewClaims renews the leases of the claims held, every renewEvery until
// ctx ends; those no longer current are dropped, their judging cancelled.
// With one process (ClaimTimeout 0) no claim goes stale: nothing to do.
func (s *Service) renewClaims(ctx context.Context, h *heldClaims) {
	if s.cfg.ClaimTimeout == 0 {
		return
	}
	every(ctx, s.renewEvery(), func() bool {
		claims := h.list()
		if len(claims) == 0 {
			return true
		}
		held, err := s.store.Renew(ctx, claims)
		if err != nil {
			if ctx.Err() == nil && judge.ErrorCode(err) != judge.EUNAVAILABLE {
				s.log.Warn("renewing the leases of programs being judged", "err", err, "submissions", len(claims))
			}
			return true
		}
		for _, c := range claims {
			if !held[c.ID] {
				s.log.Info("a program's claim was taken over or queued again; its judging here stops", "submission", c.ID)
				h.drop(c.ID)
			}
		}
		return true
	})
}
