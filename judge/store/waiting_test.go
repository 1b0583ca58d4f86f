package store

import (
	"context"
	"testing"

	"puzzlejudge/judge"
)

// testWaiting: a claim put back to wait for solving cases is left out of
// the claims until Unwait; one whose cases were solved meanwhile is
// claimable at once; the sweep (Unwait(0)) frees only the submissions of
// problems with no case solving.
func testWaiting(t *testing.T, open opener) {
	ctx := context.Background()
	a, b := open(t), open(t)
	u, p := aliceAndFlood(t, a)
	var cases []judge.Case
	for _, name := range []string{"one", "two"} {
		c, err := a.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: name, Input: "2\n0 1\n1 1\n"})
		if err != nil || c.Status != judge.CaseSolving {
			t.Fatalf("AddCase = %+v, %v; want solving", c, err)
		}
		cases = append(cases, c)
	}
	var ids []int64
	for range 2 {
		s, err := a.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindAnswer, Payload: "1\n1\n"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, s.ID)
	}
	claims, err := a.Claim(ctx, 2)
	if err != nil || len(claims) != 2 {
		t.Fatalf("Claim(2) = %d, %v", len(claims), err)
	}
	if err := a.Wait(ctx, claims[0], 2, []int64{cases[0].ID, cases[1].ID}); err != nil {
		t.Fatal(err)
	}
	// The second waited for a case solved before its Wait: claimable.
	if err := a.FinishCase(ctx, cases[1].ID, cases[1].Input, judge.CaseReady, judge.Solution{Answer: "1", Optimal: 1, Solvable: true}, "", nil); err != nil {
		t.Fatal(err)
	}
	if err := a.Wait(ctx, claims[1], 1, []int64{cases[1].ID}); err != nil {
		t.Fatal(err)
	}
	sub, err := b.Submission(ctx, ids[0])
	if err != nil || sub.Status != judge.StatusPending || sub.Waiting != 2 {
		t.Fatalf("the waiting submission = %s waiting %d, %v; want pending, 2", sub.Status, sub.Waiting, err)
	}
	again, err := b.Claim(ctx, 10)
	if err != nil || len(again) != 1 || again[0].ID != ids[1] {
		t.Fatalf("Claim = %v, %v; want the second alone (its case was solved)", again, err)
	}
	if n, err := b.Unwait(ctx, 0); err != nil || n != 0 {
		t.Errorf("the sweep with a case solving = %d, %v; want 0", n, err)
	}
	if n, err := b.Unwait(ctx, p.ID); err != nil || n != 1 {
		t.Errorf("Unwait(problem) = %d, %v; want 1", n, err)
	}
	again, err = a.Claim(ctx, 10)
	if err != nil || len(again) != 1 || again[0].ID != ids[0] {
		t.Fatalf("Claim after Unwait = %v, %v; want the first", again, err)
	}
	if err := a.Wait(ctx, again[0], 1, []int64{cases[0].ID}); err != nil {
		t.Fatal(err)
	}
	if err := a.FinishCase(ctx, cases[0].ID, cases[0].Input, judge.CaseReady, judge.Solution{Answer: "1", Optimal: 1, Solvable: true}, "", nil); err != nil {
		t.Fatal(err)
	}
	if n, err := b.Unwait(ctx, 0); err != nil || n != 1 {
		t.Errorf("the sweep with no case solving = %d, %v; want 1", n, err)
	}
}
