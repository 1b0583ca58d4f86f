package service_test

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"

	"golang.org/x/crypto/bcrypt"
)

// The samples of the three classic problems.
const (
	flooditSample = "2\n0 0\n0 0\n3\n0 1 2\n1 1 2\n2 2 1\n0\n"
	rotationBoard = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
	rotationDone  = "1 1 1 1 1 1 1 1 3 3 3 3 3 3 3 3 2 2 2 2 2 2 2 2\n"
	mayanSample   = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n"
)

// openDB opens a fresh SQLite file in a temporary directory.
func openDB(t testing.TB, name string) *store.DB {
	t.Helper()
	return openShared(t, filepath.Join(t.TempDir(), name))
}

// openShared opens a handle on the SQLite file at path, as one of the
// processes sharing it, closed at the end of the test. synchronous=normal:
// at full every commit, and every statement of the migration, waits for an
// fsync, which on a busy shared disk took seconds each (see
// webtest.TestStore); a killed process loses nothing either way.
func openShared(t testing.TB, path string) *store.DB {
	t.Helper()
	db, err := store.OpenWith("sqlite", path, nil, store.Options{Synchronous: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// newService returns a started service over db that fails the test when it
// logs a warning or an error.
func newService(t testing.TB, db judge.Store, cfg service.Config) *service.Service {
	t.Helper()
	log := &testLog{}
	t.Cleanup(func() {
		for _, m := range log.messages() {
			t.Errorf("the service logged: %s", m)
		}
	})
	return newServiceLog(t, db, cfg, slog.New(log))
}

// newServiceLog returns a service over db, started, closed at the end.
func newServiceLog(t testing.TB, db judge.Store, cfg service.Config, log *slog.Logger) *service.Service {
	t.Helper()
	cfg.BcryptCost = bcrypt.MinCost
	if cfg.PollInterval == 0 {
		cfg.PollInterval = 10 * time.Millisecond
	}
	s := service.NewService(db, cfg, log)
	if err := s.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		s.Close(ctx)
	})
	return s
}

func mustUser(t testing.TB, s *service.Service, name string) judge.User {
	t.Helper()
	return mustRegister(t, s, name, judge.RoleStudent)
}

// mustInstructor registers an instructor with the password "password123".
func mustInstructor(t testing.TB, s *service.Service, name string) judge.User {
	t.Helper()
	return mustRegister(t, s, name, judge.RoleInstructor)
}

func mustRegister(t testing.TB, s *service.Service, name string, role judge.Role) judge.User {
	t.Helper()
	u, err := s.Register(context.Background(), name, "password123", role)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// sync stores a problem of puzzle made of the cases of a classic input.
func syncProblem(t testing.TB, s *service.Service, slug, puzzle, checker string, cases ...judge.CaseSpec) {
	t.Helper()
	p := judge.Problem{Slug: slug, Title: slug, Puzzle: puzzle, Checker: checker, Statement: "Solve it."}
	if err := s.SyncProblem(context.Background(), p, cases); err != nil {
		t.Fatal(err)
	}
}

// floodReady adds the student alice and the problem flood (flooditCases)
// to s, and waits until flood's cases are solved.
func floodReady(t *testing.T, s *service.Service) (judge.User, []judge.Case) {
	t.Helper()
	u := mustUser(t, s, "alice")
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	return u, waitReady(t, s, "flood")
}

// waitFor polls cond until it holds (see testutil.WaitFor).
var waitFor = testutil.WaitFor

// waitReady waits until no case of the problem is solving.
func waitReady(t testing.TB, s *service.Service, slug string) []judge.Case {
	t.Helper()
	var cases []judge.Case
	waitFor(t, "cases of "+slug, func() bool {
		_, cs, err := s.Problem(context.Background(), staff, slug)
		if err != nil {
			t.Fatal(err)
		}
		cases = cs
		for _, c := range cs {
			if c.Status == judge.CaseSolving {
				return false
			}
		}
		return true
	})
	return cases
}

// waitDone waits until a submission is judged and returns it.
func waitDone(t testing.TB, s *service.Service, id int64) judge.Submission {
	t.Helper()
	var sub judge.Submission
	waitFor(t, "submission", func() bool {
		var err error
		sub, err = s.Submission(context.Background(), staff, id)
		if err != nil {
			t.Fatal(err)
		}
		return sub.Status == judge.StatusDone
	})
	return sub
}

// testLog is a slog.Handler that keeps warnings and errors.
type testLog struct {
	mu   sync.Mutex
	msgs []string
}

func (h *testLog) Enabled(context.Context, slog.Level) bool { return true }

func (h *testLog) WithAttrs([]slog.Attr) slog.Handler { return h }

func (h *testLog) WithGroup(string) slog.Handler { return h }

func (h *testLog) Handle(_ context.Context, r slog.Record) error {
	if r.Level < slog.LevelWarn {
		return nil
	}
	msg := r.Level.String() + " " + r.Message
	r.Attrs(func(a slog.Attr) bool { msg += fmt.Sprintf(" %s=%v", a.Key, a.Value); return true })
	h.mu.Lock()
	h.msgs = append(h.msgs, msg)
	h.mu.Unlock()
	return nil
}

func (h *testLog) messages() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.msgs...)
}

func slogOf(h slog.Handler) *slog.Logger { return slog.New(h) }

// staff is an instructor viewer for the tests that read or change what only
// instructors may; reading needs no account behind it.
var staff = judge.User{ID: 1 << 40, Username: "staff", Role: judge.RoleInstructor}
