package store

import (
	"context"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge"
)

// TestWriteGateOrder queues workers and inserts behind a held gate and checks
// the order they are let in: every insert before any worker, each kind first
// come first served.
func TestWriteGateOrder(t *testing.T) {
	g := newWriteGate(false)
	g.lock(false) // a batch in progress
	held := true
	t.Cleanup(func() {
		if held {
			g.unlock()
		}
	})
	var mu sync.Mutex
	var order []string
	var wg sync.WaitGroup
	for i, name := range []string{"worker 1", "insert 1", "worker 2", "insert 2"} {
		insert := name[0] == 'i'
		wg.Go(func() {
			g.lock(insert)
			mu.Lock()
			order = append(order, name)
			mu.Unlock()
			g.unlock()
		})
		// Each queued before the next comes.
		testutil.WaitFor(t, name+" waiting", func() bool { a, b := g.waiting(); return a+b == i+1 })
	}
	g.unlock()
	held = false
	wg.Wait()
	if want := []string{"insert 1", "insert 2", "worker 1", "worker 2"}; !slices.Equal(order, want) {
		t.Errorf("let in %v, want %v", order, want)
	}
	// Free again: the next comes in at once.
	g.lock(false)
	// Workers take the gate only while a backlog drains (their claims come
	// full); otherwise they pass a held gate, to meet on SQLite's lock.
	if held := g.worker(); held {
		t.Error("a worker took the gate with no backlog")
	}
	g.claimed(true)
	took := make(chan bool)
	go func() {
		held := g.worker()
		g.release(held)
		took <- held
	}()
	testutil.WaitFor(t, "the worker waiting", func() bool { _, b := g.waiting(); return b == 1 })
	g.unlock()
	if !<-took {
		t.Error("a worker did not take the gate while a backlog drained")
	}
	g.claimed(false)
	if held := g.worker(); held {
		t.Error("a worker took the gate after a claim that was not full")
	}
	// PostgreSQL's gate is nil and lets everyone pass.
	var none *writeGate = newWriteGate(true)
	none.lock(false)
	none.lock(true)
	none.unlock()
}

// TestInsertBeforeWaitingClaim checks the property behind the submit
// latency during a rejudge on SQLite (docs/PERFORMANCE.md, "Fair queues"):
// while a backlog drains, a worker's claim that waits for the write lock
// does not begin while a new submission's insert waits for it too, even when
// the claim came first. The claim that comes after the insert sees (and
// claims) the new submission; let in in the order of arrival, it would have
// found the queue empty.
func TestInsertBeforeWaitingClaim(t *testing.T) {
	ctx := context.Background()
	d := mustOpen(t, "sqlite", filepath.Join(t.TempDir(), "gate.db"))
	t.Cleanup(func() { d.Close() })
	u, p := aliceAndFlood(t, d)
	c, err := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: "1", Input: "x"})
	if err != nil {
		t.Fatal(err)
	}
	// A full claim: a backlog is draining.
	if _, err := d.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindMoves, CaseID: c.ID, Payload: "1"}); err != nil {
		t.Fatal(err)
	}
	if claims, err := d.Claim(ctx, 1); err != nil || len(claims) != 1 {
		t.Fatalf("Claim(1) = %v, %v; want the one pending", ids(claims), err)
	}
	d.gate.lock(false) // another worker's batch transaction in progress
	held := true
	t.Cleanup(func() { // before Close, which waits for the insert
		if held {
			d.gate.unlock()
		}
	})
	claimed := make(chan []judge.Claim, 1)
	go func() {
		claims, err := d.Claim(ctx, 1)
		if err != nil {
			t.Error(err)
		}
		claimed <- claims
	}()
	testutil.WaitFor(t, "the claim waiting", func() bool { _, b := d.gate.waiting(); return b == 1 })
	inserted := make(chan int64, 1)
	go func() {
		s, err := d.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindMoves, CaseID: c.ID, Payload: "1"})
		if err != nil {
			t.Error(err)
		}
		inserted <- s.ID
	}()
	testutil.WaitFor(t, "the insert waiting", func() bool { a, _ := d.gate.waiting(); return a == 1 })
	d.gate.unlock()
	held = false
	id, claims := <-inserted, <-claimed
	if len(claims) != 1 || claims[0].ID != id {
		t.Errorf("the waiting claim took %v; want the submission %d inserted while it waited", ids(claims), id)
	}
}
