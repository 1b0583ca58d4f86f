package store

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"puzzlejudge/judge/service"

	"golang.org/x/crypto/bcrypt"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge"
)

// gatedStore holds the first Finish until the test opens the gate, and
// counts the Finish calls that failed.
type gatedStore struct {
	*DB
	gate     chan struct{}
	arrived  chan struct{}
	once     sync.Once
	failures atomic.Int64
}

func (g *gatedStore) Finish(ctx context.Context, judged []judge.Judged) (map[int64]bool, error) {
	g.once.Do(func() {
		close(g.arrived)
		<-g.gate
	})
	w, err := g.DB.Finish(ctx, judged)
	if err != nil {
		g.failures.Add(1)
	}
	return w, err
}

// TestStorageFull fills a real SQLite file to its max_page_count while a
// worker holds a judged submission: Submit answers EUNAVAILABLE, Health
// says degraded, the verdict write fails and is tried again; once there is
// room again the submission is judged, without a restart, and Health is ok.
func TestStorageFull(t *testing.T) {
	ctx := context.Background()
	var logs bytes.Buffer
	var logMu sync.Mutex
	logger := slog.New(slog.NewTextHandler(lockedWriter{&logMu, &logs}, nil))
	d, err := Open("sqlite", filepath.Join(t.TempDir(), "full.db"), logger)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	g := &gatedStore{DB: d, gate: make(chan struct{}), arrived: make(chan struct{})}
	svc := service.NewService(g, service.Config{Workers: 1, PollInterval: 5 * time.Millisecond, RetryDelay: 5 * time.Millisecond, BcryptCost: bcrypt.MinCost, HealthEvery: -1}, logger)
	u, err := svc.Register(ctx, "alice", "password123", judge.RoleStudent)
	if err != nil {
		t.Fatal(err)
	}
	p := judge.Problem{Slug: "flood", Title: "Flood", Puzzle: "floodit", Statement: "Flood it."}
	if err := svc.SyncProblem(ctx, p, []judge.CaseSpec{{Name: "1", Input: "2\n0 1\n1 0\n"}}); err != nil {
		t.Fatal(err)
	}
	if err := svc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer svc.Close(ctx)
	waitUntil(t, "the case solved", func() bool {
		_, cases, err := svc.Problem(ctx, judge.User{}, "flood")
		return err == nil && cases[0].Status == judge.CaseReady
	})
	teacher, err := svc.Register(ctx, "teacher", "password123", judge.RoleInstructor)
	if err != nil {
		t.Fatal(err)
	}
	_, cases, _ := svc.Problem(ctx, teacher, "flood") // an instructor reads the expected moves
	sub, err := svc.Submit(ctx, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: cases[0].ID, Payload: cases[0].Expected.Moves})
	if err != nil {
		t.Fatal(err)
	}
	<-g.arrived // judged, not yet written

	maxPageCount(t, d, 1)
	if err := fill(t, d, u.ID); judge.ErrorCode(err) != judge.EUNAVAILABLE {
		t.Fatalf("filling the storage ended with %v, want %s", err, judge.EUNAVAILABLE)
	}
	_, err = svc.Submit(ctx, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: cases[0].ID, Payload: "1"})
	if judge.ErrorCode(err) != judge.EUNAVAILABLE || judge.ErrorMessage(err) != "storage is full; try again later" {
		t.Errorf("Submit on a full storage = %v, want %s: storage is full; try again later", err, judge.EUNAVAILABLE)
	}
	if h := svc.Health(ctx); h.OK || h.Reason != "storage is full; try again later" {
		t.Errorf("Health on a full storage = %+v, want degraded, storage is full", h)
	}

	close(g.gate)
	// A worker tries a batch 5 times before it releases the claims: a
	// sixth failure is a second claim of the same submission.
	waitUntil(t, "the submission released and claimed again", func() bool { return g.failures.Load() >= 6 })
	if s, _ := d.Submission(ctx, sub.ID); s.Status == judge.StatusDone {
		t.Fatalf("submission written on a full storage: %+v", s)
	}
	maxPageCount(t, d, 1<<30)
	waitUntil(t, "the submission judged after space came back", func() bool {
		s, err := d.Submission(ctx, sub.ID)
		return err == nil && s.Status == judge.StatusDone && s.Verdict == judge.Accepted
	})
	if h := svc.Health(ctx); !h.OK {
		t.Errorf("Health with room again = %+v, want ok", h)
	}
	logMu.Lock()
	defer logMu.Unlock()
	if n := strings.Count(logs.String(), "storage is full"); n != 1 {
		t.Errorf("the full storage was logged %d times in under a minute, want once:\n%s", n, logs.String())
	}
}

type lockedWriter struct {
	mu *sync.Mutex
	w  *bytes.Buffer
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.w.Write(p)
}

func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	testutil.WaitFor(t, what, cond)
}
