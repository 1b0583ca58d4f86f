package judge_test

import (
	"context"
	"slices"
	"sync"
	"testing"

	"puzzlejudge/judge"
)

// TestConcurrentSubmits submits from many clients at once, so that the
// store commits them in groups: every submission is acknowledged with an id
// of its own, stored, and judged.
func TestConcurrentSubmits(t *testing.T) {
	s := newService(t, openDB(t, "c.db"), judge.Config{})
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	waitReady(t, s, "flood")
	u := mustUser(t, s, "alice")
	const clients, each = 32, 20
	var mu sync.Mutex
	var ids []int64
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for range each {
				sub, err := s.Submit(context.Background(), u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n"})
				if err != nil {
					t.Errorf("Submit: %v", err)
					return
				}
				mu.Lock()
				ids = append(ids, sub.ID)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	slices.Sort(ids)
	if len(ids) != clients*each || len(slices.Compact(ids)) != clients*each {
		t.Fatalf("%d distinct ids for %d submissions", len(slices.Compact(ids)), clients*each)
	}
	for _, id := range ids {
		if sub := waitDone(t, s, id); sub.Verdict != judge.Accepted {
			t.Errorf("submission %d = %s, want accepted", id, sub.Verdict)
		}
	}
}
