package judge

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Config tunes the Service; zero values take the defaults.
type Config struct {
	Workers      int           // judging workers; default 2
	SolveTimeout time.Duration // budget of one reference solve; default 60s
	PollInterval time.Duration // how often idle workers look for work; default 200ms
	// Batch is how many submissions a worker claims at once; default 32.
	Batch int
	// OnJudged, when set, is called once per submission judged.
	OnJudged func(v Verdict)
	// OnSolved, when set, is called once per case solved by the reference.
	OnSolved func(puzzle string, d time.Duration)
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
		c.Batch = 32
	}
	return c
}

// Service is the judge: accounts, problems and cases, the submission queue
// and its workers, and the reference solves of the cases.
type Service struct {
	store   Store
	cfg     Config
	log     *slog.Logger
	puzzles map[string]Puzzle

	wake    chan struct{}
	mu      sync.Mutex
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	solving map[int64]bool // cases with a solve running in this process
	started bool
}

// NewService returns a Service over store with the three puzzles registered.
func NewService(store Store, cfg Config, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	s := &Service{
		store:   store,
		cfg:     cfg.withDefaults(),
		log:     logger,
		puzzles: map[string]Puzzle{},
		wake:    make(chan struct{}, 1),
		solving: map[int64]bool{},
	}
	for _, p := range builtinPuzzles() {
		s.puzzles[p.Name()] = p
	}
	return s
}
