package service_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// gradesText writes a gradebook's rows as "user total | slug:score/verdict/submissions/pending ...".
func gradesText(gb judge.Gradebook) string {
	var sb strings.Builder
	for _, r := range gb.Rows {
		sb.WriteString(r.User.Username + " " + judge.FormatScore(r.Total) + " |")
		for _, p := range r.Problems {
			sb.WriteString(" " + p.Slug + ":" + judge.FormatScore(p.Score) + "/" + string(p.Verdict) + "/" + itoa(p.Submissions) + "/" + itoa(p.Pending))
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// practiceAt submits an answer that names no contest at t0+at.
func (e *contestEnv) practiceAt(t *testing.T, at time.Duration, u judge.User, slug, payload string) {
	t.Helper()
	e.submitAt(t, t0.Add(at), u, slug, judge.KindAnswer, payload)
}

// TestContestAssignmentGrades follows three students through an ICPC and
// an IOI contest, each the assignment of a course: only the submissions
// that named the contest while it ran count, each problem scores the
// contest's result for it, the total is the weighted mean. Worked by hand:
//
//	icpc, t0 to t0+5h, freeze 1h; weights flood 1 (default), flood2 3
//	  alice: flood practice before (not counted), flood wrong 10m, right 25m;
//	         flood2 right 30m as practice (no contest: not counted),
//	         flood2 right at the end second (practice)
//	  bob:   flood2 right 4h30 (in the freeze: counted, his own to see)
//	  carol: nothing
//	  alice 100*1 + 0*3 = 25; bob 0*1 + 100*3 = 75; carol 0
//	ioi, t0+6h to t0+8h; weights 1 and 1
//	  alice: flood half right 6h10 (50), flood2 right 6h20 (100)  -> 75
//	  bob:   flood right 6h15 (100), flood2 all wrong 6h16 (0)    -> 50
func TestContestAssignmentGrades(t *testing.T) {
	e := newContestEnv(t)
	ctx := context.Background()
	alice, bob := mustUser(t, e.s, "alice"), mustUser(t, e.s, "bob")
	mustUser(t, e.s, "carol") // submits nothing: a row of zeros
	icpc := e.contest(t, judge.ContestSpec{Title: "Weekly icpc", Freeze: time.Hour})
	ioi := e.contest(t, judge.ContestSpec{Title: "Weekly ioi", Scoring: judge.ScoringIOI, StartTime: t0.Add(6 * time.Hour), Duration: 2 * time.Hour})
	a1, err := e.s.CreateAssignment(ctx, e.admin, judge.AssignmentSpec{Title: "Contest 1", ContestID: icpc.ID,
		Problems: []judge.AssignmentProblemSpec{{Slug: "flood2", Weight: ptr(3.0)}}})
	if err != nil {
		t.Fatal(err)
	}
	if a1.ContestID != icpc.ID || !a1.OpensAt.Equal(t0) || !a1.DueAt.Equal(t0.Add(5*time.Hour)) || a1.LateUntil != nil ||
		len(a1.Problems) != 2 || a1.Problems[0].Slug != "flood" || a1.Problems[0].Weight != 1 || a1.Problems[1].Weight != 3 {
		t.Fatalf("CreateAssignment of contest %d = %+v, want its problems (flood 1, flood2 3) and window", icpc.ID, a1)
	}
	a2, err := e.s.CreateAssignment(ctx, e.admin, judge.AssignmentSpec{Title: "Contest 2", ContestID: ioi.ID})
	if err != nil {
		t.Fatal(err)
	}

	half := strings.SplitAfter(e.right, "\n")[0] + "99\n"
	e.practiceAt(t, -30*time.Minute, alice, "flood", e.right)
	e.submitIn(t, icpc.ID, 10*time.Minute, alice, "flood", e.wrong)
	e.submitIn(t, icpc.ID, 25*time.Minute, alice, "flood", e.right)
	e.practiceAt(t, 30*time.Minute, alice, "flood2", e.right)
	e.submitIn(t, icpc.ID, 4*time.Hour+30*time.Minute, bob, "flood2", e.right)

	// In the freeze: the jury's grades are the live board's; bob reads
	// his own verdict (his submissions page shows it too), no one else's.
	e.clock.Set(t0.Add(4*time.Hour + 40*time.Minute))
	gb, err := e.s.Grades(ctx, e.admin, a1.ID)
	if err != nil {
		t.Fatal(err)
	}
	want1 := "alice 25 | flood:100/accepted/2/0 flood2:0//0/0\nbob 75 | flood:0//0/0 flood2:100/accepted/1/0\ncarol 0 | flood:0//0/0 flood2:0//0/0\n"
	if got := gradesText(gb); got != want1 {
		t.Errorf("grades of the icpc contest in its freeze:\n%s\nwant:\n%s", got, want1)
	}
	own, err := e.s.Progress(ctx, bob, a1.ID)
	if err != nil || gradesText(own) != "bob 75 | flood:0//0/0 flood2:100/accepted/1/0\n" {
		t.Errorf("bob's own progress in the freeze = %q, %v, want his row only, with his verdict", gradesText(own), err)
	}
	if _, err := e.s.Grades(ctx, bob, a1.ID); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("Grades by a student = %v, want forbidden", err)
	}

	e.clock.Set(t0.Add(5 * time.Hour)) // the end second: practice
	late, err := e.s.Submit(ctx, alice, judge.Submission{ProblemSlug: "flood2", Kind: judge.KindAnswer, Payload: e.right, ContestID: icpc.ID})
	if err != nil {
		t.Fatal(err)
	}
	waitDone(t, e.s, late.ID)
	if gb, err = e.s.Grades(ctx, e.admin, a1.ID); err != nil || gradesText(gb) != want1 {
		t.Errorf("grades after a submission at the end second:\n%s(%v)\nwant:\n%s", gradesText(gb), err, want1)
	}
	var csv bytes.Buffer
	if err := judge.WriteGradesCSV(&csv, gb); err != nil {
		t.Fatal(err)
	}
	golden(t, "contest-grades.csv", csv.Bytes())

	e.submitIn(t, ioi.ID, 6*time.Hour+10*time.Minute, alice, "flood", half)
	e.submitIn(t, ioi.ID, 6*time.Hour+15*time.Minute, bob, "flood", e.right)
	e.submitIn(t, ioi.ID, 6*time.Hour+16*time.Minute, bob, "flood2", "5\n99\n") // both boards wrong
	e.submitIn(t, ioi.ID, 6*time.Hour+20*time.Minute, alice, "flood2", e.right)
	gb, err = e.s.Grades(ctx, e.admin, a2.ID)
	want2 := "alice 75 | flood:50/wrong_answer/1/0 flood2:100/accepted/1/0\nbob 50 | flood:100/accepted/1/0 flood2:0/wrong_answer/1/0\ncarol 0 | flood:0//0/0 flood2:0//0/0\n"
	if err != nil || gradesText(gb) != want2 {
		t.Errorf("grades of the ioi contest:\n%s(%v)\nwant:\n%s", gradesText(gb), err, want2)
	}
	board := e.scoreboard(t, e.admin, ioi.ID)
	for _, r := range board.Rows {
		for i, row := range gb.Rows {
			if row.User.Username != r.User {
				continue
			}
			for j, cell := range r.Problems {
				if cell.Score != row.Problems[j].Score {
					t.Errorf("%s's %s: grade %g, board %g", r.User, cell.Label, gb.Rows[i].Problems[j].Score, cell.Score)
				}
			}
		}
	}
}

// TestContestAssignmentFollowsTheContest: the assignment reads its
// contest's problems and times live, keeping its weights, and a rejudge
// during the contest changes a grade.
func TestContestAssignmentFollowsTheContest(t *testing.T) {
	e := newContestEnv(t)
	ctx := context.Background()
	alice := mustUser(t, e.s, "alice")
	c := e.contest(t, judge.ContestSpec{})
	a, err := e.s.CreateAssignment(ctx, e.admin, judge.AssignmentSpec{Title: "Exam", ContestID: c.ID,
		Problems: []judge.AssignmentProblemSpec{{Slug: "flood", Weight: ptr(2.0)}}})
	if err != nil {
		t.Fatal(err)
	}
	e.submitIn(t, c.ID, 10*time.Minute, alice, "flood", e.right)
	total := func() string {
		t.Helper()
		gb, err := e.s.Grades(ctx, e.admin, a.ID)
		if err != nil {
			t.Fatal(err)
		}
		return gradesText(gb)
	}
	if got := total(); got != "alice 66.67 | flood:100/accepted/1/0 flood2:0//0/0\n" {
		t.Errorf("grades = %q", got)
	}
	// The drill-down: the contest's grade beside boards, which show moves
	// only (as any assignment's); moves, even naming the contest, are
	// practice (one board is not the problem), so they stay empty.
	e.submitAt(t, t0.Add(12*time.Minute), alice, "flood2", judge.KindMoves, "1 2 1") // practice, optimal
	e.clock.Set(t0.Add(15 * time.Minute))
	mv, err := e.s.Submit(ctx, alice, judge.Submission{ProblemSlug: "flood2", Kind: judge.KindMoves, CaseID: e.board["flood2"], Payload: "1 2 1", ContestID: c.ID})
	if err != nil || mv.ContestID != 0 {
		t.Fatalf("moves naming the contest = contest %d, %v, want practice", mv.ContestID, err)
	}
	waitDone(t, e.s, mv.ID)
	e.submitIn(t, c.ID, 16*time.Minute, alice, "flood2", e.wrong)
	pb, err := e.s.ProblemProgress(ctx, e.admin, a.ID, "flood2")
	if err != nil || len(pb.Rows) != 1 || pb.Rows[0].Grade.Score != 0 || pb.Rows[0].Grade.Submissions != 1 || len(pb.Rows[0].Boards) != len(pb.Cases) ||
		pb.Rows[0].Boards[1].Verdict != "" || pb.Rows[0].Boards[1].Submissions != 0 {
		t.Errorf("ProblemProgress of the contest's assignment = %+v, %v, want grade 0 from the 1 answer, no moves on the boards (they are practice)", pb.Rows, err)
	}
	if got := total(); got != "alice 66.67 | flood:100/accepted/1/0 flood2:0/wrong_answer/1/0\n" {
		t.Errorf("grades after an answer and moves in the contest = %q", got)
	}

	// The contest loses flood2, starts earlier and runs longer: the
	// assignment follows, flood keeps its weight.
	start, dur := t0.Add(-time.Hour), 7*time.Hour
	if _, err := e.s.UpdateContest(ctx, e.admin, c.ID, judge.ContestPatch{StartTime: &start, Duration: &dur,
		Problems: []judge.ContestProblemSpec{{Slug: "flood"}}}); err != nil {
		t.Fatal(err)
	}
	got, err := e.s.Assignment(ctx, e.admin, a.ID)
	if err != nil || !got.OpensAt.Equal(start) || !got.DueAt.Equal(start.Add(dur)) || len(got.Problems) != 1 || got.Problems[0].Weight != 2 {
		t.Errorf("the assignment after its contest changed = %+v, %v", got, err)
	}
	// The list is by due time, the contest's end now: after an assignment
	// of its own due between the contest's old end and its new one.
	own, err := e.s.CreateAssignment(ctx, e.admin, judge.AssignmentSpec{Title: "Week", OpensAt: t0, DueAt: t0.Add(5*time.Hour + time.Minute),
		Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}}})
	if err != nil {
		t.Fatal(err)
	}
	if list, err := e.s.Assignments(ctx, e.admin); err != nil || len(list) != 2 || list[0].ID != own.ID || list[1].ID != a.ID {
		t.Errorf("Assignments = %+v, %v, want Week (due t0+5h01) before Exam (due t0+6h)", list, err)
	}
	if err := e.s.DeleteAssignment(ctx, e.admin, own.ID); err != nil {
		t.Fatal(err)
	}
	if got := total(); got != "alice 100 | flood:100/accepted/1/0\n" {
		t.Errorf("grades after the contest lost flood2 = %q", got)
	}
	// flood2 comes back: the weight it never had is 1.
	if _, err := e.s.UpdateContest(ctx, e.admin, c.ID, judge.ContestPatch{
		Problems: []judge.ContestProblemSpec{{Slug: "flood"}, {Slug: "flood2"}}}); err != nil {
		t.Fatal(err)
	}
	if got := total(); got != "alice 66.67 | flood:100/accepted/1/0 flood2:0/wrong_answer/1/0\n" {
		t.Errorf("grades after flood2 came back = %q", got)
	}

	// A rejudge during the contest: flood's graded board changes under
	// alice's accepted answer, which is wrong now.
	e.clock.Set(t0.Add(time.Hour))
	events, err := e.s.ContestEvents(ctx, e.admin, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	syncProblem(t, e.s, "flood", "floodit", "", flooditCases[0], judge.CaseSpec{Name: "three", Input: "3\n0 0 0\n0 0 0\n0 0 1\n"})
	waitReady(t, e.s, "flood")
	for judged := false; !judged; {
		select {
		case ev := <-events:
			judged = ev.Kind == judge.ContestJudged
		case <-time.After(30 * time.Second):
			t.Fatal("no rejudge on the board after 30 s")
		}
	}
	if got := total(); got != "alice 0 | flood:0/wrong_answer/1/0 flood2:0/wrong_answer/1/0\n" {
		t.Errorf("grades after the rejudge = %q", got)
	}

	// Unlinked, the assignment keeps the contest's problems and window.
	unlinked, err := e.s.UpdateAssignment(ctx, e.admin, a.ID, judge.AssignmentPatch{ClearContest: true})
	if err != nil || unlinked.ContestID != 0 || !unlinked.OpensAt.Equal(start) || len(unlinked.Problems) != 2 {
		t.Errorf("unlinked = %+v, %v, want the contest's problems and window as its own", unlinked, err)
	}
	relinked, err := e.s.UpdateAssignment(ctx, e.admin, a.ID, judge.AssignmentPatch{ContestID: &c.ID})
	if err != nil || relinked.ContestID != c.ID {
		t.Errorf("linked again = %+v, %v", relinked, err)
	}
}

func TestContestAssignmentRefusals(t *testing.T) {
	e := newContestEnv(t)
	ctx := context.Background()
	c := e.contest(t, judge.ContestSpec{Problems: []judge.ContestProblemSpec{{Slug: "flood"}}})
	tests := []struct {
		name string
		spec judge.AssignmentSpec
		want string
	}{
		{"opens_at", judge.AssignmentSpec{OpensAt: t0}, "takes its times from the contest"},
		{"late policy", judge.AssignmentSpec{LateFactor: ptr(0.5)}, "takes its times from the contest"},
		{"no such contest", judge.AssignmentSpec{ContestID: 99}, "there is no contest 99"},
		{"not its problem", judge.AssignmentSpec{Problems: []judge.AssignmentProblemSpec{{Slug: "flood2"}}}, `problem "flood2" is not a problem of contest`},
		{"weights 0", judge.AssignmentSpec{Problems: []judge.AssignmentProblemSpec{{Slug: "flood", Weight: ptr(0.0)}}}, "must not all be 0"},
		{"bad weight", judge.AssignmentSpec{Problems: []judge.AssignmentProblemSpec{{Slug: "flood", Weight: ptr(-1.0)}}}, "problems[0]: the weight"},
		{"no title", judge.AssignmentSpec{Title: " "}, "needs a title"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			spec := tc.spec
			if spec.Title == "" {
				spec.Title = "Exam"
			}
			if spec.ContestID == 0 {
				spec.ContestID = c.ID
			}
			_, err := e.s.CreateAssignment(ctx, e.admin, spec)
			if judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), tc.want) {
				t.Errorf("CreateAssignment = %v, want invalid naming %q", err, tc.want)
			}
		})
	}
	a, err := e.s.CreateAssignment(ctx, e.admin, judge.AssignmentSpec{Title: "Exam", ContestID: c.ID})
	if err != nil {
		t.Fatal(err)
	}
	due := t0.Add(time.Hour)
	if _, err := e.s.UpdateAssignment(ctx, e.admin, a.ID, judge.AssignmentPatch{DueAt: &due}); judge.ErrorCode(err) != judge.EINVALID {
		t.Errorf("a due time patched into a contest's assignment = %v, want invalid", err)
	}
}

// golden compares got with testdata/name, rewritten with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s:\n%q\nwant:\n%q", name, got, want)
	}
}

// TestContestAssignmentWithholdsUntilTheContestEnds: the optima of a
// problem's hidden boards stay withheld until its contest's assignment
// closes, which is when the contest ends now: a contest lengthened after
// the assignment was made keeps them withheld.
func TestContestAssignmentWithholdsUntilTheContestEnds(t *testing.T) {
	e := newContestEnv(t)
	ctx := context.Background()
	st := mustUser(t, e.s, "stu")
	c := e.contest(t, judge.ContestSpec{Duration: time.Hour})
	if _, err := e.s.CreateAssignment(ctx, e.admin, judge.AssignmentSpec{Title: "Exam", ContestID: c.ID}); err != nil {
		t.Fatal(err)
	}
	best := e.submitAt(t, t0.Add(2*time.Hour), st, "flood", judge.KindMoves, "1 2 1") // optimal, after the first end
	read := func() judge.Verdict {
		t.Helper()
		got, err := e.s.Submission(ctx, st, best.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got.Verdict
	}
	if v := read(); v != judge.Accepted {
		t.Fatalf("after the contest's end the student reads %s, want accepted", v)
	}
	long := 5 * time.Hour
	if _, err := e.s.UpdateContest(ctx, e.admin, c.ID, judge.ContestPatch{Duration: &long}); err != nil {
		t.Fatal(err)
	}
	if v := read(); v != judge.Solved {
		t.Errorf("the contest lengthened past now: the student reads %s, want solved (the optimum withheld)", v)
	}
}
