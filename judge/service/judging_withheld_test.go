package service_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// TestWithheldOptimum: on a problem that takes answers, moves on a hidden
// board tell a student only whether they solved it (issue 24, item 2): no
// optimum, no partial score, no accepted against suboptimal, in the
// submission, its list and its filters, and the student's own progress,
// until every assignment of the problem has closed. Samples and
// instructors read everything, always.
func TestWithheldOptimum(t *testing.T) {
	ctx := context.Background()
	e := newCourseEnv(t)
	a := e.assignment(t) // flood and flood2, due t0+1h, late until t0+2h
	st := mustUser(t, e.s, "stu")
	greedy := e.submitAt(t, t0.Add(time.Minute), st, "flood", judge.KindMoves, "1 2 1 1") // 4 moves, the optimum is 3
	best := e.submitAt(t, t0.Add(2*time.Minute), st, "flood", judge.KindMoves, "1 2 1")   // optimal
	short := e.submitAt(t, t0.Add(3*time.Minute), st, "flood", judge.KindMoves, "1")      // not solved
	flat := waitReady(t, e.s, "flood")[0]                                                 // the sample: no moves is its optimum
	sample := waitDone(t, e.s, submit(t, e.s, st, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: flat.ID}).ID)
	if got, err := e.s.Submission(ctx, st, sample.ID); err != nil || got.Verdict != judge.Accepted || got.Score != 100 {
		t.Errorf("moves on the sample for the student = %+v, %v, want accepted 100", got, err)
	}
	subs := []judge.Submission{greedy, best, short}

	type want struct {
		verdict judge.Verdict
		score   float64
		optimal int
	}
	withheld := []want{{judge.Solved, 0, 0}, {judge.Solved, 0, 0}, {judge.NotSolved, 0, 0}}
	full := []want{{judge.Suboptimal, 75, 3}, {judge.Accepted, 100, 3}, {judge.NotSolved, 0, 0}}
	check := func(when string, v judge.User, wants []want) {
		t.Helper()
		for i, sub := range subs {
			got, err := e.s.Submission(ctx, v, sub.ID)
			if err != nil {
				t.Fatal(err)
			}
			w := wants[i]
			r := got.Results[0]
			if got.Verdict != w.verdict || got.Score != w.score || r.Verdict != w.verdict || r.Score != w.score || r.Optimal != w.optimal {
				t.Errorf("%s: Submission(%d) for %s = %s %v, result %s %v optimal %d, want %+v", when, sub.ID, v.Username, got.Verdict, got.Score, r.Verdict, r.Score, r.Optimal, w)
			}
			if w.verdict == judge.Solved && (strings.Contains(r.Message, "optim") || !strings.Contains(r.Message, "solved in ")) {
				t.Errorf("%s: message %q of a withheld result", when, r.Message)
			}
			list, _, err := e.s.Submissions(ctx, v, judge.SubmissionFilter{UserID: st.ID, ProblemSlug: "flood"})
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range list {
				if l.ID == sub.ID && (l.Verdict != w.verdict || l.Score != w.score) {
					t.Errorf("%s: Submissions lists %d for %s as %s %v, want %+v", when, sub.ID, v.Username, l.Verdict, l.Score, w)
				}
			}
			rp, err := e.s.ReplaySubmission(ctx, v, sub.ID)
			if err != nil || rp.Submission.Verdict != w.verdict || rp.Submission.Results[0].Optimal != w.optimal {
				t.Errorf("%s: ReplaySubmission(%d) for %s = %s, %v, want %+v", when, sub.ID, v.Username, rp.Submission.Verdict, err, w)
			}
		}
	}
	// filtered counts how many of the student's submissions on flood a
	// verdict filter lists, for v.
	filtered := func(v judge.User, verdict judge.Verdict) int {
		t.Helper()
		_, total, err := e.s.Submissions(ctx, v, judge.SubmissionFilter{UserID: st.ID, ProblemSlug: "flood", Verdict: verdict})
		if err != nil {
			t.Fatal(err)
		}
		return total
	}
	counts := func(when string, v judge.User, accepted, suboptimal, solved int) {
		t.Helper()
		if a, s, d := filtered(v, judge.Accepted), filtered(v, judge.Suboptimal), filtered(v, judge.Solved); a != accepted || s != suboptimal || d != solved {
			t.Errorf("%s: %s filters accepted/suboptimal/solved = %d/%d/%d, want %d/%d/%d", when, v.Username, a, s, d, accepted, suboptimal, solved)
		}
	}
	grades := func(when string, v judge.User, verdict judge.Verdict, score float64) {
		t.Helper()
		_, row, err := e.s.MyProgress(ctx, v, a.ID)
		if err != nil {
			t.Fatal(err)
		}
		pb, err := e.s.ProblemProgress(ctx, v, a.ID, "flood")
		if err != nil {
			t.Fatal(err)
		}
		bg := pb.Rows[0].Boards[1] // the hidden board
		if pg := row.Problems[0]; pg.Verdict != verdict || pg.Score != score || bg.Verdict != verdict || bg.Score != score {
			t.Errorf("%s: %s reads flood as %s %v, board %s %v, want %s %v", when, v.Username, pg.Verdict, pg.Score, bg.Verdict, bg.Score, verdict, score)
		}
	}

	e.clock.Set(t0.Add(2 * time.Hour)) // the end of the late period: not yet closed
	check("open", st, withheld)
	check("open", e.admin, full)
	counts("open", st, 1, 0, 2) // the sample's empty moves are accepted
	counts("open", e.admin, 2, 1, 0)
	grades("open", st, judge.Solved, 0)
	gb, err := e.s.Progress(ctx, e.admin, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range gb.Rows {
		if r.User.ID == st.ID && (r.Problems[0].Verdict != judge.Accepted || r.Problems[0].Score != 100) {
			t.Errorf("the instructor's gradebook reads %+v, want accepted 100", r.Problems[0])
		}
	}

	e.clock.Set(t0.Add(2*time.Hour + time.Second))
	check("closed", st, full)
	counts("closed", st, 2, 1, 0)
	grades("closed", st, judge.Accepted, 100)

	// Put in a new assignment, the problem withholds again until that one
	// closes.
	if _, err := e.s.CreateAssignment(ctx, e.admin, judge.AssignmentSpec{Title: "Week 2", OpensAt: t0.Add(3 * time.Hour), DueAt: t0.Add(4 * time.Hour),
		Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}}}); err != nil {
		t.Fatal(err)
	}
	check("in a new assignment", st, withheld)
}

// TestOptimaShown: the rule of judge.OptimaShown on the assignments a
// problem is in.
func TestOptimaShown(t *testing.T) {
	p := judge.Problem{ID: 7}
	in := func(id int64, close time.Time) judge.Assignment {
		return judge.Assignment{OpensAt: t0, DueAt: close, Problems: []judge.AssignmentProblem{{ProblemID: id}}}
	}
	late := in(7, t0.Add(time.Hour))
	until := t0.Add(3 * time.Hour)
	late.LateUntil = &until
	for _, tc := range []struct {
		name string
		as   []judge.Assignment
		now  time.Time
		want bool
	}{
		{"in none", nil, t0.Add(100 * time.Hour), false},
		{"in another problem's only", []judge.Assignment{in(8, t0)}, t0.Add(time.Hour), false},
		{"before the deadline", []judge.Assignment{in(7, t0.Add(time.Hour))}, t0, false},
		{"at the deadline", []judge.Assignment{in(7, t0.Add(time.Hour))}, t0.Add(time.Hour), false},
		{"after the deadline", []judge.Assignment{in(7, t0.Add(time.Hour))}, t0.Add(time.Hour + time.Nanosecond), true},
		{"in the late period", []judge.Assignment{late}, t0.Add(2 * time.Hour), false},
		{"after the late period", []judge.Assignment{late}, t0.Add(4 * time.Hour), true},
		{"one of two still open", []judge.Assignment{in(7, t0), in(7, t0.Add(5*time.Hour))}, t0.Add(time.Hour), false},
	} {
		if got := judge.OptimaShown(p, tc.as, tc.now); got != tc.want {
			t.Errorf("%s: OptimaShown = %v, want %v", tc.name, got, tc.want)
		}
	}
}
