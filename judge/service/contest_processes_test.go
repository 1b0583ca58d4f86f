package service_test

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// TestContestBoardAcrossProcesses runs two processes on one database, as
// a deployment with a claim timeout does: a board the second process has
// loaded follows the submissions and verdicts the first one writes, and
// their rejudges, without being read whole again, and stays still (its
// version too) while nothing changes.
func TestContestBoardAcrossProcesses(t *testing.T) {
	t.Parallel() // it mostly waits for the second process's catch-ups
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "judge.db")
	c := &clock{t: t0.Add(-time.Hour)}
	cfg := service.Config{Clock: c.Now, ClaimTimeout: time.Minute}
	a := newService(t, openShared(t, path), cfg)
	e := &contestEnv{courseEnv: &courseEnv{s: a, clock: c, admin: mustInstructor(t, a, "prof"), board: map[string]int64{}}, db: openShared(t, path)}
	for _, slug := range []string{"flood", "flood2"} {
		syncProblem(t, a, slug, "floodit", "", flooditCases...)
		cases := waitReady(t, a, slug)
		e.right = cases[0].Expected.Answer + cases[1].Expected.Answer
	}
	alice, bob := mustUser(t, a, "alice"), mustUser(t, a, "bob")
	// Listed, so that their teams exist from the start: in a contest
	// open to everyone a newcomer's first submission makes their team,
	// which changes the contest and has the board read whole again.
	contest := e.contest(t, judge.ContestSpec{Participants: []string{"alice", "bob"}})
	reads := &countingReads{Store: openShared(t, path)}
	b := newService(t, reads, cfg)

	// follow reads b's board until it is want (each read may catch up).
	follow := func(what, want string) judge.Scoreboard {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			got, err := b.Scoreboard(ctx, e.admin, contest.ID)
			if err != nil {
				t.Fatal(err)
			}
			if rowsText(got) == want {
				return got
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the second process's board after 30 s:\n%s\nwant:\n%s", what, rowsText(got), want)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	follow("before any submission", "alice 1 0 0 | A:0/0/0 B:0/0/0\nbob 1 0 0 | A:0/0/0 B:0/0/0\n")
	e.submitIn(t, contest.ID, 10*time.Minute, alice, "flood", e.right)
	e.submitIn(t, contest.ID, 20*time.Minute, bob, "flood", "0\n99\n")
	e.submitIn(t, contest.ID, 30*time.Minute, bob, "flood", e.right)
	want := "alice 1 1 10 | A:1/10/0+* B:0/0/0\nbob 2 1 50 | A:2/30/0+ B:0/0/0\n"
	if got := rowsText(e.scoreboard(t, e.admin, contest.ID)); got != want {
		t.Fatalf("the first process's board:\n%s", got)
	}
	seen := follow("after three verdicts", want)

	// Nothing changes: catch-ups find only what the board holds.
	time.Sleep(1500 * time.Millisecond)
	if again := follow("unchanged", want); again.Version != seen.Version {
		t.Errorf("version moved from %d to %d while nothing changed", seen.Version, again.Version)
	}

	// A rejudge in the first process (the graded board gets another
	// input, on which both accepted answers are wrong) reaches the second.
	changed := []judge.CaseSpec{flooditCases[0], {Name: "three", Input: "3\n0 0 0\n0 0 0\n0 0 1\n"}}
	syncProblem(t, a, "flood", "floodit", "", changed...)
	waitReady(t, a, "flood")
	want = "alice 1 0 0 | A:1/0/0 B:0/0/0\nbob 1 0 0 | A:2/0/0 B:0/0/0\n"
	follow("after the rejudge", want)
	if got := rowsText(e.scoreboard(t, e.admin, contest.ID)); got != want {
		t.Errorf("the first process's board after the rejudge:\n%s", got)
	}
	// All of it came by catch-ups: the board was read whole once (the
	// test takes far less than a reload's minute).
	if n := reads.whole.Load(); n != 1 {
		t.Errorf("the second process read the board whole %d times, want 1", n)
	}
	if reads.changes.Load() == 0 {
		t.Error("the second process never asked for the changes")
	}
}

// countingReads counts a store's whole reads of contest boards and its
// catch-ups.
type countingReads struct {
	judge.Store
	whole, changes atomic.Int64
}

func (s *countingReads) ContestSubmissions(ctx context.Context, id int64) ([]judge.ContestSubmission, error) {
	s.whole.Add(1)
	return s.Store.ContestSubmissions(ctx, id)
}

func (s *countingReads) ContestChanges(ctx context.Context, id int64, since time.Time) ([]judge.ContestSubmission, error) {
	s.changes.Add(1)
	return s.Store.ContestChanges(ctx, id, since)
}
