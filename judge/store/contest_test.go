package store

import (
	"context"
	"slices"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/pgtest"
	"puzzlejudge/judge"
)

func TestContestsSQLite(t *testing.T) {
	testContests(t, sqliteOpener(t)(t))
}

// TestContestsPostgres runs testContests on the server of JUDGE_TEST_PG_DSN.
func TestContestsPostgres(t *testing.T) {
	dsn := pgtest.DSN(t)
	resetPostgres(t, dsn)
	d := mustOpen(t, "postgres", dsn)
	t.Cleanup(func() { d.Close() })
	testContests(t, d)
}

func testContests(t *testing.T, d *DB) {
	ctx := context.Background()
	users, err := d.CreateUsers(ctx, []judge.NewUser{
		{User: judge.User{Username: "ada", Role: judge.RoleStudent}, PasswordHash: []byte("x")},
		{User: judge.User{Username: "bob", Role: judge.RoleStudent}, PasswordHash: []byte("x")},
	})
	if err != nil {
		t.Fatal(err)
	}
	ada, bob := users[0], users[1]
	var ps []judge.Problem
	for _, slug := range []string{"p", "q"} {
		p, _, err := d.SyncCatalogue(ctx, slug, func(judge.Problem, bool, []judge.Case) (judge.CatalogueChanges, error) {
			return judge.CatalogueChanges{Problem: &judge.Problem{Slug: slug, Title: "Title " + slug, Puzzle: "floodit", Statement: "."}}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	start := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	c, err := d.CreateContest(ctx, judge.Contest{Title: "Weekly 1", StartTime: start, Duration: 5 * time.Hour, Freeze: time.Hour,
		Scoring: judge.ScoringICPC, Participants: []string{"ada"}, RegistrationCode: "abc", Public: true,
		Problems: []judge.ContestProblem{{ProblemID: ps[1].ID, Label: "A"}, {ProblemID: ps[0].ID, Label: "B"}}})
	if err != nil {
		t.Fatal(err)
	}
	if c.ID == 0 || c.Title != "Weekly 1" || !c.StartTime.Equal(start) || c.Duration != 5*time.Hour || c.Freeze != time.Hour ||
		c.Scoring != judge.ScoringICPC || c.Everyone || !slices.Equal(c.Participants, []string{"ada"}) || c.RegistrationCode != "abc" || !c.Public {
		t.Fatalf("CreateContest = %+v", c)
	}
	if len(c.Problems) != 2 || c.Problems[0].Slug != "q" || c.Problems[0].Label != "A" || c.Problems[1].Title != "Title p" {
		t.Errorf("CreateContest problems = %+v, want q as A then p as B", c.Problems)
	}
	if _, err := d.CreateContest(ctx, judge.Contest{Title: "x", StartTime: start, Duration: time.Hour, Scoring: judge.ScoringIOI,
		Participants: []string{"nobody"}}); code(err) != judge.EINVALID {
		t.Errorf("CreateContest with an unknown participant = %v, want invalid", err)
	}

	if err := d.AddParticipant(ctx, c.ID, bob.ID); err != nil {
		t.Fatal(err)
	}
	if err := d.AddParticipant(ctx, c.ID, bob.ID); err != nil {
		t.Errorf("AddParticipant again = %v, want nil", err)
	}
	if err := d.AddParticipant(ctx, c.ID+100, bob.ID); code(err) != judge.ENOTFOUND {
		t.Errorf("AddParticipant to no contest = %v, want not found", err)
	}
	got, err := d.Contest(ctx, c.ID)
	if err != nil || !slices.Equal(got.Participants, []string{"ada", "bob"}) {
		t.Errorf("after AddParticipant = %v, %v", got.Participants, err)
	}

	thawed := start.Add(6 * time.Hour)
	c.Title, c.Everyone, c.Participants, c.UnfrozenAt, c.Scoring = "Weekly 1b", true, nil, &thawed, judge.ScoringIOI
	c.Problems = c.Problems[:1]
	u, err := d.UpdateContest(ctx, c)
	if err != nil || u.Title != "Weekly 1b" || !u.Everyone || u.Participants != nil || u.UnfrozenAt == nil || !u.UnfrozenAt.Equal(thawed) ||
		u.Scoring != judge.ScoringIOI || len(u.Problems) != 1 {
		t.Errorf("UpdateContest = %+v, %v", u, err)
	}
	if _, err := d.UpdateContest(ctx, judge.Contest{ID: c.ID + 100, Title: "x"}); code(err) != judge.ENOTFOUND {
		t.Errorf("UpdateContest of no contest = %v, want not found", err)
	}

	in, err := d.CreateSubmission(ctx, judge.Submission{UserID: ada.ID, ProblemID: ps[1].ID, Kind: judge.KindAnswer, Payload: "1\n",
		ContestID: c.ID, CreatedAt: start.Add(10 * time.Minute)})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.CreateSubmission(ctx, judge.Submission{UserID: ada.ID, ProblemID: ps[1].ID, Kind: judge.KindAnswer, Payload: "2\n"}); err != nil {
		t.Fatal(err) // practice: not on the board
	}
	subs, err := d.ContestSubmissions(ctx, c.ID)
	want := judge.ContestSubmission{ID: in.ID, UserID: ada.ID, Username: "ada", ProblemID: ps[1].ID, CreatedAt: start.Add(10 * time.Minute),
		Status: judge.StatusPending}
	if err != nil || len(subs) != 1 || subs[0] != want {
		t.Errorf("ContestSubmissions = %+v, %v, want [%+v]", subs, err, want)
	}
	if one, err := d.ContestSubmission(ctx, in.ID); err != nil || one != want {
		t.Errorf("ContestSubmission = %+v, %v", one, err)
	}
	// ContestChanges: made at since or later, or judged at since or later.
	for _, tc := range []struct {
		since time.Time
		n     int
	}{{start, 1}, {start.Add(10 * time.Minute), 1}, {start.Add(10*time.Minute + time.Millisecond), 0}} {
		if got, err := d.ContestChanges(ctx, c.ID, tc.since); err != nil || len(got) != tc.n || tc.n == 1 && got[0] != want {
			t.Errorf("ContestChanges(since %v) = %+v, %v, want %d", tc.since, got, err, tc.n)
		}
	}
	claims, err := d.Claim(ctx, 10)
	if err != nil || len(claims) != 2 {
		t.Fatalf("Claim = %v, %v", claims, err)
	}
	judgedAt := start.Add(3 * time.Hour)
	if _, err := d.Finish(ctx, []judge.Judged{{ID: in.ID, Token: claims[0].Token, Verdict: judge.Accepted, Score: 100, JudgedAt: judgedAt}}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		since time.Time
		n     int
	}{{judgedAt, 1}, {judgedAt.Add(time.Millisecond), 0}} {
		got, err := d.ContestChanges(ctx, c.ID, tc.since)
		if err != nil || len(got) != tc.n || tc.n == 1 && (got[0].Verdict != judge.Accepted || got[0].Score != 100 || got[0].Status != judge.StatusDone) {
			t.Errorf("ContestChanges(since %v) after the verdict = %+v, %v, want %d", tc.since, got, err, tc.n)
		}
	}
	if s, err := d.Submission(ctx, in.ID); err != nil || s.ContestID != c.ID {
		t.Errorf("Submission(%d).ContestID = %d, %v, want %d", in.ID, s.ContestID, err, c.ID)
	}
	all, err := d.Contests(ctx)
	if err != nil || len(all) != 1 || all[0].ID != c.ID {
		t.Errorf("Contests = %+v, %v", all, err)
	}
}
