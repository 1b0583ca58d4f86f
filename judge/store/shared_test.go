package store

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// The state issue 15 moved into the database for several processes: the
// generation runs' leases, the login limiter's buckets and the catalogue
// version. Each test uses two handles on one database, as two processes.

func testGenerations(t *testing.T, open opener) {
	ctx := context.Background()
	a, b := open(t), open(t)
	p, _ := a.syncProblem(ctx, judge.Problem{Slug: "flood", Puzzle: "floodit"})
	run := judge.GenerationRun{ProblemID: p.ID, Spec: `{"Count":2}`, Generation: judge.Generation{ProblemSlug: "flood", Status: judge.GenRunning, Wanted: 2, Started: time.Now()}}
	id, err := a.CreateGeneration(ctx, run)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.CreateGeneration(ctx, run); code(err) != judge.ECONFLICT {
		t.Errorf("a second running run for the problem: %v, want conflict", err)
	}
	past := time.Now().Add(-time.Minute)
	var won atomic.Int32
	var token atomic.Int64
	var wg sync.WaitGroup
	for i := range 8 {
		d := []*DB{a, b}[i%2]
		wg.Go(func() {
			tok, ok, err := d.ClaimGeneration(ctx, id, past)
			if err != nil {
				t.Error(err)
			}
			if ok {
				won.Add(1)
				token.Store(tok)
			}
		})
	}
	wg.Wait()
	if n := won.Load(); n != 1 {
		t.Fatalf("%d of 8 concurrent claims won, want 1", n)
	}
	tok := token.Load()
	if cancel, err := b.RenewGeneration(ctx, id, tok, 3); err != nil || cancel {
		t.Errorf("renew: %v %v", cancel, err)
	}
	c, err := a.KeepGenerated(ctx, id, tok, judge.Case{Name: "gen-01", Input: "x"}, judge.Solution{Answer: "1", Optimal: 1, Solvable: true}, 4)
	if err != nil || c.Status != judge.CaseReady || c.Expected.Optimal != 1 || c.Position != 1 {
		t.Fatalf("keep: %+v %v", c, err)
	}
	if err := b.CancelGeneration(ctx, id); err != nil {
		t.Fatal(err)
	}
	if cancel, err := a.RenewGeneration(ctx, id, tok, 5); err != nil || !cancel {
		t.Errorf("renew after a cancel through the other handle: %v %v, want cancel", cancel, err)
	}
	// Taken over (the lease is stale now): the old token writes nothing.
	tok2, ok, err := b.ClaimGeneration(ctx, id, time.Now().Add(time.Second))
	if err != nil || !ok || tok2 == tok {
		t.Fatalf("takeover: %d %v %v", tok2, ok, err)
	}
	if _, err := a.RenewGeneration(ctx, id, tok, 6); code(err) != judge.ECONFLICT {
		t.Errorf("renew under the old claim: %v, want conflict", err)
	}
	if _, err := a.KeepGenerated(ctx, id, tok, judge.Case{Name: "gen-02", Input: "y"}, judge.Solution{}, 7); code(err) != judge.ECONFLICT {
		t.Errorf("keep under the old claim: %v, want conflict", err)
	}
	if err := a.FinishGeneration(ctx, id, tok, judge.GenDone, "r", 7, time.Now()); code(err) != judge.ECONFLICT {
		t.Errorf("finish under the old claim: %v, want conflict", err)
	}
	if err := b.FinishGeneration(ctx, id, tok2, judge.GenStopped, "stopped", 5, time.Now()); err != nil {
		t.Fatal(err)
	}
	g, err := a.GenerationRun(ctx, id)
	if err != nil || g.Status != judge.GenStopped || g.Kept != 1 || g.Tries != 5 || len(g.CaseIDs) != 1 || g.CaseIDs[0] != c.ID || g.Finished.IsZero() {
		t.Errorf("the run at its end: %+v %v", g, err)
	}
	if ids, err := b.RunningGenerations(ctx); err != nil || len(ids) != 0 {
		t.Errorf("running after the end: %v %v", ids, err)
	}
	if _, err := b.CreateGeneration(ctx, run); err != nil {
		t.Errorf("a new run once the first ended: %v", err)
	}
}

func testLoginBuckets(t *testing.T, open opener) {
	ctx := context.Background()
	a, b := open(t), open(t)
	keys := []string{"user:x", "addr:y"}
	// Twenty concurrent read-modify-writes through both handles: none lost.
	var wg sync.WaitGroup
	for i := range 20 {
		d := []*DB{a, b}[i%2]
		wg.Go(func() {
			err := d.UpdateLoginBuckets(ctx, keys, func(bs []judge.LoginBucket) ([]judge.LoginBucket, error) {
				for i := range bs {
					if !bs[i].Found {
						bs[i].Tokens = 100
					}
					bs[i].Tokens--
					bs[i].Last = time.Now()
				}
				return bs, nil
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	err := b.UpdateLoginBuckets(ctx, []string{"addr:y", "user:x"}, func(bs []judge.LoginBucket) ([]judge.LoginBucket, error) {
		for _, bk := range bs {
			if !bk.Found || bk.Tokens != 80 {
				t.Errorf("bucket %s: found %v, %v tokens, want 80", bk.Key, bk.Found, bk.Tokens)
			}
		}
		return nil, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.DeleteLoginBuckets(ctx, time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	_ = b.UpdateLoginBuckets(ctx, keys, func(bs []judge.LoginBucket) ([]judge.LoginBucket, error) {
		if bs[0].Found {
			t.Errorf("a bucket survived the sweep: %+v", bs[0])
		}
		return nil, nil
	})
}

func testCatalogueVersion(t *testing.T, open opener) {
	ctx := context.Background()
	a, b := open(t), open(t)
	seen := map[int64]string{}
	step := func(what string) {
		t.Helper()
		v, err := b.CatalogueVersion(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if prev, ok := seen[v]; ok {
			t.Errorf("%s: the catalogue version is still %d, as after %s", what, v, prev)
		}
		seen[v] = what
	}
	step("the start")
	p, _ := a.syncProblem(ctx, judge.Problem{Slug: "flood", Puzzle: "floodit"})
	step("a new problem")
	c, err := a.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: "1", Input: "x"})
	if err != nil {
		t.Fatal(err)
	}
	step("a new case")
	if err := a.FinishCase(ctx, c.ID, "x", judge.CaseReady, judge.Solution{Answer: "a"}, "", nil); err != nil {
		t.Fatal(err)
	}
	step("a solved case")
	p.Statement = "new"
	if _, err := a.syncProblem(ctx, p); err != nil {
		t.Fatal(err)
	}
	step("an edited problem")
	if err := a.DeleteCase(ctx, c.ID); err != nil {
		t.Fatal(err)
	}
	step("a deleted case")
	v1, _ := b.CatalogueVersion(ctx)
	if _, err := a.CreateUser(ctx, judge.User{Username: "u", Role: judge.RoleStudent}, []byte("h")); err != nil {
		t.Fatal(err)
	}
	if v2, _ := b.CatalogueVersion(ctx); v2 != v1 {
		t.Errorf("a new user changed the catalogue version (%d to %d)", v1, v2)
	}
}
