package service

import (
	"context"
	"time"

	"puzzlejudge/judge"
)

// No verdict before its reference: a submission that needs a board whose
// reference answer is still being solved is not judged (it would read
// judge_error, then another verdict once the solve ends). It goes back to
// pending, saying how many boards it waits for, and the store leaves it
// out of the claims until a solve of its problem ends (finishCase), when
// it is claimed and looked at again. Its first verdict is then its verdict.

// waitsFor returns the cases sub needs that are still solving: the cases
// an answer answered, every board of a program, the board of moves whose
// verdict needs the optimum (where the puzzle judges moves without it, as
// an illegal move may be, they are judged at once).
func waitsFor(sub judge.Submission, d *problemData) (ids []int64) {
	defer func() {
		if recover() != nil {
			ids = nil // judgeOne says the engine's failure
		}
	}()
	switch sub.Kind {
	case judge.KindAnswer:
		for _, c := range answeredCases(sub, d) {
			if !c.Deleted && c.Status == judge.CaseSolving {
				ids = append(ids, c.ID)
			}
		}
	case judge.KindMoves:
		c, ok := d.byID[sub.CaseID]
		if ok && c.Status == judge.CaseSolving && d.puzzle.CheckMoves(c.Input, nil, sub.Payload).Verdict == judge.JudgeError {
			ids = append(ids, c.ID)
		}
	case judge.KindProgram:
		for _, c := range d.cases {
			if !c.Deleted && c.Status == judge.CaseSolving {
				ids = append(ids, c.ID)
			}
		}
	}
	return ids
}

// wait puts a claim back to pending, waiting for the reference answers of
// cases. When the store refuses, the claim is released instead: judged
// again soon, not lost.
func (s *Service) wait(ctx context.Context, c judge.Claim, cases []int64) {
	if err := s.store.Wait(context.WithoutCancel(ctx), c, len(cases), cases); err != nil {
		if judge.ErrorCode(err) != judge.EUNAVAILABLE {
			s.log.Error("a submission waiting for reference answers", "submission", c.ID, "err", err)
		}
		s.release(ctx, []judge.Claim{c})
	}
}

// unwait lets the waiting submissions of a problem be claimed again (0:
// those of every problem with no case solving), and wakes a worker.
func (s *Service) unwait(ctx context.Context, problem int64) {
	n, err := s.store.Unwait(context.WithoutCancel(ctx), problem)
	if err != nil && judge.ErrorCode(err) != judge.EUNAVAILABLE && ctx.Err() == nil {
		s.log.Error("judging the submissions that waited for reference answers", "problem", problem, "err", err)
	}
	if n > 0 {
		s.notify()
	}
}

// waitSweep is how often unwaitAll runs: the net under a solve of another
// process whose Unwait came between a worker's read of the cases and its
// Wait.
const waitSweep = 5 * time.Second

// unwaitAll runs unwait(0) every waitSweep until ctx ends.
func (s *Service) unwaitAll(ctx context.Context) {
	every(ctx, waitSweep, func() bool {
		s.unwait(ctx, 0)
		return true
	})
}

// Solving counts the cases whose reference answer is being solved, for
// /healthz.
func (s *Service) Solving(ctx context.Context) (int, error) {
	cases, err := s.store.CasesByStatus(ctx, judge.CaseSolving)
	return len(cases), err
}
