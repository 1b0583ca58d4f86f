package store

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"puzzlejudge/judge/service"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

var errInjected = errors.New("injected write failure")

// failWrites returns failAt: after failAt(k), the k-th write through d's
// gorm handle fails (counting inserts, updates, deletes and raw statements
// from 1); failAt(0) fails none.
func failWrites(t *testing.T, d *DB) (failAt func(k int64)) {
	t.Helper()
	var mu sync.Mutex
	var k, n int64
	hook := func(tx *gorm.DB) {
		mu.Lock()
		defer mu.Unlock()
		if n++; k > 0 && n == k {
			tx.AddError(errInjected)
		}
	}
	cb := d.db.Callback()
	for _, err := range []error{
		cb.Create().Before("gorm:create").Register("test:fail_create", hook),
		cb.Update().Before("gorm:update").Register("test:fail_update", hook),
		cb.Delete().Before("gorm:delete").Register("test:fail_delete", hook),
		cb.Raw().Before("gorm:raw").Register("test:fail_raw", hook),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	return func(at int64) {
		mu.Lock()
		k, n = at, 0
		mu.Unlock()
	}
}

// testSyncRollback fails the k-th write of a catalogue sync, for k = 1, 2,
// ... until the sync succeeds: each failed sync must leave the problem, its
// cases and the queue exactly as they were.
func testSyncRollback(t *testing.T, open opener) {
	ctx := context.Background()
	d := open(t)
	u, _ := d.CreateUser(ctx, judge.User{Username: "alice", Role: judge.RoleStudent}, []byte("h"))
	p, err := d.syncProblem(ctx, judge.Problem{Slug: "flood", Title: "Flood", Puzzle: "floodit"})
	if err != nil {
		t.Fatal(err)
	}
	var have []judge.Case
	for _, name := range []string{"a", "b", "c"} {
		c, err := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: name, Input: name, Shipped: true})
		if err != nil {
			t.Fatal(err)
		}
		have = append(have, c)
	}
	mine, _ := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: "mine", Input: "m"})
	sol := judge.Solution{Answer: "1\n", Moves: "1", Optimal: 1, Solvable: true, Version: "v1"}
	if err := d.FinishCase(ctx, have[0].ID, "a", judge.CaseReady, sol, "", nil); err != nil {
		t.Fatal(err)
	}
	sub, _ := d.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindAnswer, Payload: "1"})
	claims, _ := d.Claim(ctx, 1)
	if _, err := d.Finish(ctx, []judge.Judged{{ID: claims[0].ID, Token: claims[0].Token, Verdict: judge.Accepted, Score: 100, JudgedAt: time.Now()}}); err != nil {
		t.Fatal(err)
	}
	type state struct {
		Problem    judge.Problem
		Cases      []judge.Case
		Submission judge.Status
	}
	snapshot := func() state {
		t.Helper()
		p, cases := problemAndCases(t, d, "flood")
		s, err := d.Submission(ctx, sub.ID)
		if err != nil {
			t.Fatal(err)
		}
		return state{p, cases, s.Status}
	}
	before := snapshot()

	// Every kind of write: the problem renamed, "b" deleted, "a" given a
	// new input, "d" added between "a" and "c", "mine" moved, the problem
	// requeued.
	plan := func(old judge.Problem, found bool, cases []judge.Case) (judge.CatalogueChanges, error) {
		if !found || len(cases) != 4 {
			return judge.CatalogueChanges{}, fmt.Errorf("plan sees %v, %d cases", found, len(cases))
		}
		np := old
		np.Title = "Flood-it"
		a, c, m := cases[0], cases[2], cases[3]
		a.Input = "a2"
		c.Position, m.Position = 3, 4
		return judge.CatalogueChanges{
			Problem:  &np,
			Delete:   []int64{cases[1].ID},
			Save:     []judge.Case{a, {Name: "d", Input: "d", Shipped: true, Position: 2}, c, m},
			Requeues: []judge.Requeue{{Reason: "the catalogue changed"}},
		}, nil
	}
	failAt := failWrites(t, d)
	k := int64(1)
	for ; ; k++ {
		failAt(k)
		_, _, err := d.SyncCatalogue(ctx, "flood", plan)
		if err == nil {
			break
		}
		if !errors.Is(err, errInjected) {
			t.Fatalf("write %d failed: SyncCatalogue = %v, want the injected failure", k, err)
		}
		if got := snapshot(); !reflect.DeepEqual(got, before) {
			t.Fatalf("after failing write %d the catalogue is\n%+v\nwant it as it was\n%+v", k, got, before)
		}
		if k > 100 {
			t.Fatal("the sync never succeeds")
		}
	}
	if k < 7 {
		t.Errorf("the sync succeeded at write %d: fewer writes than planned", k)
	}
	after := snapshot()
	var names []string
	for _, c := range after.Cases {
		names = append(names, fmt.Sprintf("%s@%d", c.Name, c.Position))
	}
	if fmt.Sprint(names) != "[a@1 d@2 c@3 mine@4]" || after.Problem.Title != "Flood-it" || after.Submission != judge.StatusPending ||
		after.Cases[0].Status != judge.CaseSolving || after.Cases[3].ID != mine.ID {
		t.Errorf("after the sync: %+v", after)
	}
}

// testConcurrentSync syncs one new problem from two services on two
// handles (two processes starting together), two goroutines each, at once:
// every sync succeeds, and the problem and its cases are stored once.
func testConcurrentSync(t *testing.T, open opener) {
	ctx := context.Background()
	var svcs []*service.Service
	for range 2 {
		svcs = append(svcs, service.NewService(open(t), service.Config{}, nil))
	}
	p := judge.Problem{Slug: "race", Title: "Race", Puzzle: "floodit", Statement: "Flood it."}
	specs := []judge.CaseSpec{
		{Name: "1", Input: "2\n0 0\n0 0\n", Sample: true},
		{Name: "2", Input: "2\n0 1\n1 0\n"},
		{Name: "3", Input: "2\n1 1\n1 0\n"},
	}
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range 4 {
		s := svcs[i%2]
		wg.Go(func() {
			<-start
			if err := s.SyncProblem(ctx, p, specs); err != nil {
				t.Errorf("SyncProblem: %v", err)
			}
		})
	}
	close(start)
	wg.Wait()
	list, err := svcs[0].Problems(ctx, judge.User{})
	if err != nil || len(list) != 1 || list[0].Cases != len(specs) {
		t.Fatalf("Problems = %+v, %v; want one problem with %d cases", list, err, len(specs))
	}
	_, cases, err := svcs[1].CatalogueProblem(ctx, "race") // hidden cases whole, names included
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		if c.Name != specs[i].Name || c.Position != i+1 || !c.Shipped || c.Sample != specs[i].Sample {
			t.Errorf("case %d = %+v, want %s at %d, shipped", i, c, specs[i].Name, i+1)
		}
	}
}
