package service_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
)

// claimCounting is the real store, counting the writes of judgements (as
// countingStore does) and the claims of each submission: a submission
// claimed twice was judged twice.
type claimCounting struct {
	*countingStore
	claimed map[int64]int // under countingStore.mu
}

func countingClaims(db *store.DB) *claimCounting {
	return &claimCounting{countingStore: counting(db), claimed: map[int64]int{}}
}

func (c *claimCounting) ClaimLane(ctx context.Context, lane judge.Lane, n, perUser int) ([]judge.Claim, error) {
	claims, err := c.DB.ClaimLane(ctx, lane, n, perUser)
	c.mu.Lock()
	for _, cl := range claims {
		c.claimed[cl.ID]++
	}
	c.mu.Unlock()
	return claims, err
}

func (c *claimCounting) claims(id int64) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.claimed[id]
}

// TestProgramOutlivesClaimTimeout: two processes share one SQLite file with
// a claim timeout of 1 s, and a program takes 3 s a board (asleep, two
// boards at once). Its lease is renewed while it is judged, so neither
// process takes it over: it is claimed once, judged once and written once.
// Without renewals the sweep finds the claim stale after 1 s and a worker
// claims and judges it again.
func TestProgramOutlivesClaimTimeout(t *testing.T) {
	sb := sandboxtest.Embedded(t)
	path := filepath.Join(t.TempDir(), "shared.db")
	cfg := service.Config{Sandbox: sb, ClaimTimeout: time.Second}
	var dbs [2]*claimCounting
	var svcs [2]*service.Service
	for i := range dbs {
		dbs[i] = countingClaims(openShared(t, path))
		svcs[i] = newService(t, dbs[i], cfg)
	}
	u, _ := floodReady(t, svcs[0])
	sub := submit(t, svcs[0], u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindProgram, Language: "cpp", Payload: source(t, "slow.cpp")})
	got := waitDone(t, svcs[1], sub.ID)
	if got.Verdict != judge.WrongAnswer || len(got.Results) != len(flooditCases) {
		t.Fatalf("slow.cpp = %s with %d boards (%+v), want wrong_answer on %d", got.Verdict, len(got.Results), got.Results, len(flooditCases))
	}
	for _, r := range got.Results {
		if r.WallMs < 3000 {
			t.Fatalf("board %d took %d ms of wall-clock time: the program did not outlive the claim timeout", r.Position, r.WallMs)
		}
	}
	// A second judging would have been claimed while the first ran, so it
	// is counted by now; its write, refused or not, ends before the
	// services close.
	for _, s := range svcs {
		if err := s.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	claims, writes := dbs[0].claims(sub.ID)+dbs[1].claims(sub.ID), dbs[0].times(sub.ID)+dbs[1].times(sub.ID)
	if claims != 1 || writes != 1 {
		t.Errorf("the program was claimed %d times and written %d times, want once each", claims, writes)
	}
	if len(got.History) != 0 {
		t.Errorf("%d earlier judgings in its history, want none", len(got.History))
	}
}

// TestProgramOfDeadProcess: a process that claimed a program and died
// (kill -9: its lease is never renewed) loses nothing with a claim
// timeout either: another process takes the claim over once it is stale,
// and judges it once.
func TestProgramOfDeadProcess(t *testing.T) {
	sb := sandboxtest.Embedded(t)
	path := filepath.Join(t.TempDir(), "shared.db")
	sub := deadProcessClaim(t, openShared(t, path), service.Config{Sandbox: sb, ClaimTimeout: time.Second})
	claimedAt := time.Now()
	live := countingClaims(openShared(t, path))
	s := newService(t, live, service.Config{Sandbox: sb, ClaimTimeout: time.Second})
	got := waitDone(t, s, sub.ID)
	if took := time.Since(claimedAt); took < time.Second {
		t.Errorf("judged %s after the dead claim: its lease of 1 s was not waited for", took)
	}
	if got.Verdict != judge.Accepted || len(got.History) != 0 || live.claims(sub.ID) != 1 {
		t.Errorf("after the takeover: %s with %d earlier judgings, claimed %d times here; want accepted, judged once", got.Verdict, len(got.History), live.claims(sub.ID))
	}
}

// TestAnswersBeforePrograms: a worker that claims a slow program and an
// answer in one batch writes the answer's verdict first, while the program
// is still being judged: an answer takes milliseconds, and behind the
// programs of its batch it waited for all of them.
func TestAnswersBeforePrograms(t *testing.T) {
	sb := sandboxtest.Embedded(t)
	db := openDB(t, "mixed.db")
	first := newService(t, db, service.Config{Sandbox: sb})
	u, cases := floodReady(t, first)
	if err := first.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	p, err := db.ProblemBySlug(ctx, "flood")
	if err != nil {
		t.Fatal(err)
	}
	// Stored before a worker runs, so that one claim takes both.
	program, err := db.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindProgram, Language: "cpp", Payload: source(t, "slow.cpp")})
	if err != nil {
		t.Fatal(err)
	}
	moves, err := db.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindMoves, CaseID: cases[1].ID, Payload: "1 2 1"})
	if err != nil {
		t.Fatal(err)
	}
	s := newService(t, db, service.Config{Sandbox: sb, Workers: 1})
	if got := waitDone(t, s, moves.ID); got.Verdict != judge.Accepted {
		t.Fatalf("moves = %s, want accepted", got.Verdict)
	}
	if got, err := s.Submission(ctx, staff, program.ID); err != nil || got.Status == judge.StatusDone {
		t.Errorf("the program was %s (%v) when the moves of its batch were judged; want still judging: it sleeps 3 s a board", got.Status, err)
	}
	waitDone(t, s, program.ID)
}
