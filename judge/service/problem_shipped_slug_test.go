package service_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// restarts returns a start of the judge over one SQLite file: a new
// service, which syncs the shipped problem floodit (a sample and a graded
// board) as every start does.
func restarts(t *testing.T) func() *service.Service {
	path := filepath.Join(t.TempDir(), "judge.db")
	shipped := judge.Problem{Slug: "floodit", Title: "Flood-it", Puzzle: "floodit", Statement: "shipped"}
	cases := []judge.CaseSpec{{Name: "01-sample", Input: "2\n0 1\n1 0\n", Sample: true}, {Name: "02", Input: "2\n0 0\n0 1\n"}}
	return func() *service.Service {
		t.Helper()
		s := newService(t, openShared(t, path), service.Config{})
		if err := s.SyncProblem(context.Background(), shipped, cases); err != nil {
			t.Fatal(err)
		}
		return s
	}
}

// TestShippedProblemKeepsItsSlug: the catalogue matches a shipped problem
// by its slug at every start, so renaming one is refused (ECONFLICT, naming
// problems/<slug>), edited (detached) or not; other edits and an
// instructor's own problem's rename go through. After a restart that syncs
// again there is still one problem, with the same id and the same boards.
func TestShippedProblemKeepsItsSlug(t *testing.T) {
	ctx := context.Background()
	start := restarts(t)
	s := start()
	teacher := instructor(t, s)
	before, beforeCases, err := s.Problem(ctx, teacher, "floodit")
	if err != nil {
		t.Fatal(err)
	}
	rename := func(step string) {
		t.Helper()
		_, err := s.UpdateProblem(ctx, teacher, "floodit", judge.ProblemPatch{Slug: ptr("my-flood"), Title: ptr("Mine")})
		if judge.ErrorCode(err) != judge.ECONFLICT || !strings.Contains(judge.ErrorMessage(err), "problems/floodit") {
			t.Fatalf("%s: renaming the shipped problem = %v, want a conflict naming problems/floodit", step, err)
		}
	}
	rename("attached")
	// The same slug is no change; another edit detaches the problem, which
	// does not free its slug.
	if _, err := s.UpdateProblem(ctx, teacher, "floodit", judge.ProblemPatch{Slug: ptr("floodit"), Statement: ptr("edited")}); err != nil {
		t.Fatalf("editing the shipped problem = %v", err)
	}
	rename("detached")
	if _, err := s.CreateProblem(ctx, teacher, judge.ProblemSpec{Slug: "mine", Title: "Mine", Puzzle: "floodit"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateProblem(ctx, teacher, "mine", judge.ProblemPatch{Slug: ptr("mine-2")}); err != nil {
		t.Errorf("renaming an instructor's problem = %v", err)
	}

	// A restart: another service over the same database syncs again.
	s = start()
	list, err := s.Problems(ctx, teacher)
	if err != nil {
		t.Fatal(err)
	}
	var slugs []string
	for _, p := range list {
		slugs = append(slugs, p.Slug)
	}
	if !slices.Equal(slugs, []string{"floodit", "mine-2"}) {
		t.Errorf("after the restart the problems are %v, want [floodit mine-2]", slugs)
	}
	after, afterCases, err := s.Problem(ctx, teacher, "floodit")
	if err != nil {
		t.Fatal(err)
	}
	if after.ID != before.ID || after.Statement != "edited" || len(afterCases) != len(beforeCases) {
		t.Fatalf("after the restart floodit is %+v with %d cases, want id %d, the edit kept, %d cases", after, len(afterCases), before.ID, len(beforeCases))
	}
	for i := range afterCases {
		if afterCases[i].ID != beforeCases[i].ID {
			t.Errorf("case %d has id %d after the restart, want %d", i, afterCases[i].ID, beforeCases[i].ID)
		}
	}
}

// TestDetachedShippedBoardsMayBeDeleted: the catalogue leaves a detached
// problem alone, so a shipped board of one is deleted like an instructor's
// (the refusal said it would come back, which it does not); a restart does
// not bring it back. An attached problem's shipped board is still refused.
func TestDetachedShippedBoardsMayBeDeleted(t *testing.T) {
	ctx := context.Background()
	start := restarts(t)
	s := start()
	teacher := instructor(t, s)
	_, have, err := s.Problem(ctx, teacher, "floodit")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteCase(ctx, teacher, "floodit", have[1].ID); judge.ErrorCode(err) != judge.ECONFLICT {
		t.Fatalf("DeleteCase(shipped board, attached) = %v, want conflict", err)
	}
	if _, err := s.UpdateProblem(ctx, teacher, "floodit", judge.ProblemPatch{Statement: ptr("edited")}); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteCase(ctx, teacher, "floodit", have[1].ID); err != nil {
		t.Fatalf("DeleteCase(shipped board, detached) = %v", err)
	}
	s = start()
	_, after, err := s.Problem(ctx, teacher, "floodit")
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != 1 || after[0].ID != have[0].ID {
		t.Errorf("after the restart the boards are %+v, want only %s", after, have[0].Name)
	}
}
