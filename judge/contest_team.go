package judge

import (
	"slices"
	"sort"
)

// ContestTeam is a team of a contest, the contest's unit of ranking: any
// member's submission counts for the team, and every member reads the
// team's submissions and clarifications. A user is a member of at most one
// team of a contest. A contestant listed alone (the contest's
// participants, one who joins with the registration code, one who submits
// in a contest open to everyone) is a team of one named after them.
type ContestTeam struct {
	ID   int64
	Name string
	// Members are the usernames of the team's accounts, by name.
	Members []string
	// Organization names one of the contest's Organizations; "" for none.
	Organization string
	// Groups name some of the contest's Groups, by name.
	Groups []string
}

// Has reports whether the user named username is a member of t.
func (t ContestTeam) Has(username string) bool { return slices.Contains(t.Members, username) }

// Organization is where a contest's teams come from (a university), as the
// ICPC Contest API's organizations: a short name, a formal name and a
// country (ISO 3166-1 alpha-3, "" when not known).
type Organization struct {
	ID         int64
	Name       string
	FormalName string
	Country    string
}

// ContestGroup is a category of a contest's teams ("undergraduate"), as
// the ICPC Contest API's groups. The teams of a hidden group are off the
// board everyone but the jury reads (DOMjudge's observers): they take part
// and are judged, and are ranked on the jury's board only.
type ContestGroup struct {
	ID     int64
	Name   string
	Hidden bool
}

// TeamSpec is a team as the jury writes it: Members are usernames,
// Organization and Groups names (an organization or group named but not
// defined is made, with its name only).
type TeamSpec struct {
	Name         string
	Members      []string
	Organization string
	Groups       []string
}

// OrganizationSpec defines an organization of a contest by its name.
type OrganizationSpec struct {
	Name       string
	FormalName string
	Country    string
}

// GroupSpec defines a group of a contest by its name.
type GroupSpec struct {
	Name   string
	Hidden bool
}

// Bounds of a contest's teams, organizations and groups.
const (
	MaxContestTeams = 10000
	MaxTeamMembers  = 20
	MaxTeamName     = 100
	MaxOrgName      = 100
	MaxOrgFormal    = 200
	MaxGroupName    = 100
	MaxTeamGroups   = 10
	MaxContestOrgs  = 2000
	MaxGroups       = 100
)

// TeamIndex maps each member's username to the index of their team in
// c.Teams: what a board builds once to place submissions.
func (c Contest) TeamIndex() map[string]int {
	out := make(map[string]int, len(c.Teams))
	for i, t := range c.Teams {
		for _, m := range t.Members {
			out[m] = i
		}
	}
	return out
}

// TeamOf returns the team of the user named username, if they are in one.
func (c Contest) TeamOf(username string) (ContestTeam, bool) {
	return find(c.Teams, func(t ContestTeam) bool { return t.Has(username) })
}

// Team returns the team with that id, if any.
func (c Contest) Team(id int64) (ContestTeam, bool) {
	return find(c.Teams, func(t ContestTeam) bool { return t.ID == id })
}

// OrganizationNamed returns the organization with that name, if any.
func (c Contest) OrganizationNamed(name string) (Organization, bool) {
	return find(c.Organizations, func(o Organization) bool { return o.Name == name })
}

// GroupNamed returns the group with that name, if any.
func (c Contest) GroupNamed(name string) (ContestGroup, bool) {
	return find(c.Groups, func(g ContestGroup) bool { return g.Name == name })
}

// HiddenTeam reports whether t is in a hidden group: off the board
// everyone but the jury reads.
func (c Contest) HiddenTeam(t ContestTeam) bool {
	for _, name := range t.Groups {
		if g, ok := c.GroupNamed(name); ok && g.Hidden {
			return true
		}
	}
	return false
}

// Members returns every member of c's teams, by name: the contest's
// participants.
func (c Contest) Members() []string {
	var out []string
	for _, t := range c.Teams {
		out = append(out, t.Members...)
	}
	sort.Strings(out)
	return out
}

// TeamSpecs returns c's teams, organizations and groups as the jury
// would write them again.
func (c Contest) TeamSpecs() ([]TeamSpec, []OrganizationSpec, []GroupSpec) {
	teams := make([]TeamSpec, len(c.Teams))
	for i, t := range c.Teams {
		teams[i] = TeamSpec{Name: t.Name, Members: slices.Clone(t.Members), Organization: t.Organization, Groups: slices.Clone(t.Groups)}
	}
	orgs := make([]OrganizationSpec, len(c.Organizations))
	for i, o := range c.Organizations {
		orgs[i] = OrganizationSpec{Name: o.Name, FormalName: o.FormalName, Country: o.Country}
	}
	groups := make([]GroupSpec, len(c.Groups))
	for i, g := range c.Groups {
		groups[i] = GroupSpec{Name: g.Name, Hidden: g.Hidden}
	}
	return teams, orgs, groups
}
