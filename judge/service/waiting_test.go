package service_test

import (
	"context"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// TestNoVerdictBeforeItsReference: an answer and moves sent while a board
// they need is still being solved (another process holds its solve) stay
// pending, saying what they wait for, and are never judge_error; once the
// solve ends they are judged, and that first verdict is their only one.
// Moves whose verdict needs no optimum (an illegal colour) are judged at
// once.
func TestNoVerdictBeforeItsReference(t *testing.T) {
	ctx := context.Background()
	db := openDB(t, "judge.db")
	s := newService(t, db, service.Config{ClaimTimeout: time.Minute})
	u, _ := floodReady(t, s)

	// A board added through a process that solves nothing, whose solve
	// another process holds: it stays solving while this one judges.
	idle := service.NewService(db, service.Config{}, nil)
	added, err := idle.AddCase(ctx, staff, "flood", judge.CaseSpec{Name: "added", Input: "2\n0 1\n1 1\n"})
	if err != nil || added.Status != judge.CaseSolving {
		t.Fatalf("AddCase = %+v, %v; want solving", added, err)
	}
	if ok, err := db.ClaimCase(ctx, added.ID, time.Now().Add(-time.Hour)); !ok || err != nil {
		t.Fatalf("ClaimCase = %v, %v", ok, err)
	}

	answer := submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n1\n"})
	moves := submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: added.ID, Payload: "1"})
	illegal := submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: added.ID, Payload: "9"})

	for _, id := range []int64{answer.ID, moves.ID, illegal.ID} {
		var sub judge.Submission
		waitFor(t, "waiting", func() bool {
			sub, err = s.Submission(ctx, staff, id)
			if err != nil {
				t.Fatal(err)
			}
			if sub.Status == judge.StatusDone {
				t.Fatalf("submission %d judged %s before its board's reference answer", id, sub.Verdict)
			}
			return sub.Waiting > 0
		})
		if sub.Status != judge.StatusPending || sub.Waiting != 1 || sub.WaitingText().Text() != "the reference answer of 1 board" {
			t.Errorf("submission %d = %s waiting %d (%q), want pending waiting for the reference answer of 1 board", id, sub.Status, sub.Waiting, sub.WaitingText().Text())
		}
	}
	// Workers meanwhile leave them be: still pending, not claimed again and
	// again (no judge_error, no history).
	time.Sleep(300 * time.Millisecond)
	if sub, _ := s.Submission(ctx, staff, answer.ID); sub.Status != judge.StatusPending {
		t.Fatalf("the waiting answer became %s", sub.Status)
	}

	// The other process gives the solve up; this one solves the board and
	// judges what waited for it.
	if err := db.ReleaseCase(ctx, added.ID); err != nil {
		t.Fatal(err)
	}
	for _, want := range []struct {
		id      int64
		verdict judge.Verdict
	}{{answer.ID, judge.Accepted}, {moves.ID, judge.Accepted}, {illegal.ID, judge.Invalid}} {
		sub := waitDone(t, s, want.id)
		if sub.Verdict != want.verdict || len(sub.History) != 0 || sub.Waiting != 0 {
			t.Errorf("submission %d = %s after %d earlier judgings (waiting %d), want %s, judged once", want.id, sub.Verdict, len(sub.History), sub.Waiting, want.verdict)
		}
	}
}

// TestWaitingForADeletedBoard: a submission that waits for a board the
// instructor deletes is judged without it, at once.
func TestWaitingForADeletedBoard(t *testing.T) {
	ctx := context.Background()
	db := openDB(t, "judge.db")
	s := newService(t, db, service.Config{ClaimTimeout: time.Minute})
	u, _ := floodReady(t, s)
	idle := service.NewService(db, service.Config{}, nil)
	added, err := idle.AddCase(ctx, staff, "flood", judge.CaseSpec{Name: "added", Input: "2\n0 1\n1 1\n"})
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := db.ClaimCase(ctx, added.ID, time.Now().Add(-time.Hour)); !ok || err != nil {
		t.Fatalf("ClaimCase = %v, %v", ok, err)
	}
	answer := submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n1\n"})
	waitFor(t, "waiting", func() bool {
		sub, err := s.Submission(ctx, staff, answer.ID)
		return err == nil && sub.Waiting == 1
	})
	if err := s.DeleteCase(ctx, staff, "flood", added.ID); err != nil {
		t.Fatal(err)
	}
	if sub := waitDone(t, s, answer.ID); sub.Verdict != judge.Accepted || len(sub.Results) != 2 {
		t.Errorf("after the board's deletion = %s on %d boards, want accepted on the 2 left", sub.Verdict, len(sub.Results))
	}
}

// TestProgramBesideAWaitingAnswer: a batch whose answers all wait for
// reference answers still judges its programs (they were once left
// claimed, judging for good).
func TestProgramBesideAWaitingAnswer(t *testing.T) {
	ctx := context.Background()
	sb := sandboxtest.Embedded(t)
	db := openDB(t, "judge.db")
	first := newService(t, db, service.Config{})
	u, _ := floodReady(t, first)
	first.Close(ctx)

	// Stored by a process that judges nothing: an answer to a problem whose
	// board another process is solving, and a program to a ready one.
	idle := service.NewService(db, service.Config{Sandbox: sb}, nil)
	syncProblem(t, idle, "held", "floodit", "", judge.CaseSpec{Name: "one", Input: "2\n0 1\n1 1\n"})
	_, cases, err := idle.Problem(ctx, staff, "held")
	if err != nil || len(cases) != 1 {
		t.Fatalf("held: %v, %v", cases, err)
	}
	if ok, err := db.ClaimCase(ctx, cases[0].ID, time.Now().Add(-time.Hour)); !ok || err != nil {
		t.Fatalf("ClaimCase = %v, %v", ok, err)
	}
	answer := submit(t, idle, u, judge.Submission{ProblemSlug: "held", Kind: judge.KindAnswer, Payload: "1\n"})
	program := submit(t, idle, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindProgram, Language: "cpp",
		Payload: source(t, "../../problems/floodit/submissions/accepted/ida.cpp")})

	// One worker claims both at once.
	s := newService(t, db, service.Config{Sandbox: sb, Workers: 1, ClaimTimeout: time.Minute})
	if sub := waitDone(t, s, program.ID); sub.Verdict != judge.Accepted {
		t.Errorf("the program = %s, want accepted", sub.Verdict)
	}
	if sub, _ := s.Submission(ctx, staff, answer.ID); sub.Status != judge.StatusPending || sub.Waiting != 1 {
		t.Errorf("the answer = %s waiting %d, want pending, waiting for 1 board", sub.Status, sub.Waiting)
	}
}
