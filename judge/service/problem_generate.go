package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// generations holds the runs this process runs; the runs themselves are
// in the database (GenerationStore), where any process starts one and a
// process that runs workers claims it (generation_store.go).
type generations struct {
	mu sync.Mutex
	// local cancels each run this process runs, by id.
	local  map[int64]context.CancelCauseFunc
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	// wake tells this process's claim loop that a run was started here.
	wake chan struct{}
}

// init makes the table; the caller holds mu.
func (g *generations) init() {
	if g.local == nil {
		g.local = map[int64]context.CancelCauseFunc{}
		g.ctx, g.cancel = context.WithCancel(context.Background())
		g.wake = make(chan struct{}, 1)
	}
}

// stop cancels the runs and waits for them; their leases are given up, so
// that another process, or this one restarted, resumes them.
func (g *generations) stop() {
	g.mu.Lock()
	g.init()
	cancel := g.cancel
	g.mu.Unlock()
	cancel()
	g.wg.Wait()
}

// wakeUp tells the claim loop to look for runs now.
func (g *generations) wakeUp() {
	g.mu.Lock()
	g.init()
	wake := g.wake
	g.mu.Unlock()
	select {
	case wake <- struct{}{}:
	default:
	}
}

// Generate starts drawing candidate boards for a problem from spec.Seed,
// solving them in the background and adding the kept ones as ready cases,
// in candidate order. The k-th kept board depends only on the seed, the
// params and the filter: candidate k is drawn from its own generator seeded
// with (seed, k), candidates are solved in any order, and they are kept in
// candidate order. It stores the run and returns it at once; a process
// that runs workers (this one, unless it only serves the web) claims it and
// runs it; Generation reads it later.
func (s *Service) Generate(ctx context.Context, viewer judge.User, slug string, spec judge.GenerateSpec) (judge.Generation, error) {
	p, err := s.authored(ctx, viewer, slug)
	if err != nil {
		return judge.Generation{}, err
	}
	if _, err := s.generator(p, &spec); err != nil {
		return judge.Generation{}, err
	}
	cases, err := s.store.Cases(ctx, p.ID)
	if err != nil {
		return judge.Generation{}, err
	}
	if len(cases)+spec.Count > judge.MaxCases {
		return judge.Generation{}, judge.Errorf(judge.EINVALID, "count: the problem has %s and may have at most %d", judge.Plural(len(cases), "case"), judge.MaxCases)
	}
	data, err := json.Marshal(spec)
	if err != nil {
		return judge.Generation{}, err
	}
	g := judge.Generation{ProblemSlug: slug, Status: judge.GenRunning, Wanted: spec.Count, Started: time.Now()}
	if g.ID, err = s.store.CreateGeneration(ctx, judge.GenerationRun{Generation: g, ProblemID: p.ID, Spec: string(data)}); err != nil {
		return judge.Generation{}, err
	}
	s.gens.wakeUp()
	return g, nil
}

// generator checks spec against the problem's puzzle, fills its defaults
// and returns the function that draws a candidate.
func (s *Service) generator(p judge.Problem, spec *judge.GenerateSpec) (func(*rand.Rand) (string, bool), error) {
	pz, err := puzzles.Lookup(p.Puzzle)
	if err != nil {
		return nil, err
	}
	gen, ok := pz.(judge.Generator)
	if !ok {
		return nil, judge.Errorf(judge.EINVALID, "puzzle %s has no board generator", p.Puzzle)
	}
	if err := checkGenerateSpec(spec, gen.GenerateBy(), p.Puzzle); err != nil {
		return nil, err
	}
	return gen.Candidates(spec.Params, spec.Solvable, p.Limits)
}

// Generation returns a generation run of the problem.
func (s *Service) Generation(ctx context.Context, viewer judge.User, slug string, id int64) (judge.Generation, error) {
	if err := judge.Allow(viewer, judge.CanAuthor(viewer), authorsOnly); err != nil {
		return judge.Generation{}, err
	}
	r, err := s.store.GenerationRun(ctx, id)
	if err != nil || r.ProblemSlug != slug {
		if err == nil || judge.ErrorCode(err) == judge.ENOTFOUND {
			err = judge.Errorf(judge.ENOTFOUND, "generation %d not found", id)
		}
		return judge.Generation{}, err
	}
	return r.Generation, nil
}

// errCancelled is the cause of a run an instructor stopped; errLeaseLost
// that of a run another process took over.
var (
	errCancelled = errors.New("cancelled by an instructor")
	errLeaseLost = errors.New("the lease was taken over")
)

// CancelGeneration stops a run, in whichever process runs it; the boards
// kept so far stay. Cancelling a run that has ended changes nothing.
func (s *Service) CancelGeneration(ctx context.Context, viewer judge.User, slug string, id int64) (judge.Generation, error) {
	g, err := s.Generation(ctx, viewer, slug, id)
	if err != nil {
		return judge.Generation{}, err
	}
	if g.Status != judge.GenRunning {
		return g, nil
	}
	if err := s.store.CancelGeneration(ctx, id); err != nil {
		return judge.Generation{}, err
	}
	s.gens.mu.Lock()
	stop := s.gens.local[id]
	s.gens.mu.Unlock()
	if stop != nil {
		stop(errCancelled) // run here: at once, not at the next renewal
	}
	return g, nil
}

// genLease is how long a claim on a run holds without a renewal: with
// several processes, the claim timeout that tells a dead process from a
// slow one; renewEvery is how often the owner renews it (and looks for an
// instructor's cancel).
func (s *Service) genLease() time.Duration { return s.cfg.ClaimTimeout }

func (s *Service) renewEvery() time.Duration {
	if s.cfg.ClaimTimeout == 0 {
		return time.Second
	}
	return min(max(s.cfg.ClaimTimeout/4, 10*time.Millisecond), time.Second)
}

// claimGenerations claims the runs no live process holds and runs them, at
// once when this process stored one and every casePollEvery, until ctx
// ends. With one process (ClaimTimeout 0) every lease is stale, as every
// claim on a submission is: one in the database can only be a dead run's.
func (s *Service) claimGenerations(ctx context.Context) {
	s.gens.mu.Lock()
	s.gens.init()
	wake := s.gens.wake
	s.gens.mu.Unlock()
	t := time.NewTicker(s.casePollEvery())
	defer t.Stop()
	for {
		ids, err := s.store.RunningGenerations(ctx)
		if err != nil && ctx.Err() == nil && judge.ErrorCode(err) != judge.EUNAVAILABLE {
			s.log.Error("looking for generation runs", "err", err)
		}
		for _, id := range ids {
			s.gens.mu.Lock()
			mine := s.gens.local[id] != nil
			s.gens.mu.Unlock()
			if mine {
				continue
			}
			staleBefore := time.Now().Add(-s.genLease())
			if s.cfg.ClaimTimeout == 0 {
				staleBefore = time.Now().Add(time.Hour)
			}
			token, ok, err := s.store.ClaimGeneration(ctx, id, staleBefore)
			if err != nil || !ok {
				continue
			}
			s.startRun(s.store, id, token)
		}
		select {
		case <-ctx.Done():
			return
		case <-wake:
		case <-t.C:
		}
	}
}

// startRun runs the claimed run id in the background.
func (s *Service) startRun(gs judge.GenerationStore, id, token int64) {
	ctx := context.Background()
	rec, err := gs.GenerationRun(ctx, id)
	if err != nil {
		s.log.Error("reading a claimed generation run", "generation", id, "err", err)
		_ = gs.ReleaseGeneration(ctx, id, token)
		return
	}
	run := &generation{s: s, gs: gs, rec: rec, token: token, tries: rec.Tries}
	var spec judge.GenerateSpec
	err = json.Unmarshal([]byte(rec.Spec), &spec)
	if err == nil {
		run.spec = spec
		run.p, err = s.store.ProblemByID(ctx, rec.ProblemID)
	}
	if err == nil {
		run.pz, err = puzzles.Lookup(run.p.Puzzle)
	}
	if err == nil {
		run.draw, err = s.generator(run.p, &run.spec)
	}
	if err != nil {
		report := fmt.Sprintf("kept %d of %d wanted: the run cannot go on: %s", rec.Kept, rec.Wanted, judge.ErrorMessage(err))
		if err := gs.FinishGeneration(ctx, id, token, judge.GenStopped, report, rec.Tries, time.Now()); err != nil {
			s.log.Error("ending a generation run", "generation", id, "err", err)
		}
		return
	}
	s.gens.mu.Lock()
	s.gens.init()
	if s.gens.ctx.Err() != nil { // closing
		s.gens.mu.Unlock()
		_ = gs.ReleaseGeneration(ctx, id, token)
		return
	}
	runCtx, stop := context.WithCancelCause(s.gens.ctx)
	if rec.Cancel {
		stop(errCancelled) // cancelled before any process claimed it
	}
	s.gens.local[id] = stop
	s.gens.wg.Go(func() {
		defer func() {
			stop(nil)
			s.gens.mu.Lock()
			delete(s.gens.local, id)
			s.gens.mu.Unlock()
		}()
		if rec.Tries > 0 || rec.Kept > 0 {
			s.log.Info("generation resumed", "generation", id, "problem", rec.ProblemSlug, "tries", rec.Tries, "kept", rec.Kept)
		}
		run.run(runCtx, stop)
	})
	s.gens.mu.Unlock()
}

// checkGenerateSpec validates a request and fills its defaults.
func checkGenerateSpec(spec *judge.GenerateSpec, by, puzzle string) error {
	switch {
	case spec.Count < 1 || spec.Count > judge.MaxGenerateCount:
		return judge.Errorf(judge.EINVALID, "count: %d is outside 1..%d", spec.Count, judge.MaxGenerateCount)
	case by != judge.GenerateByRange && (spec.MinOptimal != nil || spec.MaxOptimal != nil):
		return judge.Errorf(judge.EINVALID, "min_optimal: puzzle %s takes \"solvable\" instead of a range of optima", puzzle)
	case by != judge.GenerateBySolvable && spec.Solvable != nil:
		return judge.Errorf(judge.EINVALID, "solvable: puzzle %s takes a range of optima (min_optimal, max_optimal) instead", puzzle)
	case spec.MinOptimal != nil && *spec.MinOptimal < 0:
		return judge.Errorf(judge.EINVALID, "min_optimal: must not be negative")
	case spec.MinOptimal != nil && spec.MaxOptimal != nil && *spec.MinOptimal > *spec.MaxOptimal:
		return judge.Errorf(judge.EINVALID, "max_optimal: %d is below min_optimal %d", *spec.MaxOptimal, *spec.MinOptimal)
	case spec.MaxTries < 0 || spec.MaxTries > judge.MaxGenerateTries:
		return judge.Errorf(judge.EINVALID, "max_tries: %d is outside 1..%d", spec.MaxTries, judge.MaxGenerateTries)
	case spec.TimeLimit < 0 || spec.TimeLimit > judge.MaxGenTime:
		return judge.Errorf(judge.EINVALID, "max_seconds: at most %d", int(judge.MaxGenTime/time.Second))
	}
	if spec.MaxTries == 0 {
		spec.MaxTries = min(max(100*spec.Count, 400), judge.MaxGenerateTries)
	}
	if spec.TimeLimit == 0 {
		spec.TimeLimit = judge.DefaultGenTime
	}
	return nil
}

// generation is one run in progress, under the claim token.
type generation struct {
	s     *Service
	gs    judge.GenerationStore
	rec   judge.GenerationRun
	token int64
	p     judge.Problem
	pz    judge.Puzzle
	draw  func(*rand.Rand) (string, bool)
	spec  judge.GenerateSpec
	// mu orders the writes of the run's progress: a renewal never writes
	// a count of candidates decided older than a kept board's.
	mu    sync.Mutex
	tries int // candidates decided, for the renewals; under mu
}

// outcome is a solved (or failed) candidate.
type outcome struct {
	k     int
	input string
	drawn bool
	sol   judge.Solution
	err   error
}

// candidate draws and solves candidate k.
func (r *generation) candidate(ctx context.Context, k int) outcome {
	input, ok := r.draw(rand.New(rand.NewPCG(r.spec.Seed, uint64(k))))
	if !ok {
		return outcome{k: k}
	}
	if err := r.pz.CheckLimits(input, r.p.Limits); err != nil {
		return outcome{k: k, err: err}
	}
	sol, err := r.s.solve(ctx, r.pz, input, nil)
	return outcome{k: k, input: input, drawn: true, sol: sol, err: err}
}

// run hands candidates to the workers and decides them (decideAll), then
// records how the run ended (end). stop ends parent with a cause.
func (r *generation) run(parent context.Context, stop context.CancelCauseFunc) {
	ctx, cancel := context.WithTimeout(parent, r.spec.TimeLimit)
	defer cancel()
	renewed := make(chan struct{})
	go func() {
		defer close(renewed)
		r.renew(ctx, stop)
	}()
	t := r.decideAll(ctx, parent, cancel)
	timedOut := ctx.Err() != nil // the time limit, or parent
	cancel()
	<-renewed
	r.end(parent, t, timedOut)
}

// tally is where a run's decisions stopped.
type tally struct {
	decided, kept int
	report        string // why the run failed, if it did
	lost          bool   // another process holds the run now
}

// decideAll hands candidates to the workers, at most one per worker ahead,
// and decides them in candidate order as their solves come back, from the
// candidates the run had decided before (a run taken over resumes). Kept
// boards are stored under parent; cancel ends the solves no longer needed.
func (r *generation) decideAll(ctx, parent context.Context, cancel context.CancelFunc) tally {
	workers := max(1, r.s.cfg.GenerateWorkers)
	todo := make(chan int)
	done := make(chan outcome)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for k := range todo {
				done <- r.candidate(ctx, k)
			}
		})
	}
	pending := map[int]outcome{}
	t := tally{decided: r.rec.Tries, kept: r.rec.Kept}
	next, inflight := t.decided, 0
	stopping := false
	for {
		for !stopping && inflight < workers && next < r.spec.MaxTries && ctx.Err() == nil && t.kept < r.spec.Count {
			todo <- next
			next++
			inflight++
		}
		if inflight == 0 {
			break
		}
		o := <-done
		inflight--
		pending[o.k] = o
		for !stopping {
			o, ok := pending[t.decided]
			if !ok {
				break
			}
			delete(pending, t.decided)
			if o.err != nil {
				stopping = true
				if ctx.Err() == nil {
					t.report = fmt.Sprintf("candidate %d: %s", t.decided+1, judge.ErrorMessage(o.err))
					if judge.ErrorCode(o.err) == judge.EINTERNAL {
						t.report = fmt.Sprintf("candidate %d: %v", t.decided+1, o.err)
					}
				}
				break
			}
			t.decided++
			r.mu.Lock()
			if o.drawn && r.spec.Keeps(o.sol) {
				if err := r.keep(parent, o, t.kept+1, t.decided); err != nil {
					r.mu.Unlock()
					stopping = true
					if judge.ErrorCode(err) == judge.ECONFLICT {
						t.lost = true
						break
					}
					t.report = "storing a board failed"
					r.s.log.Error("storing a generated board", "problem", r.p.Slug, "err", err)
					break
				}
				t.kept++
			}
			r.tries = t.decided
			r.mu.Unlock()
			if t.kept == r.spec.Count {
				stopping = true
				cancel() // the candidates still solving are not needed
			}
		}
	}
	close(todo)
	wg.Wait()
	return t
}

// end records how the run ended: nothing when another process holds it,
// the lease given up when this process is closing (the run goes on
// elsewhere, or here after a restart, from what it decided), else the
// run's status and report.
func (r *generation) end(parent context.Context, t tally, timedOut bool) {
	bg := context.Background()
	switch cause := context.Cause(parent); {
	case t.lost || errors.Is(cause, errLeaseLost):
		r.s.log.Warn("generation run taken over by another process", "generation", r.rec.ID, "problem", r.p.Slug)
		return
	case t.kept < r.spec.Count && t.report == "" && parent.Err() != nil && !errors.Is(cause, errCancelled):
		if err := r.gs.ReleaseGeneration(bg, r.rec.ID, r.token); err != nil {
			r.s.log.Warn("giving up the lease of a generation run", "generation", r.rec.ID, "err", err)
		}
		return
	}
	elapsed := fmt.Sprintf("%.1f s", time.Since(r.rec.Started).Seconds())
	status, report := judge.GenDone, fmt.Sprintf("kept %d of %d wanted after %d tries in %s", t.kept, r.spec.Count, t.decided, elapsed)
	if t.kept < r.spec.Count {
		status = judge.GenStopped
		why := t.report
		switch {
		case why != "":
		case errors.Is(context.Cause(parent), errCancelled):
			why = errCancelled.Error()
		case timedOut:
			why = fmt.Sprintf("the time limit of %.0f s ran out", r.spec.TimeLimit.Seconds())
		default:
			why = fmt.Sprintf("the limit of %d tries was reached", r.spec.MaxTries)
		}
		report += ": " + why
	}
	// Boards added change no earlier answer (it answered the boards it
	// recorded); the answers made while they were solving are rejudged when
	// their solves end (finishCase).
	if err := r.gs.FinishGeneration(bg, r.rec.ID, r.token, status, report, t.decided, time.Now()); err != nil {
		r.s.log.Warn("ending a generation run", "generation", r.rec.ID, "err", err)
		return
	}
	r.s.log.Info("generation finished", "problem", r.p.Slug, "report", report)
}

// renew renews the run's lease every renewEvery until ctx ends, recording
// the candidates decided; it stops the run when an instructor cancelled it
// (through any process) or another process holds the lease.
func (r *generation) renew(ctx context.Context, stop context.CancelCauseFunc) {
	every(ctx, r.s.renewEvery(), func() bool {
		r.mu.Lock()
		cancel, err := r.gs.RenewGeneration(ctx, r.rec.ID, r.token, r.tries)
		r.mu.Unlock()
		switch {
		case judge.ErrorCode(err) == judge.ECONFLICT:
			stop(errLeaseLost)
			return false
		case err != nil:
			if ctx.Err() == nil {
				r.s.log.Warn("renewing the lease of a generation run", "generation", r.rec.ID, "err", err)
			}
		case cancel:
			stop(errCancelled)
			return false
		}
		return true
	})
}

// keep stores a kept board as a ready case with the solution just found,
// counted in the run with the candidates decided, in one transaction.
func (r *generation) keep(ctx context.Context, o outcome, n, decided int) error {
	ctx = context.WithoutCancel(ctx)
	_, err := r.gs.KeepGenerated(ctx, r.rec.ID, r.token, judge.Case{Name: fmt.Sprintf("gen-s%d-%02d", r.spec.Seed, n), Sample: r.spec.Sample, Input: o.input}, o.sol, decided)
	return err
}
