// Command judged is the puzzlejudge server: it reads config.yaml and the
// environment, opens the database, synchronises the shipped problems, starts
// the judging workers and serves the JSON API, /healthz and /metrics.
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/judge/sandbox"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
	"puzzlejudge/problems"
	"puzzlejudge/web"
)

func main() {
	// First: go-judge starts each container by running this executable
	// again, and Init serves it there (it never returns in a container).
	sandbox.Init()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// Once the first signal has started the shutdown, a second one kills
	// the process at once, as an impatient operator expects.
	context.AfterFunc(ctx, stop)
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// subcommands are the commands judged runs instead of the server, by their
// first argument; each parses its own flags and returns the exit code.
var subcommands = map[string]func(ctx context.Context, args []string, stdout, stderr io.Writer) int{
	"backup": runBackup,
}

// run starts the server and blocks until ctx is cancelled (a signal) or the
// server fails. It returns the process exit code: 0 after a clean shutdown,
// 1 when the server could not start or stopped on an error, 2 for bad usage.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if sub, ok := subcommands[args[0]]; ok {
			return sub(ctx, args[1:], stdout, stderr)
		}
	}
	flags := newCommandFlags("judged", "path of the YAML configuration (a missing default file means: built-in defaults)",
		"usage: judged [-config path] [-role all|web|worker]\n       judged backup [-config path] FILE\n       judged [-config path] admin reset-password USERNAME\n\nEvery key of the configuration can be overridden by an environment variable (JUDGE_LISTEN, JUDGE_DATABASE_DSN, ...); see config.yaml.\n\n", stderr)
	role := flags.String("role", "", "all, web or worker: overrides the role key and JUDGE_ROLE (web and worker need PostgreSQL)")
	if code, ok := flags.parse(args); !ok {
		return code
	}
	if flags.NArg() > 0 && flags.Arg(0) != "admin" {
		fmt.Fprintf(stderr, "judged: unexpected argument %q\n", flags.Arg(0))
		return 2
	}
	cfg, err := flags.loadConfig(withRole(os.Getenv, *role))
	if err != nil {
		fmt.Fprintf(stderr, "judged: %v\n", err)
		return 1
	}
	level, _ := cfg.level()
	logger := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	if flags.NArg() > 0 {
		return runAdmin(ctx, cfg, flags.Args()[1:], stdout, stderr)
	}
	if err := serve(ctx, cfg, logger); err != nil {
		logger.Error("judged stopped", "err", err)
		return 1
	}
	return 0
}

// serve wires the database, the judge, the catalogue and HTTP, then serves
// until ctx is done and shuts down in order: stop taking requests, let the
// workers finish the case in hand, close the database.
func serve(ctx context.Context, cfg Config, logger *slog.Logger) (err error) {
	catalogue, err := problems.Shipped()
	if err != nil {
		return fmt.Errorf("shipped problems: %w", err)
	}
	// The 15-puzzle's tables take seconds to build: the first start
	// writes them there, and every later one reads them at its first
	// 15-puzzle solve.
	puzzles.SetTableDir(cfg.tablesDir())
	logger.Info("solver tables", "dir", cfg.tablesDir())
	// Listen before anything is written: a port in use or an address that
	// cannot be had stops the start before a database is created and an
	// admin password printed for it. Connections wait in the backlog until
	// the server is ready to serve them.
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return fmt.Errorf("listen (JUDGE_LISTEN): %w", err)
	}
	defer ln.Close()
	db, err := openStore(cfg.Database, logger)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := db.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("close database: %w", cerr)
		}
		logger.Info("database closed")
	}()
	logger.Info("database open", "driver", cfg.Database.Driver, "dsn", redactDSN(cfg.Database))

	// Every role opens it: a web process checks a program's language
	// against what the sandbox offers before it stores it.
	runner, sandboxDown := openSandbox(ctx, cfg, logger)
	if runner != nil {
		defer func() {
			runner.Close()
			logger.Info("sandbox closed")
		}()
	}

	metrics := web.NewMetrics()
	svc := service.NewService(db, service.Config{
		Sandbox:       runner,
		SandboxDown:   sandboxDown,
		SandboxWanted: cfg.Sandbox.wanted(),
		Similarity:    cfg.similarityConfig(logger),
		Workers:       cfg.Workers,
		PerUser:       cfg.Queue.PerUser,
		CompileCPU:    cfg.Queue.CompileCPU,
		SolveTimeout:  cfg.SolveTimeout,
		PollInterval:  cfg.PollInterval,
		ClaimTimeout:  cfg.claimTimeout(),
		Solvers:       cfg.Solvers,
		CheckLimits:   judge.Limits{MaxSize: cfg.CheckMaxSize, MaxColors: cfg.CheckMaxColors, MaxMoves: cfg.CheckMaxMoves},
		// The write timeout below leaves a whole solve budget plus 30 s;
		// a check waits for a slot far less than that.
		CheckWait: 5 * time.Second,
		// Whether anyone may sign up, and with which course code, is the
		// judge's rule, so that every face (API, pages, CLI) applies the same one.
		RegistrationOpen: cfg.RegistrationOpen,
		RegistrationCode: cfg.RegistrationCode,
		TokenTTL:         cfg.TokenTTL,
		OnJudged:         metrics.ObserveVerdict,
		OnSolved:         metrics.ObserveSolve,
	}, logger)
	metrics.WatchQueue(svc)
	logger.Info("role", "role", cfg.Role)

	announce, err := ensureAdmin(ctx, svc, cfg.AdminPassword, logger)
	if err != nil {
		return err
	}
	if err := problems.Sync(ctx, svc, catalogue); err != nil {
		return err
	}
	logger.Info("problems synchronised", "count", len(catalogue))
	// A first health probe while the database is quiet (the reference
	// solves start with the workers), so that the first /healthz has a
	// result to give if its own probe is slow.
	svc.Health(ctx)

	if err := startWorkers(ctx, cfg, svc); err != nil {
		return fmt.Errorf("start judge: %w", err)
	}
	defer func() {
		sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
		defer cancel()
		if cerr := svc.Close(sctx); cerr != nil {
			logger.Warn("judge workers did not stop cleanly", "err", cerr)
		}
		logger.Info("judge workers stopped")
	}()

	if cfg.Database.Driver == "postgres" {
		// Settings that are right for one process and wrong for several.
		if cfg.claimTimeout() == 0 {
			logger.Warn("claim_timeout is 0: a restart queues again the submissions other processes are judging")
		}
		if cfg.SessionSecret == "" {
			logger.Warn("session_secret is empty: with several processes, a form shown by one is refused by another")
		}
	}
	srv := web.NewServer(svc, logger, metrics, web.Options{SubmitRate: cfg.SubmitRate, RunRate: cfg.RunRate,
		SecureCookies: cfg.SecureCookies, SessionSecret: []byte(cfg.SessionSecret),
		TrustedProxies: cfg.TrustedProxies, RegisterRate: cfg.RegisterRate, TokenTTL: cfg.TokenTTL,
		MaxInFlight: cfg.MaxInFlight, MaxStreams: cfg.MaxStreams, MaxStreamsPerAddress: cfg.MaxStreamsPerAddress, Logins: db,
		DefaultLanguage: cfg.DefaultLanguage, TimeZone: cfg.zone(), MetricsToken: cfg.Metrics.Token})
	return listenAndServe(ctx, cfg, ln, handlerFor(cfg, srv), logger, announce)
}

// listenAndServe serves h on ln until ctx is done, then stops taking
// requests and waits (bounded by the shutdown timeout) for those in flight.
// announce, when not nil, runs once the server is listening.
func listenAndServe(ctx context.Context, cfg Config, ln net.Listener, h http.Handler, logger *slog.Logger, announce func()) error {
	hs := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		// /check solves a board within the request, so the write timeout
		// must leave room for a whole solve.
		WriteTimeout:   cfg.SolveTimeout + 30*time.Second,
		IdleTimeout:    2 * time.Minute,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	logger.Info("listening", "addr", ln.Addr().String(), "url", "http://"+displayAddr(ln.Addr()))
	if announce != nil {
		announce()
	}

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("http shutdown: %w", err)
	}
	return nil
}

// ensureAdmin creates the instructor "admin" on an empty database. When its
// password was generated, the returned function prints it: the caller runs
// it once the server listens, so that a start that fails after this point
// has not shown a password for a server nobody could reach.
func ensureAdmin(ctx context.Context, svc *service.Service, password string, logger *slog.Logger) (announce func(), err error) {
	created, pw, err := svc.EnsureAdmin(ctx, password)
	if err != nil {
		return nil, fmt.Errorf("create admin: %w", err)
	}
	switch {
	case created && password == "":
		return func() {
			logger.Warn("created instructor account; this password is shown only once", "username", "admin", "password", pw)
		}, nil
	case created:
		logger.Info("created instructor account with JUDGE_ADMIN_PASSWORD", "username", "admin")
	}
	return nil, nil
}

// displayAddr turns a listening address into one a browser can open
// (":8080" listens on every interface; localhost reaches it).
func displayAddr(a net.Addr) string {
	if tcp, ok := a.(*net.TCPAddr); ok && (tcp.IP == nil || tcp.IP.IsUnspecified()) {
		return fmt.Sprintf("localhost:%d", tcp.Port)
	}
	return a.String()
}

// redactDSN keeps a PostgreSQL password out of the log.
func redactDSN(d DatabaseConfig) string {
	if d.Driver == "sqlite" {
		return d.DSN
	}
	return "(set)"
}

// openStore opens the configured database with its options, as the server,
// the backup and the admin commands all must (one place, so that none of them
// opens it with other settings than the server's).
func openStore(db DatabaseConfig, log *slog.Logger) (*store.DB, error) {
	return store.OpenWith(db.Driver, db.DSN, log, store.Options{Synchronous: db.Synchronous})
}
