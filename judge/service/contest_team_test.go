package service_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// TestContestTeams runs a contest of teams in the service: teams are
// validated as a whole; any member's submission counts for the team on the
// live board, which agrees with the board computed from scratch for the
// jury and for everyone else (who do not see the hidden group's team); a
// member moved to another team takes their submissions along; members
// read the team's submissions and clarifications; a CSV import replaces
// teams by name.
func TestContestTeams(t *testing.T) {
	e := newContestEnv(t)
	ctx := context.Background()
	users := map[string]judge.User{}
	for _, u := range []string{"ann", "amy", "ben", "bea", "oli", "pat"} {
		users[u] = mustUser(t, e.s, u)
	}
	spec := judge.ContestSpec{Public: true, Participants: []string{"pat"},
		Teams: []judge.TeamSpec{
			{Name: "Alpha", Members: []string{"ann", "amy"}, Organization: "UA", Groups: []string{"undergraduate"}},
			{Name: "Beta", Members: []string{"ben", "bea"}, Organization: "UB", Groups: []string{"undergraduate"}},
			{Name: "Watchers", Members: []string{"oli"}, Groups: []string{"observers"}},
		},
		Organizations: []judge.OrganizationSpec{{Name: "UA", FormalName: "University of A", Country: "NLD"}},
		Groups:        []judge.GroupSpec{{Name: "observers", Hidden: true}}}
	for _, tc := range []struct {
		name string
		edit func(*judge.ContestSpec)
		id   string
	}{
		{"a member twice", func(s *judge.ContestSpec) { s.Teams[1].Members = []string{"ben", "ann"} }, "contest_member_twice"},
		{"a participant in a team", func(s *judge.ContestSpec) { s.Participants = []string{"oli"} }, "contest_member_twice"},
		{"a team twice", func(s *judge.ContestSpec) { s.Teams[1].Name = "Alpha" }, "contest_team_twice"},
		{"a team named after a participant", func(s *judge.ContestSpec) { s.Teams[1].Name = "pat" }, "contest_team_twice"},
		{"no name", func(s *judge.ContestSpec) { s.Teams[1].Name = " " }, "contest_team_name"},
		{"a bad country", func(s *judge.ContestSpec) { s.Organizations[0].Country = "nl" }, "contest_org_bad"},
		{"too many members", func(s *judge.ContestSpec) { s.Teams[1].Members = slices.Repeat([]string{"x"}, 21) }, "contest_team_members_many"},
	} {
		bad := spec
		bad.Teams = slices.Clone(spec.Teams)
		bad.Organizations = slices.Clone(spec.Organizations)
		tc.edit(&bad)
		if _, err := e.s.CreateContest(ctx, e.admin, fillContest(bad)); judge.ErrorCode(err) != judge.EINVALID || judge.ErrorID(err) != tc.id {
			t.Errorf("%s: CreateContest = %v (id %q), want invalid %s", tc.name, err, judge.ErrorID(err), tc.id)
		}
	}
	c := e.contest(t, spec)
	if c.Everyone || len(c.Teams) != 4 || !slices.Equal(c.Participants, []string{"amy", "ann", "bea", "ben", "oli", "pat"}) {
		t.Fatalf("the contest: everyone %v, teams %+v, participants %v", c.Everyone, c.Teams, c.Participants)
	}

	e.submitIn(t, c.ID, 5*time.Minute, users["oli"], "flood", e.right)
	e.submitIn(t, c.ID, 10*time.Minute, users["ann"], "flood", e.wrong)
	amyA := e.submitIn(t, c.ID, 20*time.Minute, users["amy"], "flood", e.right)
	e.submitIn(t, c.ID, 30*time.Minute, users["bea"], "flood2", e.right)
	e.submitIn(t, c.ID, 40*time.Minute, users["pat"], "flood2", e.wrong)
	pub := e.scoreboard(t, users["pat"], c.ID)
	if got, want := rowsText(pub), "Beta 1 1 30 | A:0/0/0 B:1/30/0+*\nAlpha 2 1 40 | A:2/20/0+* B:0/0/0\npat 3 0 0 | A:0/0/0 B:1/0/0\n"; got != want {
		t.Errorf("the public board:\n%s\nwant:\n%s", got, want)
	}
	jury := e.scoreboard(t, e.admin, c.ID)
	if got, want := rowsText(jury), "Watchers 1 1 5 | A:1/5/0+* B:0/0/0\nBeta 2 1 30 | A:0/0/0 B:1/30/0+*\nAlpha 3 1 40 | A:2/20/0+ B:0/0/0\npat 4 0 0 | A:0/0/0 B:1/0/0\n"; got != want {
		t.Errorf("the jury's board:\n%s\nwant:\n%s", got, want)
	}

	// Members read the team's submissions; others do not.
	if _, err := e.s.Submission(ctx, users["ann"], amyA.ID); err != nil {
		t.Errorf("ann reads amy's submission: %v", err)
	}
	if _, err := e.s.Submission(ctx, users["ben"], amyA.ID); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("ben reads amy's submission: %v, want forbidden", err)
	}
	list, _, err := e.s.Submissions(ctx, users["ann"], judge.SubmissionFilter{ContestID: c.ID})
	if err != nil || len(list) != 2 {
		t.Errorf("ann lists the contest's submissions: %d, %v, want Alpha's 2", len(list), err)
	}
	// And its clarifications.
	q, err := e.s.PostClarification(ctx, users["amy"], c.ID, judge.ClarificationSpec{Text: "Square boards only?"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.s.PostClarification(ctx, e.admin, c.ID, judge.ClarificationSpec{Text: "Yes.", ReplyTo: q.ID}); err != nil {
		t.Fatal(err)
	}
	for who, want := range map[string]int{"ann": 2, "amy": 2, "ben": 0} {
		if l, err := e.s.Clarifications(ctx, users[who], c.ID); err != nil || len(l.Messages) != want {
			t.Errorf("%s reads %d clarifications (%v), want %d", who, len(l.Messages), err, want)
		}
	}
	// The teams as each reads them.
	for _, tc := range []struct {
		who  judge.User
		want string
	}{
		{e.admin, "Alpha[amy ann] Beta[bea ben] Watchers[oli] pat[pat]"},
		{users["ann"], "Alpha[amy ann] Beta[] pat[]"},
		{judge.User{}, "Alpha[] Beta[] pat[]"},
	} {
		got, err := e.s.ContestTeams(ctx, tc.who, c.ID)
		var names []string
		for _, tm := range got.Teams {
			names = append(names, tm.Name+"["+strings.Join(tm.Members, " ")+"]")
		}
		if err != nil || strings.Join(names, " ") != tc.want {
			t.Errorf("%q reads the teams %v (%v), want %s", tc.who.Username, names, err, tc.want)
		}
	}

	// amy moves to Beta by a CSV import: her submissions go with her.
	u, err := e.s.ImportContestTeams(ctx, e.admin, c.ID, strings.NewReader("name,members,organization\nBeta,ben bea amy,UB\n"))
	if err != nil {
		t.Fatal(err)
	}
	if a, _ := u.TeamOf("ann"); a.Name != "Alpha" || len(a.Members) != 1 {
		t.Errorf("after the import, ann's team: %+v", a)
	}
	if got, want := rowsText(e.scoreboard(t, e.admin, c.ID)), "Beta 1 2 50 | A:1/20/0+ B:1/30/0+*\nWatchers 2 1 5 | A:1/5/0+* B:0/0/0\nAlpha 3 0 0 | A:1/0/0 B:0/0/0\npat 3 0 0 | A:0/0/0 B:1/0/0\n"; got != want {
		t.Errorf("the jury's board after amy moved:\n%s\nwant:\n%s", got, want)
	}
	if _, err := e.s.ImportContestTeams(ctx, users["ann"], c.ID, strings.NewReader("name,members\nX,ann\n")); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("a contestant imports teams: %v, want forbidden", err)
	}
}

// TestContestTeamsOpenContest: in a contest open to everyone a newcomer's
// first submission makes them a team of one, which an edit of the contest
// keeps; joining with the registration code does the same.
func TestContestTeamsOpenContest(t *testing.T) {
	e := newContestEnv(t)
	ctx := context.Background()
	ann, ben := mustUser(t, e.s, "ann"), mustUser(t, e.s, "ben")
	c := e.contest(t, judge.ContestSpec{Public: true})
	e.submitIn(t, c.ID, 10*time.Minute, ann, "flood", e.right)
	if got := rowsText(e.scoreboard(t, e.admin, c.ID)); got != "ann 1 1 10 | A:1/10/0+* B:0/0/0\n" {
		t.Errorf("the board after ann's first try:\n%s", got)
	}
	title := "Renamed"
	u, err := e.s.UpdateContest(ctx, e.admin, c.ID, judge.ContestPatch{Title: &title})
	if err != nil || !u.Everyone || len(u.Teams) != 1 || u.Teams[0].Name != "ann" {
		t.Errorf("after an edit: everyone %v, teams %+v, %v", u.Everyone, u.Teams, err)
	}
	code := "join-me"
	if _, err := e.s.UpdateContest(ctx, e.admin, c.ID, judge.ContestPatch{RegistrationCode: &code, Teams: []judge.TeamSpec{{Name: "ann", Members: []string{"ann"}}}}); err != nil {
		t.Fatal(err)
	}
	if err := e.s.JoinContest(ctx, ben, c.ID, code); err != nil {
		t.Fatal(err)
	}
	got, _ := e.s.ContestTeams(ctx, e.admin, c.ID)
	if tm, ok := got.TeamOf("ben"); !ok || tm.Name != "ben" || got.Everyone {
		t.Errorf("after ben joined: %+v", got.Teams)
	}
}

// fillContest completes a spec as contestEnv.contest does.
func fillContest(s judge.ContestSpec) judge.ContestSpec {
	s.Title, s.Scoring, s.StartTime, s.Duration = "Weekly", judge.ScoringICPC, t0, 5*time.Hour
	s.Problems = []judge.ContestProblemSpec{{Slug: "flood"}, {Slug: "flood2"}}
	return s
}
