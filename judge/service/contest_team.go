package service

import (
	"context"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"puzzlejudge/judge"
)

// teamsOf validates the teams of a spec into c: each participant a team of
// one named after them, then spec.Teams; the organizations and groups
// defined, and those the teams name without defining them (made with their
// name only). A user is a member of one team; team names are unique.
func teamsOf(spec judge.ContestSpec, c *judge.Contest) error {
	orgAt, groupAt := map[string]int{}, map[string]int{}
	for i, o := range spec.Organizations {
		o.Name, o.FormalName, o.Country = strings.TrimSpace(o.Name), strings.TrimSpace(o.FormalName), strings.TrimSpace(o.Country)
		if !goodName(o.Name, judge.MaxOrgName) || !goodText(o.FormalName, judge.MaxOrgFormal) || !countryCode(o.Country) {
			return judge.Errort(judge.EINVALID, "contest_org_bad", "organizations[{I}] ({Name}): a name of 1 to {Max} characters, a formal name of at most {Formal}, a country of three capital letters (ISO 3166-1 alpha-3) or none",
				"I", i, "Name", strconv.Quote(o.Name), "Max", judge.MaxOrgName, "Formal", judge.MaxOrgFormal)
		}
		if j, ok := orgAt[o.Name]; ok {
			c.Organizations[j] = judge.Organization{Name: o.Name, FormalName: o.FormalName, Country: o.Country}
			continue
		}
		orgAt[o.Name] = len(c.Organizations)
		c.Organizations = append(c.Organizations, judge.Organization{Name: o.Name, FormalName: o.FormalName, Country: o.Country})
	}
	for i, g := range spec.Groups {
		g.Name = strings.TrimSpace(g.Name)
		if !goodName(g.Name, judge.MaxGroupName) {
			return judge.Errort(judge.EINVALID, "contest_group_bad", "groups[{I}] ({Name}): a name of 1 to {Max} characters", "I", i, "Name", strconv.Quote(g.Name), "Max", judge.MaxGroupName)
		}
		if j, ok := groupAt[g.Name]; ok {
			c.Groups[j].Hidden = g.Hidden
			continue
		}
		groupAt[g.Name] = len(c.Groups)
		c.Groups = append(c.Groups, judge.ContestGroup{Name: g.Name, Hidden: g.Hidden})
	}
	teams := make([]judge.TeamSpec, 0, len(spec.Participants)+len(spec.Teams))
	for _, u := range spec.Participants {
		if u = strings.TrimSpace(u); u != "" && !slices.ContainsFunc(teams, func(t judge.TeamSpec) bool { return t.Name == u }) {
			teams = append(teams, judge.TeamSpec{Name: u, Members: []string{u}})
		}
	}
	solo := len(teams)
	teams = append(teams, spec.Teams...)
	if len(teams) > judge.MaxContestTeams {
		return judge.Errort(judge.EINVALID, "contest_too_many_teams", "teams: at most {Max}", "Max", judge.MaxContestTeams)
	}
	named, teamOf := map[string]bool{}, map[string]string{}
	for k, t := range teams {
		i := k - solo // the index in spec.Teams, for the messages
		t.Name = strings.TrimSpace(t.Name)
		switch {
		case !goodName(t.Name, judge.MaxTeamName):
			return judge.Errort(judge.EINVALID, "contest_team_name", "teams[{I}].name: a team needs a name of 1 to {Max} characters", "I", i, "Max", judge.MaxTeamName)
		case named[t.Name]:
			return judge.Errort(judge.EINVALID, "contest_team_twice", "teams[{I}]: team {Name} is given twice (a participant is a team named after them)", "I", i, "Name", strconv.Quote(t.Name))
		case len(t.Members) > judge.MaxTeamMembers:
			return judge.Errort(judge.EINVALID, "contest_team_members_many", "teams[{I}].members: at most {Max}", "I", i, "Max", judge.MaxTeamMembers)
		case len(t.Groups) > judge.MaxTeamGroups:
			return judge.Errort(judge.EINVALID, "contest_team_groups_many", "teams[{I}].groups: at most {Max}", "I", i, "Max", judge.MaxTeamGroups)
		}
		named[t.Name] = true
		team := judge.ContestTeam{Name: t.Name, Members: []string{}, Groups: []string{}, Organization: strings.TrimSpace(t.Organization)}
		for _, m := range t.Members {
			if m = strings.TrimSpace(m); m == "" || slices.Contains(team.Members, m) {
				continue
			}
			if other, ok := teamOf[m]; ok {
				return judge.Errort(judge.EINVALID, "contest_member_twice", "teams[{I}].members: {User} is in team {Other} too: a member is in one team of a contest",
					"I", i, "User", strconv.Quote(m), "Other", strconv.Quote(other))
			}
			teamOf[m] = t.Name
			team.Members = append(team.Members, m)
		}
		slices.Sort(team.Members)
		if o := team.Organization; o != "" {
			if !goodName(o, judge.MaxOrgName) {
				return judge.Errort(judge.EINVALID, "contest_org_bad", "organizations[{I}] ({Name}): a name of 1 to {Max} characters, a formal name of at most {Formal}, a country of three capital letters (ISO 3166-1 alpha-3) or none",
					"I", i, "Name", strconv.Quote(o), "Max", judge.MaxOrgName, "Formal", judge.MaxOrgFormal)
			}
			if _, ok := orgAt[o]; !ok {
				orgAt[o] = len(c.Organizations)
				c.Organizations = append(c.Organizations, judge.Organization{Name: o})
			}
		}
		for _, g := range t.Groups {
			if g = strings.TrimSpace(g); g == "" || slices.Contains(team.Groups, g) {
				continue
			}
			if !goodName(g, judge.MaxGroupName) {
				return judge.Errort(judge.EINVALID, "contest_group_bad", "groups[{I}] ({Name}): a name of 1 to {Max} characters", "I", i, "Name", strconv.Quote(g), "Max", judge.MaxGroupName)
			}
			if _, ok := groupAt[g]; !ok {
				groupAt[g] = len(c.Groups)
				c.Groups = append(c.Groups, judge.ContestGroup{Name: g})
			}
			team.Groups = append(team.Groups, g)
		}
		slices.Sort(team.Groups)
		c.Teams = append(c.Teams, team)
	}
	if len(c.Organizations) > judge.MaxContestOrgs || len(c.Groups) > judge.MaxGroups {
		return judge.Errort(judge.EINVALID, "contest_too_many_orgs", "organizations: at most {Max}; groups: at most {Groups}", "Max", judge.MaxContestOrgs, "Groups", judge.MaxGroups)
	}
	slices.SortFunc(c.Teams, func(a, b judge.ContestTeam) int { return strings.Compare(a.Name, b.Name) })
	c.Participants = c.Members()
	if c.Participants == nil {
		c.Participants = []string{}
	}
	return nil
}

// goodName reports a name of 1 to max characters of UTF-8 text.
func goodName(s string, max int) bool { return s != "" && goodText(s, max) }

// goodText reports at most max characters of UTF-8 text without NUL or
// control characters.
func goodText(s string, max int) bool {
	return utf8.ValidString(s) && utf8.RuneCountInString(s) <= max &&
		strings.IndexFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }) < 0
}

// countryCode reports an ISO 3166-1 alpha-3 code, or "".
func countryCode(s string) bool {
	if s == "" {
		return true
	}
	return len(s) == 3 && strings.IndexFunc(s, func(r rune) bool { return r < 'A' || r > 'Z' }) < 0
}

// ContestTeams returns the teams of contest id as v may read them
// (judge.TeamsFor), with the contest's organizations and groups: the jury
// all, with their members; who may read the board the teams it shows.
func (s *Service) ContestTeams(ctx context.Context, v judge.User, id int64) (judge.Contest, error) {
	c, err := s.seenContest(ctx, v, id)
	if err != nil {
		return judge.Contest{}, err
	}
	if err := judge.Allow(v, judge.CanSeeBoard(v, c), "the teams of contest %d are for its participants and the jury", id); err != nil {
		return judge.Contest{}, err
	}
	out := judge.ContestFor(v, c, s.now())
	out.Teams = judge.TeamsFor(v, c)
	return out, nil
}

// ImportContestTeams reads teams from CSV (judge.ParseTeamsCSV: name,
// members, organization, groups) into contest id (instructors only): a
// team of the file replaces the contest's team of that name, the others
// stay. The contest then takes those teams only (no longer everyone),
// unless it was open to everyone.
func (s *Service) ImportContestTeams(ctx context.Context, v judge.User, id int64, r io.Reader) (judge.Contest, error) {
	if err := judge.Allow(v, judge.CanManageContests(v), contestsOnly); err != nil {
		return judge.Contest{}, err
	}
	in, err := judge.ParseTeamsCSV(r)
	if err != nil {
		return judge.Contest{}, err
	}
	old, err := s.store.Contest(ctx, id)
	if err != nil {
		return judge.Contest{}, err
	}
	teams, _, _ := old.TeamSpecs()
	for _, t := range in {
		if i := slices.IndexFunc(teams, func(o judge.TeamSpec) bool { return o.Name == strings.TrimSpace(t.Name) }); i >= 0 {
			teams[i] = t
		} else {
			teams = append(teams, t)
		}
	}
	// A member the file moves leaves their old team.
	moved := map[string]string{}
	for _, t := range in {
		for _, m := range t.Members {
			moved[strings.TrimSpace(m)] = strings.TrimSpace(t.Name)
		}
	}
	for i := range teams {
		teams[i].Members = slices.DeleteFunc(slices.Clone(teams[i].Members), func(m string) bool {
			to, ok := moved[m]
			return ok && to != strings.TrimSpace(teams[i].Name)
		})
	}
	return s.UpdateContest(ctx, v, id, judge.ContestPatch{Teams: teams})
}

// ensureTeam makes v a team of one of c when c is open to everyone and v
// is in no team of it yet (their first submission or question), and
// returns c as it is then.
func (s *Service) ensureTeam(ctx context.Context, v judge.User, c judge.Contest) (judge.Contest, error) {
	if v.Anonymous() || !c.Everyone {
		return c, nil
	}
	if _, ok := c.TeamOf(v.Username); ok {
		return c, nil
	}
	// Two first tries at once may both make the team: the one that finds
	// it made by the other reads it.
	if err := s.store.AddParticipant(ctx, c.ID, v.ID); err != nil && judge.ErrorCode(err) != judge.ECONFLICT {
		return judge.Contest{}, err
	}
	c, err := s.store.Contest(ctx, c.ID)
	if err != nil {
		return judge.Contest{}, err
	}
	s.boards.changed(c)
	return c, nil
}
