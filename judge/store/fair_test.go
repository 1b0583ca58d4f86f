package store

import (
	"context"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// testFairQueue checks that a rejudge backlog does not hold up new
// submissions: those never judged are claimed first, whenever they came,
// and a rejudge does not demote a submission that has no verdict yet.
func testFairQueue(t *testing.T, open opener) {
	ctx := context.Background()
	d := open(t)
	u, p := aliceAndFlood(t, d)
	c, _ := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: "1", Input: "x"})
	submit := func() int64 {
		t.Helper()
		s, err := d.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindMoves, CaseID: c.ID, Payload: "1"})
		if err != nil {
			t.Fatal(err)
		}
		return s.ID
	}
	const backlog = 300
	for range backlog {
		submit()
	}
	for {
		claims, err := d.Claim(ctx, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(claims) == 0 {
			break
		}
		var judged []judge.Judged
		for _, cl := range claims {
			judged = append(judged, judge.Judged{ID: cl.ID, Token: cl.Token, Verdict: judge.Accepted, Score: 100, JudgedAt: time.Now()})
		}
		if _, err := d.Finish(ctx, judged); err != nil {
			t.Fatal(err)
		}
	}
	waiting := submit() // not judged yet when the rejudge comes
	if n, err := d.RequeueFor(ctx, judge.Requeue{ProblemID: p.ID, Reason: judge.ReasonRequested}); err != nil || n != backlog+1 {
		t.Fatalf("RequeueFor = %d, %v; want %d", n, err, backlog+1)
	}
	claims, err := d.Claim(ctx, 10)
	if err != nil || len(claims) != 10 || !holds(claims, waiting) {
		t.Fatalf("first claim after the rejudge = %v, %v; want it to hold the unjudged %d", ids(claims), err, waiting)
	}
	fresh := submit() // comes after the rejudge, behind 291 rejudged
	claims, err = d.Claim(ctx, 10)
	if err != nil || !holds(claims, fresh) {
		t.Fatalf("claim after a new submission = %v, %v; want it to hold %d", ids(claims), err, fresh)
	}
	// The rejudged ones come next, oldest first.
	var last int64
	for _, cl := range claims {
		if cl.ID != fresh && cl.ID < last {
			t.Errorf("rejudged claims out of order: %v", ids(claims))
		}
		last = max(last, cl.ID)
	}
}

func holds(claims []judge.Claim, id int64) bool {
	for _, c := range claims {
		if c.ID == id {
			return true
		}
	}
	return false
}

func ids(claims []judge.Claim) []int64 {
	out := make([]int64, len(claims))
	for i, c := range claims {
		out[i] = c.ID
	}
	return out
}
