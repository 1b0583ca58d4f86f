package service

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// scheduleSolve queues a case for the reference solver, once.
func (s *Service) scheduleSolve(id int64) {
	s.mu.Lock()
	if !s.solving[id] {
		s.solving[id] = true
		s.solveQueue = append(s.solveQueue, id)
	} else {
		// Queued or in flight: a solve that has already stored its outcome
		// and not yet left solving[] would drop this request (the case
		// then stayed solving for good: TestSyncProblem timed out once).
		s.solveAgain[id] = true
	}
	s.mu.Unlock()
	select {
	case s.solveWake <- struct{}{}:
	default:
	}
}

// scheduleCase is scheduleSolve for a case whose size is known: samples,
// then the smallest boards, are solved first, so that the submissions
// that wait for them (most of them, right after a start) are judged soon.
func (s *Service) scheduleCase(c judge.Case) {
	s.mu.Lock()
	s.solveRank[c.ID] = solveRank(c)
	s.mu.Unlock()
	s.scheduleSolve(c.ID)
}

// solveRank orders the solves: samples first, then by the input's size.
func solveRank(c judge.Case) int {
	if c.Sample {
		return 0
	}
	return 1 + len(c.Input)
}

// nextSolve pops the next queued case, if any: the one of least rank
// (scheduleCase), first queued among equals.
func (s *Service) nextSolve() (int64, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.solveQueue) == 0 {
		return 0, false
	}
	best := 0
	for i, id := range s.solveQueue {
		if s.rankOf(id) < s.rankOf(s.solveQueue[best]) {
			best = i
		}
	}
	id := s.solveQueue[best]
	s.solveQueue = append(s.solveQueue[:best], s.solveQueue[best+1:]...)
	delete(s.solveAgain, id) // the solve starting now reads the case as it is
	if len(s.solveQueue) > 0 {
		select { // let another solver take the next one
		case s.solveWake <- struct{}{}:
		default:
		}
	}
	return id, true
}

// rankOf is the rank of a queued case; one scheduled without its case
// (solved again) keeps the rank it had, else comes last. s.mu is held.
func (s *Service) rankOf(id int64) int {
	if r, ok := s.solveRank[id]; ok {
		return r
	}
	return math.MaxInt
}

// recoverCases queues the cases left solving, and those solved by another
// version of their puzzle's solver.
func (s *Service) recoverCases(ctx context.Context) error {
	solving, err := s.store.CasesByStatus(ctx, judge.CaseSolving)
	if err != nil {
		return err
	}
	for _, c := range solving {
		s.scheduleCase(c)
	}
	ready, err := s.store.CasesByStatus(ctx, judge.CaseReady)
	if err != nil {
		return err
	}
	versions := map[int64]string{} // problem -> current solver version
	for _, c := range ready {
		v, ok := versions[c.ProblemID]
		if !ok {
			if p, err := s.store.ProblemByID(ctx, c.ProblemID); err == nil {
				if pz, err := puzzles.Lookup(p.Puzzle); err == nil {
					v = pz.SolverVersion()
				}
			}
			versions[c.ProblemID] = v
		}
		if v != "" && c.Expected.Version != v {
			if err := s.store.MarkSolving(ctx, c.ID); err != nil {
				return err
			}
			s.scheduleCase(c)
		}
	}
	return nil
}

// solveLoop runs queued solves until ctx ends.
func (s *Service) solveLoop(ctx context.Context) {
	for ctx.Err() == nil {
		id, ok := s.nextSolve()
		if !ok {
			select {
			case <-ctx.Done():
			case <-s.solveWake:
			}
			continue
		}
		again := s.solveCase(ctx, id)
		s.mu.Lock()
		delete(s.solving, id)
		if !again && !s.solveAgain[id] {
			delete(s.solveRank, id)
		}
		if s.solveAgain[id] {
			delete(s.solveAgain, id)
			again = true
		}
		s.mu.Unlock()
		if again && ctx.Err() == nil {
			s.scheduleSolve(id)
		}
	}
}

// solveCase solves one case and stores the outcome; it reports whether the
// case changed meanwhile and must be solved again.
func (s *Service) solveCase(ctx context.Context, id int64) (again bool) {
	c, err := s.store.CaseByID(ctx, id)
	if err != nil || c.Status != judge.CaseSolving {
		if err != nil && judge.ErrorCode(err) != judge.ENOTFOUND && ctx.Err() == nil {
			s.log.Error("loading a case to solve", "case", id, "err", err)
		}
		return false
	}
	if ok, err := s.claimSolve(ctx, id); !ok {
		if err != nil && ctx.Err() == nil {
			s.log.Error("claiming a case to solve", "case", id, "err", err)
		}
		return false // another process solves it
	}
	p, err := s.store.ProblemByID(ctx, c.ProblemID)
	if err != nil {
		s.releaseSolve(c.ID) // let whoever looks next try again, not after the lease
		return false
	}
	pz, err := puzzles.Lookup(p.Puzzle)
	if err != nil {
		s.finishCase(ctx, c, judge.CaseFailed, judge.Solution{}, err.Error())
		return false
	}
	release, err := s.slots.acquire(ctx, slotClaim{privileged: true}, 0)
	if err != nil {
		return false // closing: the case stays solving for the next Start
	}
	start := time.Now()
	sol, err := s.solve(ctx, pz, c.Input, s.progress(ctx, c.ID))
	release()
	switch {
	case ctx.Err() != nil:
		s.releaseSolve(c.ID) // closing: the case stays solving, for whoever starts next
		return false
	case err != nil:
		s.log.Warn("reference solver failed", "problem", p.Slug, "case", c.Name, "err", err)
		return s.finishCase(ctx, c, judge.CaseFailed, judge.Solution{}, err.Error())
	}
	if s.cfg.OnSolved != nil {
		s.cfg.OnSolved(pz.Name(), time.Since(start))
	}
	return s.finishCase(ctx, c, judge.CaseReady, sol, "")
}

// solve runs the reference solver under the time budget; it never panics.
func (s *Service) solve(ctx context.Context, pz judge.Puzzle, input string, p judge.Progress) (sol judge.Solution, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the reference solver crashed: %v", r)
		}
	}()
	if err := judge.Prepare(ctx, pz, input); err != nil {
		return judge.Solution{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, s.cfg.SolveTimeout)
	defer cancel()
	sol, err = pz.Solve(ctx, input, p)
	if errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("the reference solver gave up after %s", s.cfg.SolveTimeout)
	}
	return sol, err
}

// finishCase stores a solve's outcome. When the expected answer is new or
// changed, the submissions that hold a result for the case are rejudged;
// once none of the problem's cases is solving, so are those left with a
// judge_error on a case that is ready now. A solve that only confirms the
// expected answer (a new solver version) rejudges nothing else.
func (s *Service) finishCase(ctx context.Context, c judge.Case, status judge.CaseStatus, sol judge.Solution, msg string) (again bool) {
	// A finished solve is recorded even when Close has begun: it may have
	// taken a minute, and these writes take milliseconds.
	ctx = context.WithoutCancel(ctx)
	// The rejudge is queued with the outcome, in one transaction: queued
	// after it, it also took the submissions judged in between, against
	// the new answer already, and rejudged them for nothing.
	var rejudge *judge.Requeue
	if status != judge.CaseReady || !sameSolution(c.Expected, sol) {
		reason := reasonNewAnswer(c)
		if status != judge.CaseReady {
			reason = reasonSolveFailed(c)
		}
		r := judge.Requeue{ProblemID: c.ProblemID, CaseID: c.ID}.Saying(reason)
		rejudge = &r
	}
	err := s.store.FinishCase(ctx, c.ID, c.Input, status, sol, msg, rejudge)
	if judge.ErrorCode(err) == judge.ENOTFOUND {
		now, err := s.store.CaseByID(ctx, c.ID)
		return err == nil && now.Status == judge.CaseSolving // edited meanwhile
	}
	if err != nil {
		s.log.Error("storing a solution", "case", c.ID, "err", err)
		return false
	}
	if rejudge != nil {
		s.notify()
	}
	s.unwait(ctx, c.ProblemID)
	cases, err := s.store.Cases(ctx, c.ProblemID)
	if err != nil {
		s.log.Error("loading cases", "problem", c.ProblemID, "err", err)
		return false
	}
	if !stillSolving(cases) {
		if err := s.requeue(ctx, judge.Requeue{ProblemID: c.ProblemID, OnlyErrors: true}.Saying(reasonReady)); err != nil {
			s.log.Error("rejudging", "problem", c.ProblemID, "err", err)
		}
	}
	return false
}

// sameSolution reports whether a solve gave the expected answer a case had
// before it was solved again; old is empty when it had none (a new case, or
// one whose input changed). The move sequence alone may differ: a Flood-it
// answer is the optimum, and where the moves are the answer (Rotation,
// Mayan) they are in Answer, so no verdict can change (a new Flood-it solver
// that finds other optimal sequences rejudges nothing).
func sameSolution(old, sol judge.Solution) bool {
	return old.Answer != "" && old.Answer == sol.Answer && old.Optimal == sol.Optimal && old.Solvable == sol.Solvable
}

// progress returns a Progress that records the solve's depth and nodes on
// the case, at most once a second.
func (s *Service) progress(ctx context.Context, id int64) judge.Progress {
	var last time.Time
	return func(bound int, nodes int64) {
		if time.Since(last) < time.Second {
			return
		}
		last = time.Now()
		msg := fmt.Sprintf("depth %d, %s nodes", bound, humanCount(nodes))
		if err := s.store.SetCaseProgress(ctx, id, msg); err != nil && ctx.Err() == nil {
			s.log.Warn("recording progress", "case", id, "err", err)
		}
	}
}

func humanCount(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.1fG", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}
