package web

import (
	"context"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
)

// fullStore is the real store, answering as a full storage does (see
// judge/store's TestStorageFull for the real thing) while full is set.
type fullStore struct {
	*store.DB
	full atomic.Bool
}

func (f *fullStore) err() error {
	if f.full.Load() {
		return judge.Errorf(judge.EUNAVAILABLE, "storage is full; try again later")
	}
	return nil
}

func (f *fullStore) CreateSubmission(ctx context.Context, s judge.Submission) (judge.Submission, error) {
	if err := f.err(); err != nil {
		return judge.Submission{}, err
	}
	return f.DB.CreateSubmission(ctx, s)
}

func (f *fullStore) Heartbeat(ctx context.Context) error {
	if err := f.err(); err != nil {
		return err
	}
	return f.DB.Heartbeat(ctx)
}

// TestStorageFullAnswers503 checks the answers of a full storage: a submit
// gets 503 with the code unavailable and a Retry-After, /healthz says
// degraded with the reason; both recover when there is room again.
func TestStorageFullAnswers503(t *testing.T) {
	ctx := context.Background()
	db, err := store.OpenWith("sqlite", filepath.Join(t.TempDir(), "judge.db"), nil, webtest.TestStore)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	f := &fullStore{DB: db}
	// HealthEvery -1: every /healthz probes, so that the recovery shows at once.
	svc := service.NewService(f, service.Config{BcryptCost: bcrypt.MinCost, RegistrationOpen: true, HealthEvery: -1}, nil)
	p := apiProblems[0]
	if err := svc.SyncProblem(ctx, p.problem, p.cases); err != nil {
		t.Fatal(err)
	}
	srv := NewServer(svc, nil, nil, Options{Logins: f})
	e := newEnvOver(t, srv, svc)
	token := e.Student("olga")
	body := map[string]any{"kind": "answer", "output": "0\n2\n"}

	f.full.Store(true)
	r := e.Do("POST", "/api/v1/problems/flood/submissions", token, body).Want(t, 503, judge.EUNAVAILABLE)
	var body503 struct{ Error struct{ Message string } }
	r.JSON(t, &body503)
	if msg := body503.Error.Message; msg != "storage is full; try again later" {
		t.Errorf("message %q", msg)
	}
	if r.Header.Get("Retry-After") == "" {
		t.Errorf("503 without Retry-After")
	}
	var health map[string]any
	h := e.Do("GET", "/healthz", "", nil)
	h.JSON(t, &health)
	if h.Status != 503 || health["status"] != "degraded" || health["reason"] != "storage is full; try again later" {
		t.Errorf("healthz = %d %v, want 503 degraded, storage is full", h.Status, health)
	}

	f.full.Store(false)
	e.Do("POST", "/api/v1/problems/flood/submissions", token, body).Want(t, 202, "")
	e.Do("GET", "/healthz", "", nil).Want(t, 200, "").JSON(t, &health)
	if health["status"] != "ok" {
		t.Errorf("healthz = %v, want ok", health)
	}
}

// TestHealthDegradedWithoutAWantedSandbox: a server whose configuration
// asks for a sandbox that did not start serves, and says so: 200
// "degraded" with the reason, the sandbox unavailable, and the reference
// solves running; the same server with the sandbox off is "ok".
func TestHealthDegradedWithoutAWantedSandbox(t *testing.T) {
	for _, tc := range []struct {
		name   string
		wanted bool
		status string
	}{
		{"wanted", true, "degraded"},
		{"off", false, "ok"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db, err := store.OpenWith("sqlite", filepath.Join(t.TempDir(), "judge.db"), nil, webtest.TestStore)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			svc := service.NewService(db, service.Config{BcryptCost: bcrypt.MinCost, HealthEvery: -1,
				SandboxDown: "the sandbox did not start: not root", SandboxWanted: tc.wanted}, nil)
			p := apiProblems[0]
			if err := svc.SyncProblem(context.Background(), p.problem, p.cases); err != nil {
				t.Fatal(err)
			}
			e := newEnvOver(t, NewServer(svc, nil, nil, Options{Logins: db}), svc)
			var health struct {
				Status     string
				Reasons    []string
				Sandbox    struct{ Status, Reason string }
				References struct{ Solving *int }
			}
			e.Do("GET", "/healthz", "", nil).Want(t, 200, "").JSON(t, &health)
			// Not started: every case of the problem is still solving.
			if health.Status != tc.status || health.Sandbox.Status != "unavailable" || health.References.Solving == nil || *health.References.Solving != len(p.cases) {
				t.Errorf("healthz = %+v, want %s, the sandbox unavailable, %d solving", health, tc.status, len(p.cases))
			}
			if tc.wanted && (len(health.Reasons) != 1 || !strings.Contains(health.Reasons[0], "programs are not judged: the sandbox did not start: not root")) {
				t.Errorf("reasons = %q, want why programs are not judged", health.Reasons)
			}
			if !tc.wanted && len(health.Reasons) != 0 {
				t.Errorf("reasons = %q, want none", health.Reasons)
			}
		})
	}
}
