package service_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// clock is a settable clock for the service.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) Set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

var t0 = time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)

// courseEnv is a service with two Flood-it problems (one sample board, one
// graded board each), an instructor and a pinned clock.
type courseEnv struct {
	s     *service.Service
	clock *clock
	admin judge.User
	board map[string]int64 // slug -> the graded board's case id
}

func newCourseEnv(t *testing.T) *courseEnv {
	t.Helper()
	c := &clock{t: t0.Add(-time.Hour)}
	s := newService(t, openDB(t, "c.db"), service.Config{Clock: c.Now})
	admin := mustInstructor(t, s, "prof")
	e := &courseEnv{s: s, clock: c, admin: admin, board: map[string]int64{}}
	for _, slug := range []string{"flood", "flood2"} {
		syncProblem(t, s, slug, "floodit", "", flooditCases...)
		cases := waitReady(t, s, slug)
		e.board[slug] = cases[1].ID
	}
	return e
}

// submitAt submits at time at and waits for the verdict.
func (e *courseEnv) submitAt(t *testing.T, at time.Time, u judge.User, slug string, kind judge.Kind, payload string) judge.Submission {
	t.Helper()
	e.clock.Set(at)
	sub := judge.Submission{UserID: u.ID, ProblemSlug: slug, Kind: kind, Payload: payload}
	if kind == judge.KindMoves {
		sub.CaseID = e.board[slug]
	}
	return waitDone(t, e.s, submit(t, e.s, u, sub).ID)
}

func (e *courseEnv) assignment(t *testing.T) judge.Assignment {
	t.Helper()
	a, err := e.s.CreateAssignment(context.Background(), e.admin, judge.AssignmentSpec{
		Title:    "Week 1",
		Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}, {Slug: "flood2", Weight: ptr(3.0)}},
		OpensAt:  t0, DueAt: t0.Add(time.Hour), LateUntil: ptr(t0.Add(2 * time.Hour)), LateFactor: ptr(0.5),
	})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestAssignmentDeadlinesAndWeights(t *testing.T) {
	ctx := context.Background()
	e := newCourseEnv(t)
	a := e.assignment(t)
	if a.ID == 0 || len(a.Problems) != 2 || a.Problems[1].Slug != "flood2" || a.Problems[1].Weight != 3 || a.Problems[0].Weight != 1 {
		t.Fatalf("CreateAssignment = %+v", a)
	}
	const right, half = "0\n3\n", "0\n4\n" // 100 and 50 (one case of two wrong)
	users := map[string]judge.User{}
	for _, n := range []string{"ontime", "late", "toolate", "early", "mover", "mixed", "idle"} {
		users[n] = mustUser(t, e.s, n)
	}
	e.submitAt(t, t0.Add(-time.Minute), users["early"], "flood", judge.KindAnswer, right)
	e.submitAt(t, t0.Add(30*time.Minute), users["ontime"], "flood", judge.KindAnswer, right)
	e.submitAt(t, t0.Add(time.Hour), users["ontime"], "flood2", judge.KindAnswer, half) // exactly at due_at: on time
	e.submitAt(t, t0.Add(90*time.Minute), users["late"], "flood", judge.KindAnswer, right)
	e.submitAt(t, t0.Add(3*time.Hour), users["toolate"], "flood", judge.KindAnswer, right)
	e.submitAt(t, t0.Add(10*time.Minute), users["mover"], "flood2", judge.KindMoves, "1 2 1 1 1 1") // suboptimal, 50
	e.submitAt(t, t0.Add(20*time.Minute), users["mover"], "flood2", judge.KindMoves, "1 2")         // not solved, 0
	e.submitAt(t, t0.Add(10*time.Minute), users["mixed"], "flood", judge.KindAnswer, half)
	e.submitAt(t, t0.Add(20*time.Minute), users["mixed"], "flood", judge.KindMoves, "1 2 1") // board: 100 > answer 50
	e.submitAt(t, t0.Add(30*time.Minute), users["mixed"], "flood", judge.KindAnswer, "0\n9\n")

	e.clock.Set(t0.Add(4 * time.Hour))
	gb, err := e.s.Grades(ctx, e.admin, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	type cell struct {
		score   float64
		verdict judge.Verdict
		late    bool
		subs    int
	}
	want := map[string]struct {
		p     [2]cell
		total float64
	}{
		"early":   {[2]cell{{0, "", false, 0}, {}}, 0},
		"idle":    {[2]cell{{}, {}}, 0},
		"late":    {[2]cell{{50, judge.Accepted, true, 1}, {}}, 12.5},
		"mixed":   {[2]cell{{100, judge.Accepted, false, 3}, {}}, 25},
		"mover":   {[2]cell{{}, {50, judge.Suboptimal, false, 2}}, 37.5},
		"ontime":  {[2]cell{{100, judge.Accepted, false, 1}, {50, judge.WrongAnswer, false, 1}}, 62.5},
		"toolate": {[2]cell{{}, {}}, 0},
	}
	if len(gb.Rows) != len(want) {
		t.Fatalf("Grades has %d rows, want %d (students only)", len(gb.Rows), len(want))
	}
	for _, row := range gb.Rows {
		w, ok := want[row.User.Username]
		if !ok {
			t.Errorf("unexpected row %s", row.User.Username)
			continue
		}
		for i, pg := range row.Problems {
			got := cell{pg.Score, pg.Verdict, pg.Late, pg.Submissions}
			if got != w.p[i] {
				t.Errorf("%s %s = %+v, want %+v", row.User.Username, pg.Slug, got, w.p[i])
			}
		}
		if row.Total != w.total {
			t.Errorf("%s total = %v, want %v", row.User.Username, row.Total, w.total)
		}
	}

	// The drill-down shows mover's best per board, samples empty.
	pb, err := e.s.ProblemProgress(ctx, e.admin, a.ID, "flood2")
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range pb.Rows {
		if row.User.Username != "mover" {
			continue
		}
		if len(row.Boards) != 2 || row.Boards[0].Verdict != "" || row.Boards[1].Score != 50 || row.Boards[1].Submissions != 2 || row.Boards[1].Verdict != judge.Suboptimal {
			t.Errorf("mover's boards = %+v", row.Boards)
		}
	}

	// A student sees their own row only; grades are the instructors'.
	own, err := e.s.Progress(ctx, users["late"], a.ID)
	if err != nil || len(own.Rows) != 1 || own.Rows[0].User.ID != users["late"].ID || own.Rows[0].Total != 12.5 {
		t.Errorf("Progress(student) = %+v, %v", own.Rows, err)
	}
	if _, err := e.s.Grades(ctx, users["late"], a.ID); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("Grades(student) = %v, want forbidden", err)
	}
}

func TestLateFactorZeroAndNoLatePeriod(t *testing.T) {
	ctx := context.Background()
	e := newCourseEnv(t)
	a, err := e.s.CreateAssignment(ctx, e.admin, judge.AssignmentSpec{
		Title: "strict", Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}}, OpensAt: t0, DueAt: t0.Add(time.Hour),
	})
	if err != nil {
		t.Fatal(err)
	}
	u := mustUser(t, e.s, "slow")
	e.submitAt(t, t0.Add(time.Hour+time.Second), u, "flood", judge.KindAnswer, "0\n3\n")
	gb, err := e.s.Progress(ctx, u, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if pg := gb.Rows[0].Problems[0]; pg.Score != 0 || pg.Submissions != 0 {
		t.Errorf("a submission after due_at without a late period counted: %+v", pg)
	}
}

func TestAssignmentVisibilityAndPermissions(t *testing.T) {
	ctx := context.Background()
	e := newCourseEnv(t)
	a := e.assignment(t) // opens at t0; the clock is at t0-1h
	st := mustUser(t, e.s, "stu")
	if list, _ := e.s.Assignments(ctx, st); len(list) != 0 {
		t.Errorf("a student sees %d assignments before they open", len(list))
	}
	if _, err := e.s.Assignment(ctx, st, a.ID); judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Errorf("Assignment(student, not open) = %v, want not found", err)
	}
	if list, _ := e.s.Assignments(ctx, e.admin); len(list) != 1 {
		t.Errorf("the instructor sees %d assignments, want 1", len(list))
	}
	e.clock.Set(t0.Add(5 * time.Hour)) // past ones stay visible
	if list, _ := e.s.Assignments(ctx, st); len(list) != 1 {
		t.Errorf("a student sees %d past assignments, want 1", len(list))
	}
	spec := judge.AssignmentSpec{Title: "x", Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}}, OpensAt: t0, DueAt: t0.Add(time.Hour)}
	if _, err := e.s.CreateAssignment(ctx, st, spec); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("CreateAssignment(student) = %v, want forbidden", err)
	}
	if _, err := e.s.UpdateAssignment(ctx, st, a.ID, judge.AssignmentPatch{Title: ptr("y")}); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("UpdateAssignment(student) = %v, want forbidden", err)
	}
	if err := e.s.DeleteAssignment(ctx, st, a.ID); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("DeleteAssignment(student) = %v, want forbidden", err)
	}

	bad := []struct {
		name string
		spec judge.AssignmentSpec
	}{
		{"no title", judge.AssignmentSpec{Problems: spec.Problems, OpensAt: t0, DueAt: t0.Add(time.Hour)}},
		{"due before open", judge.AssignmentSpec{Title: "x", Problems: spec.Problems, OpensAt: t0, DueAt: t0}},
		{"unknown problem", judge.AssignmentSpec{Title: "x", Problems: []judge.AssignmentProblemSpec{{Slug: "nope"}}, OpensAt: t0, DueAt: t0.Add(time.Hour)}},
		{"twice", judge.AssignmentSpec{Title: "x", Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}, {Slug: "flood"}}, OpensAt: t0, DueAt: t0.Add(time.Hour)}},
		{"negative weight", judge.AssignmentSpec{Title: "x", Problems: []judge.AssignmentProblemSpec{{Slug: "flood", Weight: ptr(-1.0)}}, OpensAt: t0, DueAt: t0.Add(time.Hour)}},
		{"zero weights", judge.AssignmentSpec{Title: "x", Problems: []judge.AssignmentProblemSpec{{Slug: "flood", Weight: ptr(0.0)}}, OpensAt: t0, DueAt: t0.Add(time.Hour)}},
		{"late before due", judge.AssignmentSpec{Title: "x", Problems: spec.Problems, OpensAt: t0, DueAt: t0.Add(time.Hour), LateUntil: ptr(t0), LateFactor: ptr(0.5)}},
		{"late without factor", judge.AssignmentSpec{Title: "x", Problems: spec.Problems, OpensAt: t0, DueAt: t0.Add(time.Hour), LateUntil: ptr(t0.Add(2 * time.Hour))}},
		{"factor above 1", judge.AssignmentSpec{Title: "x", Problems: spec.Problems, OpensAt: t0, DueAt: t0.Add(time.Hour), LateUntil: ptr(t0.Add(2 * time.Hour)), LateFactor: ptr(1.5)}},
		{"factor without late period", judge.AssignmentSpec{Title: "x", Problems: spec.Problems, OpensAt: t0, DueAt: t0.Add(time.Hour), LateFactor: ptr(0.5)}},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := e.s.CreateAssignment(ctx, e.admin, tc.spec); judge.ErrorCode(err) != judge.EINVALID {
				t.Errorf("CreateAssignment = %v, want invalid", err)
			}
		})
	}

	up, err := e.s.UpdateAssignment(ctx, e.admin, a.ID, judge.AssignmentPatch{Title: ptr("Week 1b"), ClearLateUntil: true,
		Problems: []judge.AssignmentProblemSpec{{Slug: "flood2", Weight: ptr(2.0)}}})
	if err != nil || up.Title != "Week 1b" || up.LateUntil != nil || up.LateFactor != 0 || len(up.Problems) != 1 || up.Problems[0].Weight != 2 || !up.DueAt.Equal(a.DueAt) {
		t.Errorf("UpdateAssignment = %+v, %v", up, err)
	}
	// A factor without a late period would be stored as 0 without a word.
	if got, err := e.s.UpdateAssignment(ctx, e.admin, a.ID, judge.AssignmentPatch{LateFactor: ptr(0.5)}); judge.ErrorCode(err) != judge.EINVALID {
		t.Errorf("UpdateAssignment(late_factor without a late period) = %+v, %v; want invalid", got, err)
	}
	// A late period added by a patch needs its factor, as at creation: the
	// factor 0 kept from an assignment without one is not a choice.
	late := up.DueAt.Add(time.Hour)
	if got, err := e.s.UpdateAssignment(ctx, e.admin, a.ID, judge.AssignmentPatch{LateUntil: &late}); judge.ErrorCode(err) != judge.EINVALID {
		t.Errorf("UpdateAssignment(late_until without late_factor) = %+v, %v; want invalid", got, err)
	}
	if up, err = e.s.UpdateAssignment(ctx, e.admin, a.ID, judge.AssignmentPatch{LateUntil: &late, LateFactor: ptr(0.25)}); err != nil || up.LateFactor != 0.25 || up.LateUntil == nil {
		t.Errorf("UpdateAssignment(late_until, late_factor) = %+v, %v", up, err)
	}
	// Moving an existing late period keeps its factor.
	later := late.Add(time.Hour)
	if up, err = e.s.UpdateAssignment(ctx, e.admin, a.ID, judge.AssignmentPatch{LateUntil: &later}); err != nil || up.LateFactor != 0.25 || !up.LateUntil.Equal(later) {
		t.Errorf("UpdateAssignment(late_until) = %+v, %v; want the factor 0.25 kept", up, err)
	}
	if err := e.s.DeleteAssignment(ctx, e.admin, a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.s.Assignment(ctx, e.admin, a.ID); judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Errorf("Assignment after delete = %v, want not found", err)
	}
}
