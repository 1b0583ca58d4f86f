package service_test

import (
	"context"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/pgtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
)

// importOf is a contest package as contestpkg.Read gives it: two teams
// (one of two members, with an organization and a hidden group), a judged
// submission of each on flood, a question and its answer; nul puts a NUL
// byte in the answer, which the store refuses after everything else is
// written.
func importOf(nul bool) judge.ContestImport {
	start := time.Date(2026, 1, 10, 8, 0, 0, 0, time.UTC)
	answer := "Yes."
	if nul {
		answer = "Yes\x00."
	}
	return judge.ContestImport{
		Spec: judge.ContestSpec{Title: "Imported", StartTime: start, Duration: 5 * time.Hour, Freeze: time.Hour, Scoring: judge.ScoringICPC,
			Organizations: []judge.OrganizationSpec{{Name: "KTH", FormalName: "KTH Royal Institute of Technology", Country: "SWE"}},
			Groups:        []judge.GroupSpec{{Name: "observers", Hidden: true}},
			Teams: []judge.TeamSpec{{Name: "Blue", Members: []string{"anna", "bert"}, Organization: "KTH"},
				{Name: "Guests", Members: []string{"gina"}, Groups: []string{"observers"}}}},
		Problems: []judge.ImportedProblem{{Label: "A", Slug: "flood", File: "problems.json"}},
		Accounts: []judge.ImportedAccount{{Username: "anna", Password: "anna-pass-1"}, {Username: "bert"}, {Username: "gina"}},
		Submissions: []judge.ImportedSubmission{
			{Username: "bert", Label: "A", Kind: judge.KindAnswer, Payload: "2\n", At: start.Add(10 * time.Minute), Verdict: judge.Accepted, Score: 100, JudgedAt: start.Add(11 * time.Minute)},
			{Username: "gina", Label: "A", Kind: judge.KindAnswer, Payload: "3\n", At: start.Add(5 * time.Minute), Verdict: judge.WrongAnswer, JudgedAt: start.Add(6 * time.Minute)}},
		Clarifications: []judge.ImportedClarification{{From: "anna", Label: "A", Text: "May a board be 1x1?", At: start.Add(20 * time.Minute), ReplyTo: -1},
			{Text: answer, At: start.Add(25 * time.Minute), ReplyTo: 0}},
	}
}

// testImportContest imports a contest on s and checks it, then a package
// refused in the middle of its writes, which leaves nothing.
func testImportContest(t *testing.T, s *service.Service) {
	ctx := context.Background()
	floodReady(t, s)
	jury := instructor(t, s)
	student := mustUser(t, s, "zoe")
	if _, err := s.ImportContest(ctx, student, importOf(false)); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("a student's import: %v, want forbidden", err)
	}
	if _, err := s.ImportContest(ctx, jury, importOf(true)); judge.ErrorCode(err) != judge.EINVALID {
		t.Fatalf("an import with a NUL byte: %v, want invalid", err)
	}
	if _, err := s.Authenticate(ctx, "anna", "anna-pass-1"); err == nil {
		t.Error("the refused import left anna's account")
	}
	if cs, err := s.Contests(ctx, jury); err != nil || len(cs) != 0 {
		t.Errorf("the refused import left contests %v (%v)", cs, err)
	}
	done, err := s.ImportContest(ctx, jury, importOf(false))
	if err != nil {
		t.Fatal(err)
	}
	if len(done.Accounts) != 3 || done.Accounts[0].Password != "" || done.Accounts[1].Password == "" || done.Submissions != 2 || done.Clarifications != 2 {
		t.Errorf("ImportContest = %+v", done)
	}
	anna, err := s.Authenticate(ctx, "anna", "anna-pass-1")
	if err != nil {
		t.Fatal(err)
	}
	c := done.Contest
	if len(c.Teams) != 2 || c.Everyone || len(c.Organizations) != 1 || !c.Groups[0].Hidden {
		t.Errorf("contest = %+v", c)
	}
	jb, err := s.Scoreboard(ctx, jury, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	pb, err := s.Scoreboard(ctx, anna, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(jb.Rows) != 2 || jb.Rows[0].Team != "Blue" || jb.Rows[0].Solved != 1 || jb.Rows[0].Penalty != 10 || len(pb.Rows) != 1 {
		t.Errorf("boards: jury %+v, anna's %+v; want Blue first with A at 10, Guests on the jury's only", jb.Rows, pb.Rows)
	}
	list, err := s.Clarifications(ctx, anna, c.ID)
	clars := list.Messages
	if err != nil || len(clars) != 2 || !clars[0].CreatedAt.Equal(c.StartTime.Add(20*time.Minute)) || clars[1].ReplyToID != clars[0].ID {
		t.Errorf("anna's clarifications %+v (%v): the question at 0:20 and its answer", clars, err)
	}
}

func TestImportContest(t *testing.T) {
	testImportContest(t, newService(t, openDB(t, "import.db"), service.Config{}))
}

// TestImportContestPostgres is TestImportContest on PostgreSQL, where the
// import's transaction and its savepoints are the server's.
func TestImportContestPostgres(t *testing.T) {
	dsn := pgtest.DSN(t)
	db, err := store.Open("postgres", pgtest.FreshDatabase(t, dsn, "judge_import"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	testImportContest(t, newService(t, db, service.Config{}))
}
