package store

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge"
)

// TestCommitterGroups runs concurrent inserts through a committer whose
// write is slow, as a synced commit is: the waiting inserts go together,
// each caller gets its own id, and the error of a failed group reaches every
// caller of that group.
func TestCommitterGroups(t *testing.T) {
	for _, tc := range []struct {
		name string
		fail error
	}{
		{"ok", nil},
		{"failing", errors.New("disk on fire")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var mu sync.Mutex
			var sizes []int
			next := int64(0)
			c := newCommitter(func(group []*insertRequest) error {
				time.Sleep(20 * time.Millisecond)
				mu.Lock()
				defer mu.Unlock()
				sizes = append(sizes, len(group))
				for _, r := range group {
					next++
					r.id = next
				}
				return tc.fail
			})
			defer c.close()
			const n = 50
			ids := make([]int64, n)
			errs := make([]error, n)
			var wg sync.WaitGroup
			for i := range n {
				wg.Go(func() { ids[i], errs[i] = c.insert(context.Background(), judge.Submission{Payload: "x"}) })
			}
			wg.Wait()
			if len(sizes) >= n {
				t.Errorf("%d commits for %d inserts: nothing was grouped (%v)", len(sizes), n, sizes)
			}
			for i := range n {
				if !errors.Is(errs[i], tc.fail) || (tc.fail == nil) != (ids[i] != 0) {
					t.Errorf("insert %d = %d, %v; want error %v", i, ids[i], errs[i], tc.fail)
				}
			}
			if tc.fail == nil {
				slices.Sort(ids)
				if len(slices.Compact(ids)) != n {
					t.Errorf("ids %v are not distinct", ids)
				}
			}
		})
	}
}

// TestCommitterClosed checks that an insert after close fails at once.
func TestCommitterClosed(t *testing.T) {
	c := newCommitter(func([]*insertRequest) error { return nil })
	c.close()
	c.close()
	if _, err := c.insert(context.Background(), judge.Submission{}); !errors.Is(err, errClosed) {
		t.Errorf("insert after close = %v, want %v", err, errClosed)
	}
}

// testConcurrentInserts submits from many goroutines at once through the real
// group commit: every submission is stored, pending, with an id of its own.
func testConcurrentInserts(t *testing.T, open opener) {
	ctx := context.Background()
	d := open(t)
	u, p := aliceAndFlood(t, d)
	const clients, each = 40, 25
	ids := testutil.Concurrently(clients, each, func() (int64, bool) {
		s, err := d.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindAnswer, Payload: "0"})
		if err != nil || s.ID == 0 || s.Status != judge.StatusPending {
			t.Errorf("CreateSubmission = %+v, %v", s, err)
			return 0, false
		}
		return s.ID, true
	})
	if len(ids) != clients*each || len(slices.Compact(ids)) != clients*each {
		t.Errorf("%d distinct ids of %d submissions", len(ids), clients*each)
	}
	if n, err := d.QueueLength(ctx); n != clients*each || err != nil {
		t.Errorf("QueueLength = %d, %v; want %d", n, err, clients*each)
	}
}
