package store

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// testCaseLeases checks the lease on solving a case: one claim of several
// concurrent ones (from two handles, as two processes) wins, a live lease
// is kept, a stale one is taken over, and finishing or a new input ends it.
func testCaseLeases(t *testing.T, open opener) {
	ctx := context.Background()
	a, b := open(t), open(t)
	p, _ := a.syncProblem(ctx, judge.Problem{Slug: "flood", Puzzle: "floodit"})
	c, err := a.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: "1", Input: "x"})
	if err != nil {
		t.Fatal(err)
	}
	past := time.Now().Add(-time.Minute) // leases older than this are stale
	var won atomic.Int32
	var wg sync.WaitGroup
	for i := range 8 {
		d := []*DB{a, b}[i%2]
		wg.Go(func() {
			ok, err := d.ClaimCase(ctx, c.ID, past)
			if err != nil {
				t.Error(err)
			}
			if ok {
				won.Add(1)
			}
		})
	}
	wg.Wait()
	if n := won.Load(); n != 1 {
		t.Fatalf("%d of 8 concurrent claims won, want 1", n)
	}
	if ok, _ := b.ClaimCase(ctx, c.ID, past); ok {
		t.Error("a live lease was taken")
	}
	if ok, _ := b.ClaimCase(ctx, c.ID, time.Now().Add(time.Second)); !ok {
		t.Error("a stale lease was not taken over")
	}
	if err := b.ReleaseCase(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	if ok, _ := a.ClaimCase(ctx, c.ID, past); !ok {
		t.Error("a released lease was not claimable")
	}
	if err := a.FinishCase(ctx, c.ID, "x", judge.CaseReady, judge.Solution{Answer: "1"}, "", nil); err != nil {
		t.Fatal(err)
	}
	if ok, _ := a.ClaimCase(ctx, c.ID, past); ok {
		t.Error("a ready case was claimed")
	}
	if err := a.MarkSolving(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	if ok, _ := b.ClaimCase(ctx, c.ID, past); !ok {
		t.Error("a case solving again was not claimable")
	}
}
