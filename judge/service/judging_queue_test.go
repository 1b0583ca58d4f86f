package service_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
)

// countingStore is the real store, counting how often each submission's
// judgement is written.
type countingStore struct {
	*store.DB
	mu      sync.Mutex
	written map[int64]int
}

func counting(db *store.DB) *countingStore {
	return &countingStore{DB: db, written: map[int64]int{}}
}

func (c *countingStore) Finish(ctx context.Context, judged []judge.Judged) (map[int64]bool, error) {
	w, err := c.DB.Finish(ctx, judged)
	c.mu.Lock()
	for id := range w {
		c.written[id]++
	}
	c.mu.Unlock()
	return w, err
}

// times reports how many times submission id was written.
func (c *countingStore) times(id int64) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.written[id]
}

func (c *countingStore) total() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.written)
}

// payloads are move and answer texts with their verdicts on flooditCases.
var payloads = []struct {
	kind    judge.Kind
	text    string
	verdict judge.Verdict
}{
	{judge.KindMoves, "1 2 1", judge.Accepted},
	{judge.KindMoves, "1 2 1 1", judge.Suboptimal},
	{judge.KindMoves, "1 2", judge.NotSolved},
	{judge.KindMoves, "1 9", judge.Invalid},
	{judge.KindAnswer, "0\n3\n", judge.Accepted},
	{judge.KindAnswer, "0\n4\n", judge.WrongAnswer},
}

// TestConcurrentJudging runs two services -- two processes, for the
// database -- with two workers each on one SQLite file, while four clients
// submit 2,000 submissions: each must be judged exactly once, rightly, and no
// busy error may surface.
func TestConcurrentJudging(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "judge.db")
	var dbs [2]*countingStore
	var svcs [2]*service.Service
	for i := range dbs {
		dbs[i] = counting(openShared(t, path))
	}
	svcs[0] = newService(t, dbs[0], service.Config{Workers: 2, Batch: 16})
	syncProblem(t, svcs[0], "flood", "floodit", "", flooditCases...)
	cases := waitReady(t, svcs[0], "flood")
	svcs[1] = newService(t, dbs[1], service.Config{Workers: 2, Batch: 16})

	const clients, each = 4, 500
	want := make([]map[int64]judge.Verdict, clients)
	var wg sync.WaitGroup
	for c := range clients {
		u := mustUser(t, svcs[0], "user"+string(rune('a'+c)))
		want[c] = map[int64]judge.Verdict{}
		wg.Go(func() {
			s := svcs[c%2]
			for i := range each {
				p := payloads[(i+c)%len(payloads)]
				sub, err := s.Submit(ctx, u, judge.Submission{ProblemSlug: "flood", Kind: p.kind, CaseID: cases[1].ID, Payload: p.text})
				if err != nil {
					t.Errorf("Submit: %v", err)
					return
				}
				want[c][sub.ID] = p.verdict
			}
		})
	}
	wg.Wait()
	waitFor(t, "2,000 verdicts", func() bool { return dbs[0].total()+dbs[1].total() >= clients*each })
	if n, err := svcs[0].QueueLength(ctx); n != 0 || err != nil {
		t.Errorf("QueueLength = %d, %v; want 0", n, err)
	}
	judgedBy := [2]int{}
	for c := range clients {
		for id, v := range want[c] {
			n := dbs[0].written[id] + dbs[1].written[id]
			if n != 1 {
				t.Errorf("submission %d written %d times", id, n)
			}
			if dbs[1].written[id] == 1 {
				judgedBy[1]++
			} else {
				judgedBy[0]++
			}
			sub, err := svcs[0].Submission(ctx, staff, id)
			if err != nil || sub.Verdict != v || sub.Status != judge.StatusDone {
				t.Errorf("submission %d = %s %s (%v), want done %s", id, sub.Status, sub.Verdict, err, v)
			}
		}
	}
	t.Logf("judged by the two services: %v", judgedBy)
}

// TestCrashRecovery leaves submissions claimed and never finished, as a
// worker that died would, then starts a service: they are judged, and the
// dead worker's late write changes nothing.
func TestCrashRecovery(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "judge.db")
	db, err := store.OpenWith("sqlite", path, nil, store.Options{Synchronous: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	first := newService(t, db, service.Config{})
	syncProblem(t, first, "flood", "floodit", "", flooditCases...)
	waitReady(t, first, "flood")
	u := mustUser(t, first, "alice")
	if err := first.Close(ctx); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for i := range 5 {
		ids = append(ids, submit(t, first, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: payloads[4+i%2].text}).ID)
	}
	claims, err := db.Claim(ctx, 10) // the worker that will die
	if err != nil || len(claims) != 5 {
		t.Fatalf("Claim = %d claims, %v", len(claims), err)
	}
	if again, _ := db.Claim(ctx, 10); len(again) != 0 {
		t.Fatalf("a claimed submission was claimed again: %+v", again)
	}
	db.Close()

	db2 := openShared(t, path)
	cs := counting(db2)
	second := newService(t, cs, service.Config{})
	for i, id := range ids {
		sub := waitDone(t, second, id)
		if sub.Verdict != payloads[4+i%2].verdict || len(sub.Results) != 2 {
			t.Errorf("submission %d = %s with %d results, want %s with 2", id, sub.Verdict, len(sub.Results), payloads[4+i%2].verdict)
		}
	}
	// waitDone sees a verdict as soon as the store has it, a moment before
	// the counting wrapper counts it.
	waitFor(t, "the counted writes", func() bool { return cs.total() == len(ids) })
	// The dead worker wakes up and writes its stale judgement.
	stale := make([]judge.Judged, len(claims))
	for i, c := range claims {
		stale[i] = judge.Judged{ID: c.ID, Token: c.Token, Verdict: judge.JudgeError, JudgedAt: time.Now(),
			Results: []judge.CaseResult{{CaseID: 1, Verdict: judge.JudgeError}}}
	}
	if written, err := db2.Finish(ctx, stale); len(written) != 0 || err != nil {
		t.Errorf("stale Finish wrote %v, %v; want nothing", written, err)
	}
	for i, id := range ids {
		sub, _ := second.Submission(ctx, staff, id)
		if sub.Verdict != payloads[4+i%2].verdict || len(sub.Results) != 2 || cs.times(id) != 1 {
			t.Errorf("after the stale write, submission %d = %s with %d results, written %d times", id, sub.Verdict, len(sub.Results), cs.times(id))
		}
	}
}

// TestRejudgeKeepsResults rejudges with no worker running: the earlier
// verdict stays visible until the new one is written.
func TestRejudgeKeepsResults(t *testing.T) {
	ctx := context.Background()
	db := openDB(t, "judge.db")
	first := newService(t, db, service.Config{})
	syncProblem(t, first, "flood", "floodit", "", flooditCases...)
	waitReady(t, first, "flood")
	u := mustUser(t, first, "alice")
	sub := waitDone(t, first, submit(t, first, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n"}).ID)
	if sub.Verdict != judge.Accepted {
		t.Fatalf("first verdict %s", sub.Verdict)
	}
	first.Close(ctx)

	// A service not started: no worker, no solver.
	idle := service.NewService(db, service.Config{}, nil)
	c, err := idle.AddCase(ctx, staff, "flood", judge.CaseSpec{Name: "added", Input: "2\n0 1\n1 1\n"})
	if err != nil || c.Status != judge.CaseSolving || c.Position != 3 {
		t.Fatalf("AddCase = %+v, %v", c, err)
	}
	if n, err := idle.Rejudge(ctx, staff, "flood"); n != 1 || err != nil {
		t.Fatalf("Rejudge = %d, %v; want 1", n, err)
	}
	kept, _ := idle.Submission(ctx, staff, sub.ID)
	if kept.Status != judge.StatusPending || kept.Verdict != judge.Accepted || len(kept.Results) != 2 {
		t.Errorf("while queued: %s %s with %d results; want pending, the old accepted and 2 results", kept.Status, kept.Verdict, len(kept.Results))
	}

	second := newService(t, db, service.Config{})
	waitFor(t, "the rejudge", func() bool {
		s, _ := second.Submission(ctx, staff, sub.ID)
		return s.Status == judge.StatusDone
	})
	// The answer is judged against the two cases it answered, not the one
	// added since; the earlier judging is in its history.
	now, _ := second.Submission(ctx, staff, sub.ID)
	if now.Verdict != judge.Accepted || len(now.Results) != 2 || len(now.History) != 1 || now.History[0].Reason != judge.ReasonRequested || now.Changed {
		t.Errorf("after the rejudge: %+v", now)
	}
}

// flakyStore is the real store whose Finish and ProblemByID fail a given
// number of times.
type flakyStore struct {
	*store.DB
	fails     atomic.Int32
	loadFails atomic.Int32
}

func (f *flakyStore) ProblemByID(ctx context.Context, id int64) (judge.Problem, error) {
	if f.loadFails.Add(-1) >= 0 {
		return judge.Problem{}, errors.New("connection reset")
	}
	return f.DB.ProblemByID(ctx, id)
}

func (f *flakyStore) Finish(ctx context.Context, judged []judge.Judged) (map[int64]bool, error) {
	if f.fails.Add(-1) >= 0 {
		return nil, errors.New("disk I/O error")
	}
	return f.DB.Finish(ctx, judged)
}

// newFlakyService is a service over a flakyStore on the database file name,
// logging to log, with the student alice and the problem flood ready.
func newFlakyService(t *testing.T, name string) (*flakyStore, *testLog, *service.Service, judge.User) {
	t.Helper()
	fs := &flakyStore{DB: openDB(t, name)}
	log := &testLog{}
	s := newServiceLog(t, fs, service.Config{}, slogOf(log))
	u, _ := floodReady(t, s)
	return fs, log, s, u
}

// TestFinishRetried makes the write of a batch fail twice: the worker tries
// again and the verdict is written once.
func TestFinishRetried(t *testing.T) {
	fs, log, s, u := newFlakyService(t, "f.db")
	fs.fails.Store(2)
	sub := waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n"}).ID)
	if sub.Verdict != judge.Accepted || len(sub.Results) != 2 {
		t.Errorf("after two failed writes: %s with %d results", sub.Verdict, len(sub.Results))
	}
	if msgs := log.messages(); len(msgs) != 2 || !strings.Contains(msgs[0], "trying again") {
		t.Errorf("logged %q, want two warnings", msgs)
	}
}

// TestClaimTimeout runs two processes with a claim timeout: a restarting
// process leaves the fresh claims of another alone, and takes over the claims
// of one that died once they are older than the timeout.
func TestClaimTimeout(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "judge.db")
	open := func() *store.DB {
		return openShared(t, path)
	}
	setup := newService(t, open(), service.Config{})
	syncProblem(t, setup, "flood", "floodit", "", flooditCases...)
	waitReady(t, setup, "flood")
	u := mustUser(t, setup, "alice")
	setup.Close(ctx)
	sub := submit(t, setup, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n"})
	other := open() // a live process holding a claim
	if claims, err := other.Claim(ctx, 10); len(claims) != 1 || err != nil {
		t.Fatalf("Claim = %v, %v", claims, err)
	}

	patient := newService(t, open(), service.Config{ClaimTimeout: time.Hour})
	time.Sleep(50 * time.Millisecond) // time for a wrong reset and a judging
	if got, _ := patient.Submission(ctx, staff, sub.ID); got.Status != judge.StatusJudging {
		t.Errorf("a fresh claim of another process was taken: %s", got.Status)
	}
	patient.Close(ctx)

	// The other process dies; with a short timeout its claim is taken over.
	taker := newService(t, open(), service.Config{ClaimTimeout: 20 * time.Millisecond})
	if got := waitDone(t, taker, sub.ID); got.Verdict != judge.Accepted {
		t.Errorf("taken-over claim judged %s", got.Verdict)
	}
}

// TestLoadFailureReleases makes reading the problem fail once: the claims
// are released and judged later, not judged as judge_error.
func TestLoadFailureReleases(t *testing.T) {
	fs, log, s, u := newFlakyService(t, "l.db")
	fs.loadFails.Store(1)
	sub := waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n"}).ID)
	if sub.Verdict != judge.Accepted {
		t.Errorf("after a failed read: %s %+v", sub.Verdict, sub.Results)
	}
	if msgs := log.messages(); len(msgs) != 1 || !strings.Contains(msgs[0], "connection reset") {
		t.Errorf("logged %q, want the one failure", msgs)
	}
}
