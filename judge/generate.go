package judge

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"sync"
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

// generations holds the runs of this process; they are not kept across a
// restart (the boards kept so far are, as cases).
type generations struct {
	mu   sync.Mutex
	next int64
	byID map[int64]*Generation
	// stops cancels the context of each run still going, by id.
	stops  map[int64]context.CancelFunc
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

func (g *generations) init() {
	if g.byID == nil {
		g.byID = map[int64]*Generation{}
		g.stops = map[int64]context.CancelFunc{}
		g.ctx, g.cancel = context.WithCancel(context.Background())
	}
}

// stop cancels the runs and waits for them.
func (g *generations) stop() {
	g.mu.Lock()
	cancel := g.cancel
	g.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	g.wg.Wait()
}

// Generate starts drawing candidate boards for a problem from spec.Seed,
// solving them in the background and adding the kept ones as ready cases,
// in candidate order. The k-th kept board depends only on the seed, the
// params and the filter: candidate k is drawn from its own generator seeded
// with (seed, k), candidates are solved in any order, and they are kept in
// candidate order. It returns the run at once; Generation reads it later.
func (s *Service) Generate(ctx context.Context, viewer User, slug string, spec GenerateSpec) (Generation, error) {
	if err := mayAuthor(viewer); err != nil {
		return Generation{}, err
	}
	p, err := s.store.ProblemBySlug(ctx, slug)
	if err != nil {
		return Generation{}, err
	}
	pz, err := Lookup(p.Puzzle)
	if err != nil {
		return Generation{}, err
	}
	gen, ok := pz.(Generator)
	if !ok {
		return Generation{}, Errorf(EINVALID, "puzzle %s has no board generator", p.Puzzle)
	}
	if err := checkGenerateSpec(&spec, gen.GenerateBy(), p.Puzzle); err != nil {
		return Generation{}, err
	}
	draw, err := gen.Candidates(spec.Params, spec.Solvable, p.Limits)
	if err != nil {
		return Generation{}, err
	}
	cases, err := s.store.Cases(ctx, p.ID)
	if err != nil {
		return Generation{}, err
	}
	if len(cases)+spec.Count > MaxCases {
		return Generation{}, Errorf(EINVALID, "count: the problem has %d cases and may have at most %d", len(cases), MaxCases)
	}
	s.gens.mu.Lock()
	defer s.gens.mu.Unlock()
	s.gens.init()
	for _, g := range s.gens.byID {
		if g.ProblemSlug == slug && g.Status == GenRunning {
			return Generation{}, Errorf(ECONFLICT, "generation %d is still running for this problem", g.ID)
		}
	}
	s.gens.next++
	g := &Generation{ID: s.gens.next, ProblemSlug: slug, Status: GenRunning, Wanted: spec.Count, Started: time.Now()}
	s.gens.byID[g.ID] = g
	ctx, stop := context.WithCancelCause(s.gens.ctx)
	s.gens.stops[g.ID] = func() { stop(errCancelled) }
	run := generation{s: s, g: g, p: p, pz: pz, draw: draw, spec: spec}
	s.gens.wg.Go(func() {
		defer stop(nil)
		run.run(ctx)
	})
	return *g, nil
}

// Generation returns a generation run of the problem.
func (s *Service) Generation(ctx context.Context, viewer User, slug string, id int64) (Generation, error) {
	if err := mayAuthor(viewer); err != nil {
		return Generation{}, err
	}
	s.gens.mu.Lock()
	defer s.gens.mu.Unlock()
	g, ok := s.gens.byID[id]
	if !ok || g.ProblemSlug != slug {
		return Generation{}, Errorf(ENOTFOUND, "generation %d not found", id)
	}
	out := *g
	out.CaseIDs = slices.Clone(g.CaseIDs)
	return out, nil
}

// errCancelled is the cause of a run an instructor stopped.
var errCancelled = errors.New("cancelled by an instructor")

// CancelGeneration stops a run; the boards kept so far stay. Cancelling a
// run that has ended changes nothing.
func (s *Service) CancelGeneration(ctx context.Context, viewer User, slug string, id int64) (Generation, error) {
	g, err := s.Generation(ctx, viewer, slug, id)
	if err != nil {
		return Generation{}, err
	}
	s.gens.mu.Lock()
	stop := s.gens.stops[id]
	s.gens.mu.Unlock()
	if stop != nil && g.Status == GenRunning {
		stop()
	}
	return g, nil
}

// checkGenerateSpec validates a request and fills its defaults.
func checkGenerateSpec(spec *GenerateSpec, by, puzzle string) error {
	switch {
	case spec.Count < 1 || spec.Count > MaxGenerateCount:
		return Errorf(EINVALID, "count: %d is outside 1..%d", spec.Count, MaxGenerateCount)
	case by != GenerateByRange && (spec.MinOptimal != nil || spec.MaxOptimal != nil):
		return Errorf(EINVALID, "min_optimal: puzzle %s takes \"solvable\" instead of a range of optima", puzzle)
	case by != GenerateBySolvable && spec.Solvable != nil:
		return Errorf(EINVALID, "solvable: puzzle %s takes a range of optima (min_optimal, max_optimal) instead", puzzle)
	case spec.MinOptimal != nil && *spec.MinOptimal < 0:
		return Errorf(EINVALID, "min_optimal: must not be negative")
	case spec.MinOptimal != nil && spec.MaxOptimal != nil && *spec.MinOptimal > *spec.MaxOptimal:
		return Errorf(EINVALID, "max_optimal: %d is below min_optimal %d", *spec.MaxOptimal, *spec.MinOptimal)
	case spec.MaxTries < 0 || spec.MaxTries > MaxGenerateTries:
		return Errorf(EINVALID, "max_tries: %d is outside 1..%d", spec.MaxTries, MaxGenerateTries)
	case spec.TimeLimit < 0 || spec.TimeLimit > MaxGenTime:
		return Errorf(EINVALID, "max_seconds: at most %d", int(MaxGenTime/time.Second))
	}
	if spec.MaxTries == 0 {
		spec.MaxTries = min(max(100*spec.Count, 400), MaxGenerateTries)
	}
	if spec.TimeLimit == 0 {
		spec.TimeLimit = DefaultGenTime
	}
	return nil
}

// keeps reports whether a solved candidate passes the request's filter.
func (spec GenerateSpec) keeps(sol Solution) bool {
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

// generation is one run in progress.
type generation struct {
	s    *Service
	g    *Generation
	p    Problem
	pz   Puzzle
	draw func(*rand.Rand) (string, bool)
	spec GenerateSpec
}

// outcome is a solved (or failed) candidate.
type outcome struct {
	k     int
	input string
	drawn bool
	sol   Solution
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

// run hands candidates to the workers, at most one per worker ahead, and
// decides them in candidate order as their solves come back.
func (r *generation) run(parent context.Context) {
	ctx, cancel := context.WithTimeout(parent, r.spec.TimeLimit)
	defer cancel()
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
	next, decided, inflight, kept := 0, 0, 0, 0
	var report string
	stopping := false
	for {
		for !stopping && inflight < workers && next < r.spec.MaxTries && ctx.Err() == nil {
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
			o, ok := pending[decided]
			if !ok {
				break
			}
			delete(pending, decided)
			if o.err != nil {
				stopping = true
				if ctx.Err() == nil {
					report = fmt.Sprintf("candidate %d: %s", decided+1, ErrorMessage(o.err))
					if ErrorCode(o.err) == EINTERNAL {
						report = fmt.Sprintf("candidate %d: %v", decided+1, o.err)
					}
				}
				break
			}
			decided++
			if o.drawn && r.spec.keeps(o.sol) {
				id, err := r.keep(parent, o, kept+1)
				if err != nil {
					stopping, report = true, "storing a board failed"
					r.s.log.Error("storing a generated board", "problem", r.p.Slug, "err", err)
					break
				}
				kept++
				r.update(func(g *Generation) { g.CaseIDs = append(g.CaseIDs, id) })
			}
			r.update(func(g *Generation) { g.Tries, g.Kept = decided, kept })
			if kept == r.spec.Count {
				stopping = true
				cancel() // the candidates still solving are not needed
			}
		}
	}
	close(todo)
	wg.Wait()
	elapsed := fmt.Sprintf("%.1f s", time.Since(r.g.Started).Seconds())
	status := GenDone
	if kept < r.spec.Count {
		status = GenStopped
		why := report
		switch {
		case why != "":
		case errors.Is(context.Cause(parent), errCancelled):
			why = errCancelled.Error()
		case parent.Err() != nil:
			why = "the server is shutting down"
		case ctx.Err() != nil:
			why = fmt.Sprintf("the time limit of %.0f s ran out", r.spec.TimeLimit.Seconds())
		default:
			why = fmt.Sprintf("the limit of %d tries was reached", r.spec.MaxTries)
		}
		report = fmt.Sprintf("kept %d of %d wanted after %d tries in %s: %s", kept, r.spec.Count, decided, elapsed, why)
	} else {
		report = fmt.Sprintf("kept %d of %d wanted after %d tries in %s", kept, r.spec.Count, decided, elapsed)
	}
	// Boards added change no earlier answer (it answered the boards it
	// recorded); the answers made while they were solving are rejudged when
	// their solves end (finishCase).
	r.update(func(g *Generation) { g.Status, g.Report, g.Finished = status, report, time.Now() })
	r.s.gens.mu.Lock()
	delete(r.s.gens.stops, r.g.ID)
	r.s.gens.mu.Unlock()
	r.s.log.Info("generation finished", "problem", r.p.Slug, "report", report)
}

// keep stores a kept board as a ready case with the solution just found.
func (r *generation) keep(ctx context.Context, o outcome, n int) (int64, error) {
	ctx = context.WithoutCancel(ctx)
	c, err := r.s.store.AddCase(ctx, Case{ProblemID: r.p.ID, Name: fmt.Sprintf("gen-s%d-%02d", r.spec.Seed, n), Sample: r.spec.Sample, Input: o.input})
	if err != nil {
		return 0, err
	}
	return c.ID, r.s.store.FinishCase(ctx, c.ID, c.Input, CaseReady, o.sol, "")
}

func (r *generation) update(f func(*Generation)) {
	r.s.gens.mu.Lock()
	f(r.g)
	r.s.gens.mu.Unlock()
}

// paramsError names the params a puzzle takes when a request gives others.
func paramsError(puzzle string, params map[string]int, takes ...string) error {
	var unknown []string
	for k := range params {
		if !slices.Contains(takes, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	if len(takes) == 0 {
		return Errorf(EINVALID, "params.%s: puzzle %s takes no params", unknown[0], puzzle)
	}
	return Errorf(EINVALID, "params.%s: puzzle %s takes %s", unknown[0], puzzle, strings.Join(takes, ", "))
}

// param returns params[name], or def when absent, checked to be in lo..hi.
func param(params map[string]int, name string, def, lo, hi int) (int, error) {
	v, ok := params[name]
	if !ok {
		if def == 0 {
			return 0, Errorf(EINVALID, "params.%s: required", name)
		}
		v = def
	}
	if v < lo || v > hi {
		return 0, Errorf(EINVALID, "params.%s: %d is outside %d..%d", name, v, lo, hi)
	}
	return v, nil
}
