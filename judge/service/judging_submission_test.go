package service_test

import (
	"context"
	"slices"
	"testing"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// TestConcurrentSubmits submits from many clients at once, so that the
// store commits them in groups: every submission is acknowledged with an id
// of its own, stored, and judged.
func TestConcurrentSubmits(t *testing.T) {
	s := newService(t, openDB(t, "c.db"), service.Config{})
	u, _ := floodReady(t, s)
	const clients, each = 32, 20
	ids := testutil.Concurrently(clients, each, func() (int64, bool) {
		sub, err := s.Submit(context.Background(), u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n"})
		if err != nil {
			t.Errorf("Submit: %v", err)
			return 0, false
		}
		return sub.ID, true
	})
	if len(ids) != clients*each || len(slices.Compact(ids)) != clients*each {
		t.Fatalf("%d distinct ids for %d submissions", len(slices.Compact(ids)), clients*each)
	}
	for _, id := range ids {
		if sub := waitDone(t, s, id); sub.Verdict != judge.Accepted {
			t.Errorf("submission %d = %s, want accepted", id, sub.Verdict)
		}
	}
}
