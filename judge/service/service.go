// Package service is the judge at work: the Service over a judge.Store, its
// accounts, problems and cases, the submission queue and its workers, the
// reference solves, board generation, courses and grades.
package service

import (
	"context"
	"log/slog"
	"runtime"
	"sync"
	"time"

	"puzzlejudge/internal/cache"
	"puzzlejudge/judge"
	"puzzlejudge/judge/sandbox"

	"golang.org/x/crypto/bcrypt"
)

// Config tunes the Service; zero values take the defaults.
type Config struct {
	Workers      int           // judging workers; default 2
	SolveTimeout time.Duration // budget of one reference solve; default 60s
	PollInterval time.Duration // how often idle workers look for work; default 200ms
	// Batch is how many submissions a worker claims at once; default 64.
	// The whole batch is written in one transaction.
	Batch int
	// BatchDelay is how long a worker waits after a batch that was not
	// full, so that submissions arriving one by one are judged and written
	// a few at a time instead of one transaction each; default 2ms.
	BatchDelay time.Duration
	// Solvers is how many reference solves run at once in this process,
	// case solves and Check's together; default one per core, since a
	// solve keeps a core busy. With two or more, one is kept from
	// students' checks (see solverSlots).
	Solvers int
	// CheckWait is how long Check waits for a solver slot before it
	// answers with a RetryError; default 5s, well inside any write timeout.
	CheckWait time.Duration
	// CheckLimits bound the boards students may send to Check (instructors
	// are not bound); 0 means the engine's own limit.
	CheckLimits judge.Limits
	// RegistrationCode, when not empty, must be given to SelfRegister.
	RegistrationCode string
	// TokenTTL is how long an API token lives after its last use; default
	// 30 days.
	TokenTTL time.Duration
	// ClaimTimeout is for several processes sharing one database. When 0
	// (one process, the default), Start queues again every submission left
	// judging. When set, Start and a sweep every ClaimTimeout/2 queue again
	// only the claims older than ClaimTimeout, so that a restarting process
	// leaves the batches of the others alone and a process that died
	// without restarting has its claims taken over. A claim that was taken
	// over too early costs a second judging, never a second write.
	ClaimTimeout time.Duration
	// GenerateWorkers is how many candidate boards a generation run solves
	// at once; default the number of cores.
	GenerateWorkers int
	// RetryDelay is the first wait before a worker writes again a batch
	// the database refused; it doubles up to maxRetryDelay. Default 100ms.
	RetryDelay time.Duration
	// BcryptCost is the cost of password hashes; default bcrypt.DefaultCost.
	BcryptCost int
	// RegistrationOpen lets anyone create a student account (SignUp);
	// when false, accounts are made by an instructor or the admin.
	RegistrationOpen bool
	// OnJudged, when set, is called once per submission judged and stored,
	// and OnSolved once per case (or checked board) solved by the
	// reference: the metrics hooks, given once, before the service runs.
	OnJudged func(v judge.Verdict)
	OnSolved func(puzzle string, d time.Duration)
	// HealthEvery is how long Health reuses its last probe; default
	// DefaultHealthEvery, negative: every call probes.
	HealthEvery time.Duration
	// Clock, when set, is the time of submissions and deadlines (tests pin
	// it); default time.Now.
	Clock func() time.Time
	// Sandbox compiles and runs programs (submissions of kind program);
	// nil when this server runs none, and SandboxDown then says why (as a
	// user may read it), for the 503 of a program and for /healthz.
	// SandboxWanted says that the configuration asks for one (a sandbox
	// mode other than off, where it can run): without it, /healthz says
	// the server is degraded.
	Sandbox       sandbox.Runner
	SandboxDown   string
	SandboxWanted bool
	// ProgramsAtOnce bounds the programs this process judges at once, so
	// that each is done soon after its turn instead of all of a burst
	// finishing together (every board of every program would share the
	// sandbox's slots); default 2. The boards of one program run at once,
	// up to the sandbox's parallel.
	ProgramsAtOnce int
	// PerUser bounds the programs of one user judged at once, across
	// every process on the database (queue.per_user); default 2. The
	// programs' lane serves users in turn (judge.Store.ClaimLane).
	PerUser int
	// CompileCPU caps the CPU time of one compile, whatever a problem's
	// compilation_time says (queue.compile_cpu); default 10 s. A
	// language that needs more (sandbox.Language.CompileCPU) keeps its
	// own; the wall-clock limit is the CPU limit and a few seconds
	// (sandbox.CompileWallSlack), so a compile that waits on a pipe ends
	// as soon as one that loops.
	CompileCPU time.Duration
	// Similarity runs the similarity reports (similarity.go).
	Similarity SimilarityConfig
}

func (c Config) withDefaults() Config {
	if c.Workers <= 0 {
		c.Workers = 2
	}
	if c.SolveTimeout <= 0 {
		c.SolveTimeout = 60 * time.Second
	}
	if c.PollInterval <= 0 {
		c.PollInterval = 200 * time.Millisecond
	}
	if c.Batch <= 0 {
		c.Batch = 64
	}
	if c.BatchDelay <= 0 {
		c.BatchDelay = 2 * time.Millisecond
	}
	if c.Solvers <= 0 {
		c.Solvers = max(1, runtime.NumCPU())
	}
	if c.CheckWait <= 0 {
		c.CheckWait = 5 * time.Second
	}
	if c.TokenTTL <= 0 {
		c.TokenTTL = 30 * 24 * time.Hour
	}
	if c.GenerateWorkers <= 0 {
		c.GenerateWorkers = runtime.NumCPU()
	}
	if c.RetryDelay <= 0 {
		c.RetryDelay = 100 * time.Millisecond
	}
	if c.HealthEvery == 0 {
		c.HealthEvery = DefaultHealthEvery
	}
	if c.ProgramsAtOnce <= 0 {
		c.ProgramsAtOnce = 2
	}
	if c.PerUser <= 0 {
		c.PerUser = 2
	}
	if c.CompileCPU <= 0 {
		c.CompileCPU = DefaultCompileCPU
	}
	if c.BcryptCost == 0 {
		c.BcryptCost = bcrypt.DefaultCost
	}
	return c
}

// Service is the judge: accounts, problems and cases, the submission queue
// and its workers, and the reference solves of the cases.
type Service struct {
	store judge.Store
	cfg   Config
	log   *slog.Logger

	wake      chan struct{} // a submission is waiting
	wakeProg  chan struct{} // a program may be waiting (the programs' lane)
	solveWake chan struct{} // a case is waiting to be solved
	// checks keeps the solutions of boards checked through Check, so that
	// a script checking the same board again does not pay for a second
	// solve.
	checks *cache.FIFO[string, judge.Solution]
	// replays keeps the last replays of moves submissions read, for a
	// reader paging through one. Few: one can be 18 MB (10,000 steps of a
	// 30x30 board).
	replays *cache.FIFO[int64, judge.Replay]
	// publicReplays bounds the public replays (ReplayMoves) computed at
	// once: each holds a board per step until its page is cut out of it.
	publicReplays chan struct{}
	// slots bounds the reference solves running at once, cases' and Check's.
	slots *solverSlots
	// keys memoises the symmetry keys of hidden cases for Check.
	keys *keyCache
	// problems caches the problems with their cases, checked against the
	// catalogue version on every use.
	problems cache.Versioned[cachedProblem]
	// ccs is this process's view of the contests' event logs (contest_ccs_feed.go).
	ccs ccsLogs
	// boards are the contests' live scoreboards (contest_board.go).
	boards *contestBoards
	// sim is the runner of similarity reports (similarity.go).
	sim *similarityRunner

	healthMu sync.Mutex
	health   judge.Health // the last probe's, at healthAt
	healthAt time.Time
	probing  chan struct{} // closed when the probe running now ends; nil when none runs

	mu         sync.Mutex
	solveQueue []int64
	// sandboxFailures counts the sandbox's failures per program being
	// judged (judgePrograms); programSlots bounds the programs judged at
	// once (Config.ProgramsAtOnce).
	sandboxFailures map[int64]int
	programSlots    chan struct{}
	solving         map[int64]bool // cases queued or being solved in this process
	// solveAgain holds the cases scheduled again while being solved: their
	// solve may have read them before the change, so they are solved again.
	solveAgain map[int64]bool
	solveRank  map[int64]int // the order of queued solves (scheduleCase)
	gens       generations   // board generation runs
	cancel     context.CancelFunc
	done       chan struct{}
	started    bool
}

// NewService returns a Service over store; it judges the puzzles of the registry.
func NewService(store judge.Store, cfg Config, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	cfg = cfg.withDefaults()
	s := &Service{
		store:     store,
		cfg:       cfg,
		log:       logger,
		wake:      make(chan struct{}, 1),
		wakeProg:  make(chan struct{}, 1),
		solveWake: make(chan struct{}, 1),
		checks:    cache.NewFIFO[string, judge.Solution](1024),
		replays:   cache.NewFIFO[int64, judge.Replay](8),
		// One per core: the replays are CPU work, and 300 computed at once
		// held 300 whole replays (~3 MB each on a 30x30 board) together.
		publicReplays: make(chan struct{}, runtime.GOMAXPROCS(0)),
		slots:         newSolverSlots(cfg.Solvers),
		keys:          newKeyCache(),
		solving:       map[int64]bool{},
		solveAgain:    map[int64]bool{},
		solveRank:     map[int64]int{},

		programSlots: make(chan struct{}, cfg.ProgramsAtOnce),
		boards:       newContestBoards(cfg.ClaimTimeout > 0, nil),
		sim:          newSimilarityRunner(),
	}
	s.boards.now = s.now
	return s
}

// QueueLength returns the number of submissions pending or being judged.
func (s *Service) QueueLength(ctx context.Context) (int, error) { return s.store.QueueLength(ctx) }

// notify wakes one idle worker of each lane.
func (s *Service) notify() {
	for _, c := range []chan struct{}{s.wake, s.wakeProg} {
		select {
		case c <- struct{}{}:
		default:
		}
	}
}

// Start recovers from a crash -- submissions left judging go back to
// pending, cases left solving (or solved by an older solver version) are
// solved again -- then starts the workers and solvers. They run until Close
// or until ctx is cancelled.
func (s *Service) Start(ctx context.Context) error {
	s.mu.Lock()
	if s.started {
		s.mu.Unlock()
		return judge.Errorf(judge.ECONFLICT, "the service is already started")
	}
	s.started = true
	s.mu.Unlock()

	if err := s.resetStale(ctx); err != nil {
		return err
	}
	if err := s.recoverCases(ctx); err != nil {
		return err
	}
	if err := s.loadRunningBoards(ctx); err != nil {
		return err
	}
	run, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for range s.cfg.Workers {
		wg.Go(func() { s.work(run) })
	}
	for range s.cfg.ProgramsAtOnce {
		wg.Go(func() { s.workPrograms(run) })
	}
	for range s.slots.caseSolvers() {
		wg.Go(func() { s.solveLoop(run) })
	}
	if s.cfg.ClaimTimeout > 0 {
		wg.Go(func() { s.sweep(run) })
		wg.Go(func() { s.pollCases(run) })
	}
	wg.Go(func() { s.claimGenerations(run) })
	wg.Go(func() { s.runSimilarity(run) })
	if s.cfg.Similarity.Auto {
		wg.Go(func() { s.autoSimilarity(run) })
	}
	wg.Go(func() { s.unwaitAll(run) })
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	s.mu.Lock()
	s.cancel, s.done = cancel, done
	s.mu.Unlock()
	s.notify()
	return nil
}

// resetStale queues again the claims of workers that died: all of them with
// one process, those older than ClaimTimeout with several.
func (s *Service) resetStale(ctx context.Context) error {
	before := time.Now()
	if s.cfg.ClaimTimeout > 0 {
		before = before.Add(-s.cfg.ClaimTimeout)
	} else {
		before = before.Add(time.Hour) // every claim, whatever the clocks say
	}
	n, err := s.store.ResetJudging(ctx, before)
	if n > 0 {
		s.log.Info("submissions left judging are queued again", "count", n)
		s.notify()
	}
	return err
}

// sweep runs resetStale every ClaimTimeout/2 until ctx ends.
func (s *Service) sweep(ctx context.Context) {
	every(ctx, max(s.cfg.ClaimTimeout/2, 10*time.Millisecond), func() bool {
		if err := s.resetStale(ctx); err != nil && ctx.Err() == nil {
			s.log.Error("queueing stale claims again", "err", err)
		}
		return true
	})
}

// Close stops taking work and waits, bounded by ctx, for the batch in hand
// to be written and the running solves to stop. A solve interrupted by Close
// leaves its case solving; the next Start solves it again.
func (s *Service) Close(ctx context.Context) error {
	s.mu.Lock()
	cancel, done := s.cancel, s.done
	s.mu.Unlock()
	if cancel == nil {
		return nil
	}
	cancel()
	s.gens.stop()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// DefaultHealthEvery is how long the result of a health probe is reused: the
// probe writes to the database, and /healthz is public and outside
// max_inflight (20,000 calls took the submissions' p50 from 3 to 31 ms).
const DefaultHealthEvery = 5 * time.Second

// HealthProbeLimit is how long one health probe may take to write before
// it reports the database as too slow. It is longer than a caller of
// /healthz waits (2 s): a probe outlives its caller, so that a write queued
// behind others on a loaded machine (SQLite's single writer, a slow fsync)
// finishes and is counted, and a database is called slow only when a write
// takes this long.
const HealthProbeLimit = 10 * time.Second

// Health checks that the database answers and takes a write: a database
// that answers reads while its disk is full would otherwise look healthy
// while every submission fails. It probes at most once every
// Config.HealthEvery; callers meanwhile get the last result. A probe runs
// apart from its callers, for up to HealthProbeLimit: callers wait for it,
// and one that stops waiting first gets the last probe's result if it is
// recent (a slow write is not a refused one), or else that the database did
// not take a write in time.
func (s *Service) Health(ctx context.Context) judge.Health {
	s.healthMu.Lock()
	if !s.healthAt.IsZero() && time.Since(s.healthAt) < s.cfg.HealthEvery {
		h := s.health
		s.healthMu.Unlock()
		return h
	}
	if s.probing == nil {
		s.probing = make(chan struct{})
		go s.probeHealth(s.probing)
	}
	probing := s.probing
	s.healthMu.Unlock()

	select {
	case <-probing:
	case <-ctx.Done():
	}
	s.healthMu.Lock()
	defer s.healthMu.Unlock()
	// The last result stands for a probe still running, as long as that
	// probe may run: an older one says nothing of the database now.
	if s.healthAt.IsZero() || time.Since(s.healthAt) > max(s.cfg.HealthEvery, 0)+HealthProbeLimit {
		return s.slowWrite(ctx.Err())
	}
	return s.health
}

// slowWrite is the health of a database whose write did not end in time
// (err says what ended the wait), logged as such.
func (s *Service) slowWrite(err error) judge.Health {
	s.log.Warn("health check: the database did not take a write in time", "err", err)
	return judge.Health{Reason: "the database did not take a write in time"}
}

// probeHealth runs one probe, keeps its result and closes done.
func (s *Service) probeHealth(done chan struct{}) {
	ctx, cancel := context.WithTimeout(context.Background(), HealthProbeLimit)
	defer cancel()
	h := s.probe(ctx)
	if h.OK {
		h = s.parts(ctx, h)
	}
	s.healthMu.Lock()
	s.health, s.healthAt = h, time.Now()
	s.probing = nil
	s.healthMu.Unlock()
	close(done)
}

// parts adds to a health the parts of the judge that do not work, and the
// reference solves running.
func (s *Service) parts(ctx context.Context, h judge.Health) judge.Health {
	if ok, reason := s.SandboxState(); !ok && s.cfg.SandboxWanted {
		h.Degraded = append(h.Degraded, "programs are not judged: "+reason)
	}
	n, err := s.Solving(ctx)
	if err != nil && ctx.Err() == nil {
		s.log.Warn("health check: counting the cases being solved", "err", err)
	}
	h.Solving = n
	return h
}

// probe is one health check of the database.
func (s *Service) probe(ctx context.Context) judge.Health {
	if err := s.store.Ping(ctx); err != nil {
		if ctx.Err() != nil {
			s.log.Warn("health check: the database did not answer in time", "err", err)
			return judge.Health{Reason: "the database did not answer in time"}
		}
		s.log.Warn("health check: the database does not answer", "err", err)
		return judge.Health{Reason: "the database does not answer"}
	}
	switch err := s.store.Heartbeat(ctx); {
	case err == nil:
		return judge.Health{OK: true}
	case judge.ErrorCode(err) == judge.EUNAVAILABLE:
		return judge.Health{Reason: judge.ErrorMessage(err)} // the store logs it, once a minute
	case ctx.Err() != nil:
		// Slow is not refused: a database that takes longer than
		// HealthProbeLimit says so, and the next probe asks again.
		return s.slowWrite(err)
	default:
		s.log.Warn("health check: the database refuses a write", "err", err)
		return judge.Health{Reason: "the database refuses writes"}
	}
}

// now is the service's clock, so that tests can pin deadlines.
func (s *Service) now() time.Time {
	if s.cfg.Clock != nil {
		return s.cfg.Clock().UTC()
	}
	return time.Now().UTC()
}

// Now returns the service's current time, for the pages' "time left".
func (s *Service) Now() time.Time { return s.now() }
