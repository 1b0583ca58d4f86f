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

// testClaimRenewals checks Renew, the lease of a claimed submission: a
// renewed claim is not stale for ResetJudging (a sweep), a claim taken over
// or released is not renewed, and the new claim is.
func testClaimRenewals(t *testing.T, open opener) {
	ctx := context.Background()
	a, b := open(t), open(t)
	u, err := a.CreateUser(ctx, judge.User{Username: "alice", Role: judge.RoleStudent}, []byte("h"))
	if err != nil {
		t.Fatal(err)
	}
	p, _ := a.syncProblem(ctx, judge.Problem{Slug: "flood", Puzzle: "floodit"})
	var ids []int64
	for range 2 {
		s, err := a.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindProgram, Language: "cpp", Payload: "int main() {}"})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, s.ID)
	}
	claims, err := a.Claim(ctx, 2)
	if err != nil || len(claims) != 2 {
		t.Fatalf("Claim(2) = %d, %v", len(claims), err)
	}
	time.Sleep(20 * time.Millisecond)
	renewedAt := time.Now()
	if held, err := a.Renew(ctx, claims[:1]); err != nil || !held[ids[0]] || len(held) != 1 {
		t.Fatalf("Renew = %v, %v; want the first claim renewed", held, err)
	}
	// A sweep of the claims older than renewedAt (claimed before it, and
	// the first renewed after it) takes over the second only.
	if n, err := b.ResetJudging(ctx, renewedAt); err != nil || n != 1 {
		t.Fatalf("ResetJudging = %d, %v; want 1: the claim not renewed", n, err)
	}
	if held, err := a.Renew(ctx, claims); err != nil || !held[ids[0]] || held[ids[1]] {
		t.Errorf("Renew after the sweep = %v, %v; want the first only: the second is pending again", held, err)
	}
	again, err := b.Claim(ctx, 2)
	if err != nil || len(again) != 1 || again[0].ID != ids[1] {
		t.Fatalf("Claim after the sweep = %+v, %v; want the second", again, err)
	}
	if held, _ := a.Renew(ctx, claims[1:]); held[ids[1]] {
		t.Error("the claim taken over was renewed")
	}
	if held, _ := b.Renew(ctx, again); !held[ids[1]] {
		t.Error("the claim that took over was not renewed")
	}
	if err := a.Release(ctx, claims[:1]); err != nil {
		t.Fatal(err)
	}
	if held, _ := a.Renew(ctx, claims[:1]); len(held) != 0 {
		t.Errorf("a released claim was renewed: %v", held)
	}
	if held, err := a.Renew(ctx, nil); err != nil || len(held) != 0 {
		t.Errorf("Renew(nil) = %v, %v", held, err)
	}
}
