package service_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
)

// fairBacklog is the size of the rejudge of TestNewBeforeRejudge; the
// figure in docs/PERFORMANCE.md ("Fair queues") was taken with -fair.backlog=20000.
var fairBacklog = flag.Int("fair.backlog", 5000, "submissions rejudged by TestNewBeforeRejudge")

// TestNewBeforeRejudge queues a rejudge of a large backlog, then submits
// new move submissions while it drains, and checks that they are judged
// ahead of the backlog (issue 15, "Fair queues"): each waits for a few
// batches at most, whatever the machine's load. The submit-to-verdict times
// it logs are the figures of docs/PERFORMANCE.md, "Fair queues" (goal: p95
// under a second), a failing bound only with $PUZZLEJUDGE_FAIR_P95_MS.
func TestNewBeforeRejudge(t *testing.T) {
	backlog := *fairBacklog
	// synchronous=normal only to fill the backlog quickly; the claims and
	// the writes of the verdicts are the same with full.
	db, err := store.OpenWith("sqlite", filepath.Join(t.TempDir(), "fair.db"), nil, store.Options{Synchronous: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	s := newService(t, db, service.Config{Workers: 2, PollInterval: 5 * time.Millisecond})
	ctx := context.Background()
	user := mustUser(t, s, "ada")
	syncProblem(t, s, "flood", "floodit", "", benchBoards(8, 6)...)
	cases := waitReady(t, s, "flood")
	submit := func(i int) int64 {
		c := cases[i%len(cases)]
		sub, err := s.Submit(ctx, user, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: c.ID, Payload: c.Expected.Moves})
		if err != nil {
			t.Error(err)
		}
		return sub.ID
	}
	var wg sync.WaitGroup
	for w := range 16 {
		wg.Go(func() {
			for i := w; i < backlog; i += 16 {
				submit(i)
			}
		})
	}
	wg.Wait()
	queue := func() int {
		n, err := s.QueueLength(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	waitFor(t, "the backlog judged", func() bool { return queue() == 0 })

	if n, err := s.Rejudge(ctx, staff, "flood"); err != nil || n != backlog {
		t.Fatalf("Rejudge = %d, %v; want %d", n, err, backlog)
	}
	start := time.Now()
	var (
		mu        sync.Mutex
		latencies []time.Duration
		left      []int // queue length when each new one was judged
		newIDs    []int64
		queuedAt  = map[int64]time.Time{} // when Submit returned
		submits   []time.Duration         // the time in Submit of each
	)
	var waits sync.WaitGroup
	// At least minNew new submissions, and new ones until the backlog is down
	// to a fifth: a fast machine may drain it before a dozen are in, and the
	// late ones then measure an idle queue, which the check of the first
	// verdict below tells apart.
	const minNew = 12
	for i := 0; i < minNew || queue() > backlog/5; i++ {
		t0 := time.Now()
		id := submit(i)
		newIDs, queuedAt[id] = append(newIDs, id), time.Now()
		submits = append(submits, time.Since(t0))
		waits.Go(func() {
			for {
				sub, err := s.Submission(ctx, staff, id)
				if err != nil {
					t.Error(err)
					return
				}
				if sub.Status == judge.StatusDone {
					d, n := time.Since(t0), queue()
					mu.Lock()
					latencies, left = append(latencies, d), append(left, n)
					mu.Unlock()
					return
				}
				time.Sleep(2 * time.Millisecond)
			}
		})
		// Often enough that a quiet machine, which drains the backlog in
		// well under a second, still sees a dozen new submissions.
		time.Sleep(3 * time.Millisecond)
	}
	waits.Wait()
	drained := time.Since(start)
	if len(latencies) < minNew {
		t.Fatalf("%d verdicts for at least %d new submissions", len(latencies), minNew)
	}
	slices.Sort(latencies)
	slices.Sort(submits)
	p := func(q float64) time.Duration { return latencies[int(q*float64(len(latencies)-1))] }
	ps := func(q float64) time.Duration {
		return submits[int(q*float64(len(submits)-1))].Round(100 * time.Microsecond)
	}
	t.Logf("backlog %d rejudged: %d new submissions judged while it drained (%.1fs), submit-to-verdict p50 %v, p95 %v, max %v; backlog left at the last verdict: %d",
		backlog, len(latencies), drained.Seconds(), p(0.5).Round(time.Millisecond), p(0.95).Round(time.Millisecond), p(1).Round(time.Millisecond), left[len(left)-1])
	t.Logf("the time in Submit (SQLite's one writer is shared with the workers' batches): p50 %v, p95 %v, max %v", ps(0.5), ps(0.95), ps(1))
	waitFor(t, "the rejudge judged", func() bool { return queue() == 0 })
	all := time.Since(start)
	t.Logf("the whole rejudge drained in %.2fs (%.0f submissions/s)", all.Seconds(), float64(backlog+len(newIDs))/all.Seconds())
	// Fair: a new submission waits for the batches the two workers already
	// hold, never for the backlog (in the order of arrival the first ones
	// would wait for thousands of rejudges). Counted exactly from the stored
	// times, so it holds at any load: the rejudges whose batch began after the
	// new one was queued (Submit returned) and before its own batch began (a
	// batch's verdicts share one time, taken when it begins). The time Submit
	// itself takes (SQLite's one writer, busy with the batches) is logged. The wall-clock goal (p95 < 1 s)
	// is a figure, logged above, and a failing bound only when
	// $PUZZLEJUDGE_FAIR_P95_MS asks for it.
	const batch = 64 // service.Config's default Batch
	judged := map[int64]time.Time{}
	for off := 0; ; off += 1000 {
		page, _, err := s.Submissions(ctx, staff, judge.SubmissionFilter{ProblemSlug: "flood", Limit: 1000, Offset: off})
		if err != nil {
			t.Fatal(err)
		}
		if len(page) == 0 {
			break
		}
		for _, sub := range page {
			if sub.JudgedAt != nil {
				judged[sub.ID] = *sub.JudgedAt
			}
		}
	}
	isNew := map[int64]bool{}
	for _, id := range newIDs {
		isNew[id] = true
	}
	worst := 0
	for _, id := range newIDs {
		c, j := queuedAt[id], judged[id]
		n := 0
		for r, at := range judged {
			if !isNew[r] && at.After(c) && at.Before(j) {
				n++
			}
		}
		worst = max(worst, n)
	}
	if worst > 4*batch {
		t.Errorf("a new submission waited for %d rejudges; want at most %d (the batches the workers held)", worst, 4*batch)
	}
	t.Logf("the most rejudges judged ahead of a queued new submission: %d", worst)
	if ms, err := strconv.Atoi(os.Getenv("PUZZLEJUDGE_FAIR_P95_MS")); err == nil && p(0.95) > time.Duration(ms)*time.Millisecond {
		t.Errorf("p95 submit-to-verdict %v behind a rejudge, over $PUZZLEJUDGE_FAIR_P95_MS = %d", p(0.95), ms)
	}
}
