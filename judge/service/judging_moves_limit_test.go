package service_test

import (
	"context"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// TestHugeMovesAreRefusedBeforeStoring performs the attack of issue 11.7: a
// megabyte of moves, stored whole with each submission. Texts beyond what
// the engine replays are refused (invalid) and nothing is stored; /check
// stores its submission created and judged at the same instant.
func TestHugeMovesAreRefusedBeforeStoring(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "m.db"), service.Config{})
	syncProblem(t, s, "flood", "floodit", "", judge.CaseSpec{Name: "one", Input: "3\n0 1 2\n1 1 2\n2 2 1\n"})
	cases := waitReady(t, s, "flood")
	u := mustUser(t, s, "mallory")
	huge := map[string]string{
		"floodit":  strings.Repeat("1 ", 500_000),
		"rotation": strings.Repeat("A", 1<<20-1),
		"mayan":    strings.Repeat("0 0 1\n", 170_000),
	}
	_, err := s.Submit(ctx, u, judge.Submission{UserID: u.ID, ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: cases[0].ID, Payload: huge["floodit"]})
	if judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), "more than 10000 moves") {
		t.Errorf("Submit(1 MB of moves) = %v, want invalid", err)
	}
	for puzzle, moves := range huge {
		board := map[string]string{"floodit": "2\n0 1\n1 1\n", "rotation": rotationBoard, "mayan": mayanSample}[puzzle]
		if _, err := s.Check(ctx, u, puzzle, board, moves); judge.ErrorCode(err) != judge.EINVALID {
			t.Errorf("Check(%s, %d bytes of moves) = %v, want invalid", puzzle, len(moves), err)
		}
	}
	if _, n, err := s.Submissions(ctx, u, judge.SubmissionFilter{UserID: u.ID}); err != nil || n != 0 {
		t.Errorf("%d submissions stored (%v), want none", n, err)
	}
	res, err := s.Check(ctx, u, "floodit", "2\n0 1\n1 1\n", "1")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := s.Submission(ctx, u, res.SubmissionID)
	if err != nil || sub.JudgedAt == nil || sub.JudgedAt.Before(sub.CreatedAt) {
		t.Errorf("check stored created %v, judged %v (%v): judged before created", sub.CreatedAt, sub.JudgedAt, err)
	}
}

// TestShippedCasesAreNotDeleted checks issue 11.7: deleting a shipped board
// answered 204 and the board came back at the next start. It is refused
// with a reason; an instructor's own board is deleted for good.
func TestShippedCasesAreNotDeleted(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "d.db"), service.Config{})
	syncProblem(t, s, "flood", "floodit", "", judge.CaseSpec{Name: "one", Input: "3\n0 1 2\n1 1 2\n2 2 1\n"})
	cases := waitReady(t, s, "flood")
	err := s.DeleteCase(ctx, staff, "flood", cases[0].ID)
	if judge.ErrorCode(err) != judge.ECONFLICT || !strings.Contains(judge.ErrorMessage(err), "shipped") {
		t.Errorf("DeleteCase(shipped) = %v, want conflict saying why", err)
	}
	added, err := s.AddCase(ctx, staff, "flood", judge.CaseSpec{Input: "2\n0 1\n1 1\n"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteCase(ctx, staff, "flood", added.ID); err != nil {
		t.Errorf("DeleteCase(added) = %v", err)
	}
}

// TestAddCaseReportsTheFirstError checks issue 11.7: on a 6-colour problem
// "3\n0 1 2\n1 7 2" named the missing row, not the colour 7 before it.
func TestAddCaseReportsTheFirstError(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "f.db"), service.Config{})
	p := judge.Problem{Slug: "flood", Title: "F", Puzzle: "floodit", Statement: "x", Limits: judge.Limits{MaxSize: 8, MaxColors: 6}}
	if err := s.SyncProblem(ctx, p, nil); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ input, want string }{
		{"3\n0 1 2\n1 7 2", "line 3, column 3: colour 7 is outside 0..5"},
		{"9\n0 1 2\n", "line 1, column 1: board size 9 is above this problem's limit of 8"},
		{"3\n0 1 2\n1 1 2", "needs 1 more row"},
	} {
		_, err := s.AddCase(ctx, staff, "flood", judge.CaseSpec{Input: tc.input})
		if judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), tc.want) {
			t.Errorf("AddCase(%q) = %v, want %q", tc.input, err, tc.want)
		}
	}
}
