package service

import (
	"context"
	"errors"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// ProblemHints reports whether hints are on for a problem.
func (s *Service) ProblemHints(ctx context.Context, slug string) (bool, error) {
	p, err := s.store.ProblemBySlug(ctx, slug)
	if err != nil {
		return false, err
	}
	return s.store.ProblemHints(ctx, p.ID)
}

// SetProblemHints turns a problem's hints on or off; instructors only.
func (s *Service) SetProblemHints(ctx context.Context, v judge.User, slug string, on bool) error {
	if err := judge.Allow(v, judge.CanSetHints(v), "only instructors may change a problem's hints"); err != nil {
		return err
	}
	p, err := s.store.ProblemBySlug(ctx, slug)
	if err != nil {
		return err
	}
	return s.store.SetProblemHints(ctx, p.ID, on)
}

// Hint returns the next move of an optimal continuation from the position
// that moves reach on a sample case, and counts it against v. The solve is
// bounded by HintTimeout.
func (s *Service) Hint(ctx context.Context, v judge.User, slug string, caseID int64, moves string) (string, error) {
	if err := judge.Allow(v, judge.CanAskHints(v), ""); err != nil {
		return "", err
	}
	p, err := s.store.ProblemBySlug(ctx, slug)
	if err != nil {
		return "", err
	}
	if !p.VisibleTo(v) { // a draft or an archived problem, to a student
		return "", notFound(slug)
	}
	_, c, err := s.caseOf(ctx, slug, caseID)
	if err != nil {
		return "", err
	}
	on, err := s.store.ProblemHints(ctx, p.ID)
	if err != nil {
		return "", err
	}
	if !on {
		return "", judge.Errort(judge.EFORBIDDEN, "hints_off", "hints are off for problem {Slug}", "Slug", slug)
	}
	if err := judge.Allow(v, judge.CanHint(v, c), "hints are given on sample boards only"); err != nil {
		return "", err
	}
	pz, err := puzzles.Lookup(p.Puzzle)
	if err != nil {
		return "", err
	}
	h, ok := pz.(judge.Hinter)
	if !ok {
		return "", judge.Errort(judge.EINVALID, "hints_none", "puzzle {Puzzle} gives no hints", "Puzzle", p.Puzzle)
	}
	if moves, err = puzzleText(fieldMoveText, moves, judge.MaxReplayMoveBytes); err != nil {
		return "", err
	}
	// A hint is a reference solve: it takes a solver of the pool as a
	// check does, one at a time per user (3 students with 30 hints each
	// at once ran 90 solves, 370 MB, and held other students' checks).
	release, err := s.slots.acquire(ctx, slotClaim{user: v.ID, privileged: v.IsInstructor()}, s.cfg.CheckWait)
	if err != nil {
		return "", err
	}
	defer release()
	if err := judge.Prepare(ctx, pz, c.Input); err != nil {
		return "", err
	}
	hctx, cancel := context.WithTimeout(ctx, judge.HintTimeout)
	defer cancel()
	move, err := h.Hint(hctx, c.Input, moves)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return "", judge.Errort(judge.EUNAVAILABLE, "hint_timeout", "no hint could be found in {Timeout}; try again after a few more moves", "Timeout", judge.HintTimeout)
	case err != nil:
		return "", err
	}
	if err := s.store.AddHint(ctx, v.ID, p.ID, c.ID); err != nil {
		return "", err
	}
	return move, nil
}

// HintCount returns how many hints a user was given on a problem: the user
// themself or an instructor may ask.
func (s *Service) HintCount(ctx context.Context, v judge.User, userID int64, slug string) (int, error) {
	if err := judge.Allow(v, judge.CanReadHintCount(v, userID), ""); err != nil {
		return 0, err
	}
	p, err := s.store.ProblemBySlug(ctx, slug)
	if err != nil {
		return 0, err
	}
	return s.store.HintCount(ctx, userID, p.ID)
}
