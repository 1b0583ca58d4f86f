package store

import (
	"context"
	"slices"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/pgtest"
	"puzzlejudge/judge"
)

func TestContestTeamsSQLite(t *testing.T) {
	testContestTeams(t, sqliteOpener(t)(t))
}

// TestContestTeamsPostgres runs testContestTeams on JUDGE_TEST_PG_DSN's server.
func TestContestTeamsPostgres(t *testing.T) {
	dsn := pgtest.DSN(t)
	resetPostgres(t, dsn)
	d := mustOpen(t, "postgres", dsn)
	t.Cleanup(func() { d.Close() })
	testContestTeams(t, d)
}

// testContestTeams stores a contest of teams, organizations and groups,
// changes them keeping the ids of those that keep their names, refuses a
// user in two teams, and migrates a contest stored before teams.
func testContestTeams(t *testing.T, d *DB) {
	ctx := context.Background()
	var nu []judge.NewUser
	for _, name := range []string{"a1", "a2", "a3", "b1", "b2", "b3", "obs"} {
		nu = append(nu, judge.NewUser{User: judge.User{Username: name, Role: judge.RoleStudent}, PasswordHash: []byte("x")})
	}
	users, err := d.CreateUsers(ctx, nu)
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := d.SyncCatalogue(ctx, "p", func(judge.Problem, bool, []judge.Case) (judge.CatalogueChanges, error) {
		return judge.CatalogueChanges{Problem: &judge.Problem{Slug: "p", Title: "P", Puzzle: "floodit", Statement: "."}}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	spec := judge.Contest{Title: "ICPC", StartTime: start, Duration: 5 * time.Hour, Scoring: judge.ScoringICPC,
		Problems:      []judge.ContestProblem{{ProblemID: p.ID, Label: "A"}},
		Organizations: []judge.Organization{{Name: "Alpha U", FormalName: "University of Alpha", Country: "NLD"}, {Name: "Beta U"}},
		Groups:        []judge.ContestGroup{{Name: "undergraduate"}, {Name: "observers", Hidden: true}},
		Teams: []judge.ContestTeam{
			{Name: "Alpha 1", Members: []string{"a3", "a1", "a2"}, Organization: "Alpha U", Groups: []string{"undergraduate"}},
			{Name: "Beta 1", Members: []string{"b1", "b2", "b3"}, Organization: "Beta U", Groups: []string{"undergraduate"}},
			{Name: "Watchers", Members: []string{"obs"}, Groups: []string{"observers"}},
		}}
	c, err := d.CreateContest(ctx, spec)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Teams) != 3 || c.Teams[0].Name != "Alpha 1" || !slices.Equal(c.Teams[0].Members, []string{"a1", "a2", "a3"}) ||
		c.Teams[0].Organization != "Alpha U" || !slices.Equal(c.Teams[0].Groups, []string{"undergraduate"}) || c.Teams[2].Organization != "" {
		t.Fatalf("CreateContest teams = %+v", c.Teams)
	}
	if o, ok := c.OrganizationNamed("Alpha U"); !ok || o.FormalName != "University of Alpha" || o.Country != "NLD" || o.ID == 0 {
		t.Errorf("organization Alpha U = %+v, %v", o, ok)
	}
	if g, ok := c.GroupNamed("observers"); !ok || !g.Hidden || !c.HiddenTeam(c.Teams[2]) || c.HiddenTeam(c.Teams[0]) {
		t.Errorf("observers = %+v, %v; hidden teams wrong", g, ok)
	}
	if !slices.Equal(c.Participants, []string{"a1", "a2", "a3", "b1", "b2", "b3", "obs"}) || !c.Takes("b2") || c.Takes("nobody") {
		t.Errorf("Participants = %v", c.Participants)
	}
	alphaID, betaOrg := c.Teams[0].ID, c.Organizations[1].ID

	// Changed: Beta 1 leaves, a3 moves to a new team, Beta U is formal now.
	c.Teams = []judge.ContestTeam{
		{Name: "Alpha 1", Members: []string{"a1", "a2"}, Organization: "Alpha U"},
		{Name: "Alpha 2", Members: []string{"a3"}, Organization: "Beta U", Groups: []string{"observers"}},
	}
	c.Organizations[1].FormalName = "Beta University"
	u, err := d.UpdateContest(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	if len(u.Teams) != 2 || u.Teams[0].ID != alphaID || len(u.Teams[0].Groups) != 0 || u.Teams[1].Name != "Alpha 2" ||
		!slices.Equal(u.Participants, []string{"a1", "a2", "a3"}) {
		t.Errorf("UpdateContest teams = %+v (Alpha 1 keeps id %d)", u.Teams, alphaID)
	}
	if o, _ := u.OrganizationNamed("Beta U"); o.ID != betaOrg || o.FormalName != "Beta University" {
		t.Errorf("Beta U = %+v, want id %d kept and its formal name", o, betaOrg)
	}

	u.Teams = append(u.Teams, judge.ContestTeam{Name: "Twice", Members: []string{"a1"}})
	if _, err := d.UpdateContest(ctx, u); code(err) != judge.EINVALID {
		t.Errorf("a user in two teams = %v, want invalid", err)
	}
	u.Teams[2] = judge.ContestTeam{Name: "Lost", Organization: "Nowhere"}
	if _, err := d.UpdateContest(ctx, u); code(err) != judge.EINVALID {
		t.Errorf("an organization not defined = %v, want invalid", err)
	}

	// AddParticipant: a team of one, named after the user unless taken.
	u.Teams = append(u.Teams[:2], judge.ContestTeam{Name: "b1"})
	if _, err := d.UpdateContest(ctx, u); err != nil {
		t.Fatal(err)
	}
	b1 := users[3]
	if err := d.AddParticipant(ctx, c.ID, b1.ID); err != nil {
		t.Fatal(err)
	}
	got, _ := d.Contest(ctx, c.ID)
	if team, ok := got.TeamOf("b1"); !ok || team.Name == "b1" || !slices.Equal(team.Members, []string{"b1"}) {
		t.Errorf("AddParticipant's team = %+v, %v", team, ok)
	}
	if err := d.AddParticipant(ctx, c.ID, users[0].ID); err != nil {
		t.Fatal(err)
	}
	if again, _ := d.Contest(ctx, c.ID); len(again.Teams) != len(got.Teams) {
		t.Errorf("AddParticipant of a member made a team: %+v", again.Teams)
	}

	// A contest stored before teams: participants in contest_participants,
	// a submitter in a contest open to all, feed events kept for user ids.
	old, err := d.CreateContest(ctx, judge.Contest{Title: "Old", StartTime: start, Duration: time.Hour, Scoring: judge.ScoringICPC, Everyone: true,
		Problems: []judge.ContestProblem{{ProblemID: p.ID, Label: "A"}}})
	if err != nil {
		t.Fatal(err)
	}
	a2, b2 := users[1], users[4]
	if err := d.db.Model(&contestRow{}).Where("id = ?", old.ID).UpdateColumn("teams_made", false).Error; err != nil {
		t.Fatal(err)
	}
	if err := d.db.Create(&contestParticipantRow{ContestID: old.ID, UserID: a2.ID}).Error; err != nil {
		t.Fatal(err)
	}
	if _, err := d.CreateSubmission(ctx, judge.Submission{UserID: b2.ID, ProblemID: p.ID, Kind: judge.KindAnswer, Payload: "1\n",
		ContestID: old.ID, CreatedAt: start.Add(time.Minute)}); err != nil {
		t.Fatal(err)
	}
	events, err := d.AppendFeedEvents(ctx, []judge.FeedEvent{{ContestID: old.ID, Type: "judgements", ID: "1", Data: []byte(`{}`), TeamID: b2.ID},
		{ContestID: old.ID, Type: "clarifications", ID: "2", Data: []byte(`{}`), TeamID: 999999}})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 { // the second run finds nothing to do
		if err := d.migrateContestTeams(); err != nil {
			t.Fatal(err)
		}
	}
	m, err := d.Contest(ctx, old.ID)
	if err != nil {
		t.Fatal(err)
	}
	ta, oka := m.TeamOf("a2")
	tb, okb := m.TeamOf("b2")
	if len(m.Teams) != 2 || !oka || !okb || ta.Name != "a2" || tb.Name != "b2" {
		t.Fatalf("migrated teams = %+v", m.Teams)
	}
	var n int64
	d.db.Model(&contestParticipantRow{}).Where("contest_id = ?", old.ID).Count(&n)
	if n != 0 {
		t.Errorf("%d participant rows left after the migration", n)
	}
	for i, want := range []int64{tb.ID, -1} {
		e, err := d.FeedEvent(ctx, events[i].Token)
		if err != nil || e.TeamID != want {
			t.Errorf("feed event %d after the migration: team %d, %v; want %d", i, e.TeamID, err, want)
		}
	}
}
