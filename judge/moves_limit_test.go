package judge_test

import (
	"context"
	"strings"
	"testing"

	"puzzlejudge/judge"
)

// TestHugeMovesAreRefusedBeforeStoring performs the attack of issue 11.7: a
// megabyte of moves, stored whole with each submission. Texts beyond what
// the engine replays are refused (invalid) and nothing is stored; /check
// stores its submission created and judged at the same instant.
func TestHugeMovesAreRefusedBeforeStoring(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "m.db"), judge.Config{})
	syncProblem(t, s, "flood", "floodit", "", judge.CaseSpec{Name: "one", Input: "3\n0 1 2\n1 1 2\n2 2 1\n"})
	cases := waitReady(t, s, "flood")
	u := mustUser(t, s, "mallory")
	huge := map[string]string{
		"floodit":  strings.Repeat("1 ", 500_000),
		"rotation": strings.Repeat("A", 1<<20-1),
		"mayan":    strings.Repeat("0 0 1\n", 170_000),
	}
	_, err := s.Submit(ctx, judge.Submission{UserID: u.ID, ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: cases[0].ID, Payload: huge["floodit"]})
	if judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), "more than 10000 moves") {
		t.Errorf("Submit(1 MB of moves) = %v, want invalid", err)
	}
	for puzzle, moves := range huge {
		board := map[string]string{"floodit": "2\n0 1\n1 1\n", "rotation": rotationBoard, "mayan": mayanSample}[puzzle]
		if _, err := s.Check(ctx, u, puzzle, board, moves); judge.ErrorCode(err) != judge.EINVALID {
			t.Errorf("Check(%s, %d bytes of moves) = %v, want invalid", puzzle, len(moves), err)
		}
	}
	if _, n, err := s.Submissions(ctx, judge.SubmissionFilter{UserID: u.ID}); err != nil || n != 0 {
		t.Errorf("%d submissions stored (%v), want none", n, err)
	}
	res, err := s.Check(ctx, u, "floodit", "2\n0 1\n1 1\n", "1")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := s.Submission(ctx, res.SubmissionID)
	if err != nil || sub.JudgedAt == nil || sub.JudgedAt.Before(sub.CreatedAt) {
		t.Errorf("check stored created %v, judged %v (%v): judged before created", sub.CreatedAt, sub.JudgedAt, err)
	}
}
