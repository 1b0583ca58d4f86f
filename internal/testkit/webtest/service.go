// Package webtest is the shared support of the tests of the web faces (web,
// web/api, web/pages): a real judge service over a temporary SQLite file
// with a small catalogue, and clients that talk to an http.Handler the way
// the JSON API's callers and a browser do. It knows nothing of the faces:
// each test package builds its own handler and keeps its helpers' names as
// thin wrappers over these. Import it only from _test.go files.
package webtest

import (
	"context"
	"embed"
	"golang.org/x/crypto/bcrypt"
	"io"
	"io/fs"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
	"puzzlejudge/problems"
	"puzzlejudge/web/httpx"
)

// Fixture is one problem of a test catalogue with its cases.
type Fixture struct {
	Problem judge.Problem
	Cases   []judge.CaseSpec
}

// catalogue holds the test catalogue in the shipped catalogue's layout
// (problem.yaml, statement.md, tests/*.in per folder), so that it is read
// by the same loader and names its puzzles as data, not in Go.
//
//go:embed catalogue
var catalogue embed.FS

// catalogueOrder is the order of Catalogue: the tests index it (0 the
// Flood-it problem, 1 the Rotation one, 2 the Mayan one).
var catalogueOrder = []string{"flood", "rot", "maya"}

// Catalogue returns the small test catalogue: the classic samples of each
// puzzle plus a hidden Flood-it board, so that the reference solver
// finishes in milliseconds. Each call returns a fresh copy that a test
// package may adjust.
func Catalogue() []Fixture {
	sub, err := fs.Sub(catalogue, "catalogue")
	if err != nil {
		panic(err)
	}
	loaded, err := problems.Load(sub)
	if err != nil {
		panic("webtest: the test catalogue does not load: " + err.Error())
	}
	out := make([]Fixture, len(catalogueOrder))
	for i, slug := range catalogueOrder {
		j := slices.IndexFunc(loaded, func(p problems.Problem) bool { return p.Problem.Slug == slug })
		if j < 0 {
			panic("webtest: the test catalogue has no problem " + slug)
		}
		out[i] = Fixture{loaded[j].Problem, loaded[j].Cases}
	}
	return out
}

// Setup says how NewService builds the service.
type Setup struct {
	// Config is the service's; zero Workers, SolveTimeout, PollInterval
	// and BcryptCost get values for tests (1, 20 s, 20 ms, bcrypt.MinCost).
	Config service.Config
	// AdminPassword is the instructor "admin"'s.
	AdminPassword string
	// Catalogue is synced before the service starts.
	Catalogue []Fixture
	// BeforeStart, when set, sees the service before its workers start
	// (to watch its queue, say).
	BeforeStart func(*service.Service)
}

// NewService opens a temporary SQLite file, syncs the catalogue, ensures
// the admin and starts the service over it; the test's cleanup closes both
// and fails the test if they do not close cleanly. It returns the database
// too, for what cmd/judged hands the web besides the service (the login
// buckets). The logger sends warnings to the test log.
func NewService(t testing.TB, s Setup) (*service.Service, *store.DB, *slog.Logger) {
	t.Helper()
	logger := Logger(t)
	db, err := store.OpenWith("sqlite", filepath.Join(t.TempDir(), "judge.db"), logger, TestStore)
	if err != nil {
		t.Fatal(err)
	}
	cfg := s.Config
	if cfg.Workers == 0 {
		cfg.Workers = 1
	}
	if cfg.SolveTimeout == 0 {
		cfg.SolveTimeout = 20 * time.Second
	}
	if cfg.PollInterval == 0 {
		cfg.PollInterval = 20 * time.Millisecond
	}
	if cfg.BcryptCost == 0 {
		// Every login, registration and refused guess hashes: at the
		// default cost a test of the login limits spent 27 s at load 20
		// on bcrypt alone. The cost is the service's to honour, not the
		// web's; the service's tests check it.
		cfg.BcryptCost = bcrypt.MinCost
	}
	svc := service.NewService(db, cfg, logger)
	if s.BeforeStart != nil {
		s.BeforeStart(svc)
	}
	ctx := context.Background()
	if _, _, err := svc.EnsureAdmin(ctx, s.AdminPassword); err != nil {
		t.Fatal(err)
	}
	for _, p := range s.Catalogue {
		if err := svc.SyncProblem(ctx, p.Problem, p.Cases); err != nil {
			t.Fatalf("SyncProblem(%s): %v", p.Problem.Slug, err)
		}
	}
	if err := svc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := svc.Close(cctx); err != nil {
			t.Errorf("Close: %v", err)
		}
		if err := db.Close(); err != nil {
			t.Errorf("db.Close: %v", err)
		}
	})
	return svc, db, logger
}

// TestStore is how the tests open their SQLite files: synchronous=normal,
// so that a commit does not wait for the disk. At the default (full) every
// statement of the migration and every commit waits for an fsync: a test's
// fresh database took 0.4-0.6 s to open on a quiet disk and up to 45 s on
// the shared one busy with other jobs (CREATE TABLE statements of 1-5 s
// each), time spent waiting, not working. A killed process loses nothing
// either way (only a power loss or an OS crash could roll the last
// commits back); judge/store's tests check both settings.
var TestStore = store.Options{Synchronous: "normal"}

// Logger sends warnings and errors to the test log, shown on failure (and
// nowhere for a benchmark).
func Logger(t testing.TB) *slog.Logger {
	var w io.Writer = io.Discard
	if tt, ok := t.(*testing.T); ok {
		w = testWriter{tt}
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// Engine is a Gin engine in release mode with the body limit the server
// puts in front of both faces, and the routes register adds.
func Engine(register func(gin.IRouter)) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(httpx.LimitBodyExcept(httpx.MaxBodyBytes, nil))
	register(r)
	return r
}

// Staff is an instructor viewer for the tests' own reads of the service
// (expected answers of hidden boards, everyone's submissions).
var Staff = judge.User{ID: 1 << 40, Username: "staff", Role: judge.RoleInstructor}

// WaitCases waits until no case of slug is being solved and returns them.
func WaitCases(t testing.TB, svc *service.Service, slug string) []judge.Case {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, cases, err := svc.Problem(context.Background(), Staff, slug)
		if err != nil {
			t.Fatal(err)
		}
		if !solving(cases) {
			return cases
		}
		if time.Now().After(deadline) {
			t.Fatalf("cases of %s still solving after 30 s", slug)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func solving(cases []judge.Case) bool {
	for _, c := range cases {
		if c.Status == judge.CaseSolving {
			return true
		}
	}
	return false
}

// Fixtures converts a catalogue to a test package's own fixture type, the
// one whose field names its tests use.
func Fixtures[T any](c []Fixture, as func(judge.Problem, []judge.CaseSpec) T) []T {
	out := make([]T, len(c))
	for i, f := range c {
		out[i] = as(f.Problem, f.Cases)
	}
	return out
}
