package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/pgtest"
	"puzzlejudge/judge"
)

func TestCoursesSQLite(t *testing.T) {
	testCourses(t, sqliteOpener(t)(t))
}

// TestCoursesPostgres runs testCourses on the PostgreSQL server named by
// JUDGE_TEST_PG_DSN, whose judge tables are dropped first: the grading query
// builds its rows with SQL that both databases must read alike.
func TestCoursesPostgres(t *testing.T) {
	dsn := pgtest.DSN(t)
	resetPostgres(t, dsn)
	d, err := Open("postgres", dsn, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	testCourses(t, d)
}

func testCourses(t *testing.T, d *DB) {
	ctx := context.Background()
	users, err := d.CreateUsers(ctx, []judge.NewUser{
		{User: judge.User{Username: "prof", Role: judge.RoleInstructor}, PasswordHash: []byte("x")},
		{User: judge.User{Username: "ada", Role: judge.RoleStudent}, PasswordHash: []byte("x")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.CreateUsers(ctx, []judge.NewUser{{User: judge.User{Username: "bob"}, PasswordHash: []byte("x")},
		{User: judge.User{Username: "ada"}, PasswordHash: []byte("x")}}); code(err) != judge.ECONFLICT {
		t.Errorf("CreateUsers with a taken name = %v, want conflict", err)
	}
	if all, _ := d.Users(ctx); len(all) != 2 {
		t.Errorf("a failed CreateUsers left %d users, want 2", len(all))
	}
	prof, ada := users[0], users[1]
	if _, err := d.UpdateUser(ctx, prof.ID, judge.RoleStudent, false); code(err) != judge.ECONFLICT {
		t.Errorf("demoting the last instructor = %v, want conflict", err)
	}
	if u, _ := d.UserByID(ctx, prof.ID); u.Role != judge.RoleInstructor {
		t.Errorf("a refused demotion was written: %+v", u)
	}
	if _, err := d.CreateToken(ctx, judge.Token{UserID: ada.ID, Name: "t"}, []byte("t1")); err != nil {
		t.Fatal(err)
	}
	if u, err := d.UpdateUser(ctx, ada.ID, judge.RoleStudent, true); err != nil || !u.Disabled {
		t.Fatalf("disable = %+v, %v", u, err)
	}
	if _, _, err := d.TokenByHash(ctx, []byte("t1")); code(err) != judge.ENOTFOUND {
		t.Errorf("a disabled user's token = %v, want not found", err)
	}

	p, _, err := d.SyncCatalogue(ctx, "p", func(judge.Problem, bool, []judge.Case) (judge.CatalogueChanges, error) {
		return judge.CatalogueChanges{Problem: &judge.Problem{Slug: "p", Title: "P", Puzzle: "floodit", Statement: "."}}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	lu := t0.Add(2 * time.Hour)
	a, err := d.CreateAssignment(ctx, judge.Assignment{Title: "W", OpensAt: t0, DueAt: t0.Add(time.Hour), LateUntil: &lu, LateFactor: 0.5,
		Problems: []judge.AssignmentProblem{{ProblemID: p.ID, Weight: 2}}})
	if err != nil || a.ID == 0 || len(a.Problems) != 1 || a.Problems[0].Slug != "p" || a.Problems[0].Weight != 2 || a.LateUntil == nil || !a.LateUntil.Equal(lu) {
		t.Fatalf("CreateAssignment = %+v, %v", a, err)
	}
	now := time.Now().UTC()
	for i, at := range []time.Duration{-time.Minute, 30 * time.Minute, 90 * time.Minute, 3 * time.Hour} {
		when := t0.Add(at)
		sub := judge.Submission{UserID: ada.ID, ProblemID: p.ID, Kind: judge.KindAnswer, Payload: "0\n", Status: judge.StatusDone,
			Verdict: judge.WrongAnswer, Score: float64(10 * (i + 1)), JudgedAt: &now}
		s, err := d.CreateJudged(ctx, sub, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.db.Exec("UPDATE submissions SET created_at = ? WHERE id = ?", when, s.ID).Error; err != nil {
			t.Fatal(err)
		}
	}
	// Two more on time: an equal score, later (it is the group's best), and
	// one not judged yet (a group of its own).
	tie, err := d.CreateJudged(ctx, judge.Submission{UserID: ada.ID, ProblemID: p.ID, Kind: judge.KindAnswer, Payload: "0\n",
		Status: judge.StatusDone, Verdict: judge.Accepted, Score: 20, JudgedAt: &now}, nil)
	if err != nil {
		t.Fatal(err)
	}
	pending, err := d.CreateJudged(ctx, judge.Submission{UserID: ada.ID, ProblemID: p.ID, Kind: judge.KindAnswer, Payload: "0\n", Status: judge.StatusPending}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []int64{tie.ID, pending.ID} {
		if err := d.db.Exec("UPDATE submissions SET created_at = ? WHERE id = ?", t0.Add(40*time.Minute), id).Error; err != nil {
			t.Fatal(err)
		}
	}
	got, err := d.GradedSubmissions(ctx, []int64{p.ID}, a.OpensAt, a.DueAt, a.CloseAt(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 {
		t.Fatalf("GradedSubmissions = %+v, want three groups: on time, late, pending", got)
	}
	for _, g := range got {
		ok := g.UserID == ada.ID && g.Kind == judge.KindAnswer
		switch {
		case !g.Done:
			ok = ok && g.Count == 1 && g.ID == pending.ID && !g.Late
		case g.Late:
			ok = ok && g.Count == 1 && g.Score == 30 && g.Verdict == judge.WrongAnswer
		default:
			ok = ok && g.Count == 2 && g.Score == 20 && g.ID == tie.ID && g.Verdict == judge.Accepted && g.LastID == tie.ID
		}
		if !ok {
			t.Errorf("graded group %+v", g)
		}
	}
	times, err := d.SubmissionTimes(ctx, []int64{got[0].ID})
	if err != nil || times[got[0].ID].IsZero() {
		t.Errorf("SubmissionTimes = %v, %v", times, err)
	}
	// A contest's assignment keeps its contest; 0 unlinks it (NULL).
	for _, contest := range []int64{7, 0} {
		a.ContestID = contest
		got, err := d.UpdateAssignment(ctx, a)
		if err != nil || got.ContestID != contest {
			t.Errorf("UpdateAssignment with contest %d = %+v, %v", contest, got, err)
		}
		if all, err := d.Assignments(ctx); err != nil || len(all) != 1 || all[0].ContestID != contest {
			t.Errorf("Assignments with contest %d = %+v, %v", contest, all, err)
		}
	}
	if err := d.DeleteAssignment(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Assignment(ctx, a.ID); code(err) != judge.ENOTFOUND {
		t.Errorf("Assignment after delete = %v", err)
	}
}

// TestAssignmentContestMigration opens a database whose assignments table
// predates contests: the migration adds contest_id, NULL in the old rows,
// which read as assignments of their own.
func TestAssignmentContestMigration(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	d := mustOpen(t, "sqlite", path)
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	if err := d.db.Exec("DROP INDEX idx_assignments_contest_id").Error; err != nil {
		t.Fatal(err)
	}
	if err := d.db.Exec("ALTER TABLE assignments DROP COLUMN contest_id").Error; err != nil {
		t.Fatal(err)
	}
	if err := d.db.Exec("INSERT INTO assignments (title, opens_at, due_at, late_factor) VALUES ('old', ?, ?, 0)", t0, t0.Add(time.Hour)).Error; err != nil {
		t.Fatal(err)
	}
	d.Close()
	d = mustOpen(t, "sqlite", path)
	defer d.Close()
	all, err := d.Assignments(ctx)
	if err != nil || len(all) != 1 || all[0].Title != "old" || all[0].ContestID != 0 {
		t.Fatalf("Assignments after the migration = %+v, %v", all, err)
	}
	if err := d.db.Exec("UPDATE assignments SET contest_id = 3").Error; err != nil {
		t.Fatalf("the migrated column: %v", err)
	}
	if a, err := d.Assignment(ctx, all[0].ID); err != nil || a.ContestID != 3 {
		t.Errorf("Assignment with contest_id 3 = %+v, %v", a, err)
	}
}
