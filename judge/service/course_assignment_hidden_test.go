package service_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// TestAssignmentWithHiddenProblems: an archived problem cannot be added to
// an assignment, but one archived while in it stays (an edit of the
// assignment keeps it); a draft may be added. Students see such a problem
// in the assignment as unavailable, without its title, and cannot open its
// boards; its score counts for them and for the instructor alike.
func TestAssignmentWithHiddenProblems(t *testing.T) {
	ctx := context.Background()
	e := newCourseEnv(t)
	for _, slug := range []string{"soon", "retired"} {
		if _, err := e.s.CreateProblem(ctx, e.admin, judge.ProblemSpec{Slug: slug, Title: "Secret " + slug, Puzzle: "floodit"}); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.s.ArchiveProblem(ctx, e.admin, "retired"); err != nil {
		t.Fatal(err)
	}
	spec := judge.AssignmentSpec{Title: "Week 1", OpensAt: t0, DueAt: t0.Add(time.Hour),
		Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}, {Slug: "flood2"}, {Slug: "retired"}}}
	_, err := e.s.CreateAssignment(ctx, e.admin, spec)
	if judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), "problems[2]: problem retired is archived") {
		t.Fatalf("CreateAssignment(archived problem) = %v, want invalid naming problems[2] and why", err)
	}
	spec.Problems[2].Slug = "soon" // a draft: published later, students wait for it
	a, err := e.s.CreateAssignment(ctx, e.admin, spec)
	if err != nil {
		t.Fatalf("CreateAssignment(draft problem) = %v", err)
	}
	st := mustUser(t, e.s, "stu")
	e.submitAt(t, t0.Add(10*time.Minute), st, "flood2", judge.KindAnswer, "0\n3\n") // 100
	if err := e.s.ArchiveProblem(ctx, e.admin, "flood2"); err != nil {
		t.Fatal(err)
	}
	// An edit that keeps the archived problem is not refused; one that adds
	// it again after removing it is.
	if _, err := e.s.UpdateAssignment(ctx, e.admin, a.ID, judge.AssignmentPatch{Title: ptr("Week 1b")}); err != nil {
		t.Errorf("UpdateAssignment(title) with an archived problem in it = %v", err)
	}
	if _, err := e.s.UpdateAssignment(ctx, e.admin, a.ID, judge.AssignmentPatch{Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}, {Slug: "retired"}}}); judge.ErrorCode(err) != judge.EINVALID {
		t.Errorf("UpdateAssignment(adding an archived problem) = %v, want invalid", err)
	}

	type seen struct {
		slug, title string
		unavailable bool
	}
	want := map[string][]seen{
		"student":    {{"flood", "flood", false}, {"flood2", "", true}, {"soon", "", true}},
		"instructor": {{"flood", "flood", false}, {"flood2", "flood2", false}, {"soon", "Secret soon", false}},
	}
	for who, v := range map[string]judge.User{"student": st, "instructor": e.admin} {
		got, err := e.s.Assignment(ctx, v, a.ID)
		if err != nil {
			t.Fatal(err)
		}
		list, err := e.s.Assignments(ctx, v)
		if err != nil || len(list) != 1 {
			t.Fatalf("Assignments(%s) = %d, %v", who, len(list), err)
		}
		mine, _, err := e.s.MyProgress(ctx, v, a.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, ap := range [][]judge.AssignmentProblem{got.Problems, list[0].Problems, mine.Problems} {
			for i, w := range want[who] {
				if g := (seen{ap[i].Slug, ap[i].Title, ap[i].Unavailable}); g != w {
					t.Errorf("%s sees problem %d as %+v, want %+v", who, i, g, w)
				}
			}
		}
	}
	// The score of the archived problem counts, for the student as in the
	// gradebook: (0 + 100 + 0) / 3.
	_, row, err := e.s.MyProgress(ctx, st, a.ID)
	if err != nil || row.Total != 33.33 || row.Problems[1].Score != 100 {
		t.Errorf("MyProgress(student) = %+v, %v; want flood2 100 and total 33.33", row, err)
	}
	gb, err := e.s.Grades(ctx, e.admin, a.ID)
	if err != nil || len(gb.Rows) != 1 || gb.Rows[0].Total != 33.33 {
		t.Errorf("Grades = %+v, %v; want total 33.33", gb.Rows, err)
	}
	// The boards of a problem the student cannot open stay hidden.
	for _, slug := range []string{"flood2", "soon"} {
		if _, err := e.s.ProblemProgress(ctx, st, a.ID, slug); judge.ErrorCode(err) != judge.ENOTFOUND {
			t.Errorf("ProblemProgress(student, %s) = %v, want not found", slug, err)
		}
		if _, err := e.s.ProblemProgress(ctx, e.admin, a.ID, slug); err != nil {
			t.Errorf("ProblemProgress(instructor, %s) = %v", slug, err)
		}
	}
	// Published, the draft becomes available.
	if _, err := e.s.UpdateProblem(ctx, e.admin, "soon", judge.ProblemPatch{Published: ptr(true)}); err != nil {
		t.Fatal(err)
	}
	got, err := e.s.Assignment(ctx, st, a.ID)
	if err != nil || got.Problems[2].Unavailable || got.Problems[2].Title != "Secret soon" {
		t.Errorf("after publishing, the student sees %+v, %v", got.Problems[2], err)
	}
}
