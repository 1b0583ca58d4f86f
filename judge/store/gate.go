package store

import (
	"sync"
	"sync/atomic"
)

// writeGate hands SQLite's one write lock between this process's writers of
// the queue while a backlog drains, the inserts of new submissions first.
// Without it they meet on the lock itself, whose busy handler polls
// (sleeping 1, 2, 5 ... up to 100 ms between tries): a Submit asleep in it
// let the judge workers' batch transactions, back to back while a rejudge
// drained, take the lock again and again, and waited 0.1-1.5 s
// (docs/PERFORMANCE.md, "Fair queues"). Through the gate an insert waits at
// most for the one transaction in progress, and the workers never begin a
// claim or a write of verdicts while an insert is waiting.
//
// The workers go through the gate only while their claims come full (a
// backlog): when submissions come one by one, handing them the lock the
// moment an insert ends made them claim and write one or two at a time, a
// transaction (and a sync of the disk) each, and halved the throughput of a
// client submitting one after another; there SQLite's lock decides, as
// before. Inserts always go through the gate. On PostgreSQL, which has no
// single writer, the gate is nil and lets all pass. Other processes on the
// same SQLite file still meet this one on the busy timeout.
type writeGate struct {
	mu      sync.Mutex
	held    bool
	inserts []chan struct{} // waiting inserts, first come first
	batches []chan struct{} // waiting workers, first come first
	backlog atomic.Bool     // the last claim came full
}

// newWriteGate returns the gate of a database: nil (no gate) on PostgreSQL.
func newWriteGate(postgres bool) *writeGate {
	if postgres {
		return nil
	}
	return &writeGate{}
}

// lock waits for the write lock of the process: an insert (insert true)
// before any worker.
func (g *writeGate) lock(insert bool) {
	if g == nil {
		return
	}
	g.mu.Lock()
	if !g.held && (insert || len(g.inserts) == 0) {
		g.held = true
		g.mu.Unlock()
		return
	}
	turn := make(chan struct{})
	if insert {
		g.inserts = append(g.inserts, turn)
	} else {
		g.batches = append(g.batches, turn)
	}
	g.mu.Unlock()
	<-turn // handed over by unlock, held
}

// unlock hands the write lock to the first waiting insert, or else to the
// first waiting worker, or frees it.
func (g *writeGate) unlock() {
	if g == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case len(g.inserts) > 0:
		close(g.inserts[0])
		g.inserts = g.inserts[1:]
	case len(g.batches) > 0:
		close(g.batches[0])
		g.batches = g.batches[1:]
	default:
		g.held = false
	}
}

// worker takes the gate for a worker's write transaction if a backlog is
// draining, and says whether it did: the caller passes that to release.
func (g *writeGate) worker() bool {
	if g == nil || !g.backlog.Load() {
		return false
	}
	g.lock(false)
	return true
}

// release ends a worker's transaction begun after worker.
func (g *writeGate) release(held bool) {
	if held {
		g.unlock()
	}
}

// claimed records whether a claim came full: the workers go through the
// gate until one does not.
func (g *writeGate) claimed(full bool) {
	if g != nil {
		g.backlog.Store(full)
	}
}

// waiting returns the inserts and the workers waiting for the gate.
func (g *writeGate) waiting() (inserts, batches int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.inserts), len(g.batches)
}
