package api

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
	"puzzlejudge/web/wire"
)

// teamRequest is a team in a contest's body: members are usernames,
// organization a name or an object {name, formal_name, country}, groups
// group names (made when new).
type teamRequest struct {
	Name         string          `json:"name"`
	Members      []string        `json:"members"`
	Organization json.RawMessage `json:"organization"`
	Groups       []string        `json:"groups"`
}

// organizationRequest defines an organization.
type organizationRequest struct {
	Name       string `json:"name"`
	FormalName string `json:"formal_name"`
	Country    string `json:"country"`
}

// groupRequest defines a group; hidden keeps its teams off the public
// board.
type groupRequest struct {
	Name   string `json:"name"`
	Hidden bool   `json:"hidden"`
}

func (g groupRequest) spec() judge.GroupSpec { return judge.GroupSpec(g) }

// teamSpecsOf reads the teams of a body, with the organizations their
// objects define, then those of orgs.
func teamSpecsOf(teams []teamRequest, orgs []organizationRequest) ([]judge.TeamSpec, []judge.OrganizationSpec, error) {
	var specs []judge.TeamSpec
	var defs []judge.OrganizationSpec
	for i, t := range teams {
		spec := judge.TeamSpec{Name: t.Name, Members: t.Members, Groups: t.Groups}
		switch raw := bytes.TrimSpace(t.Organization); {
		case len(raw) == 0 || string(raw) == "null":
		case raw[0] == '"':
			if err := json.Unmarshal(raw, &spec.Organization); err != nil {
				return nil, nil, judge.Errorf(judge.EINVALID, "teams[%d].organization: %v", i, err)
			}
		default:
			var o organizationRequest
			dec := json.NewDecoder(bytes.NewReader(raw))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&o); err != nil {
				return nil, nil, judge.Errorf(judge.EINVALID, "teams[%d].organization: a name or {\"name\", \"formal_name\", \"country\"}: %v", i, err)
			}
			spec.Organization = o.Name
			defs = append(defs, judge.OrganizationSpec{Name: o.Name, FormalName: o.FormalName, Country: o.Country})
		}
		specs = append(specs, spec)
	}
	for _, o := range orgs {
		defs = append(defs, judge.OrganizationSpec{Name: o.Name, FormalName: o.FormalName, Country: o.Country})
	}
	return specs, defs, nil
}

// teamJSON is a team as the API shows it (wire.Team, which pj reads too),
// with its organization and group.
type teamJSON = wire.Team

type organizationJSON = wire.Organization

type groupJSON = wire.Group

// contestTeamsJSON is the answer of GET /contests/{id}/teams.
type contestTeamsJSON = wire.Teams

func toContestTeamsJSON(c judge.Contest) contestTeamsJSON {
	out := contestTeamsJSON{Teams: make([]teamJSON, 0, len(c.Teams)), Organizations: make([]organizationJSON, 0, len(c.Organizations)),
		Groups: make([]groupJSON, 0, len(c.Groups))}
	for _, t := range c.Teams {
		tj := teamJSON{ID: t.ID, Name: t.Name, Members: t.Members, Groups: t.Groups, Hidden: c.HiddenTeam(t)}
		if tj.Groups == nil {
			tj.Groups = []string{}
		}
		if t.Organization != "" {
			o := t.Organization
			tj.Organization = &o
		}
		out.Teams = append(out.Teams, tj)
	}
	for _, o := range c.Organizations {
		oj := organizationJSON{ID: o.ID, Name: o.Name, FormalName: o.FormalName}
		if o.Country != "" {
			country := o.Country
			oj.Country = &country
		}
		out.Organizations = append(out.Organizations, oj)
	}
	for _, g := range c.Groups {
		out.Groups = append(out.Groups, groupJSON{ID: g.ID, Name: g.Name, Hidden: g.Hidden})
	}
	return out
}

// contestTeams answers a contest's teams, organizations and groups as the
// caller may read them (judge.TeamsFor).
func (s *API) contestTeams(c *gin.Context) {
	answerByID(s, c, "contest", s.Service.ContestTeams, toContestTeamsJSON)
}

// importContestTeams reads teams from the CSV body (name, members,
// organization, groups) into a contest and answers its teams.
func (s *API) importContestTeams(c *gin.Context) {
	id, ok := s.pathID(c, "id", "contest")
	if !ok {
		return
	}
	body, err := io.ReadAll(c.Request.Body)
	if err != nil {
		s.writeError(c, err)
		return
	}
	if _, err := s.Service.ImportContestTeams(c.Request.Context(), httpx.Viewer(c), id, bytes.NewReader(body)); err != nil {
		s.writeError(c, err)
		return
	}
	ct, err := s.Service.ContestTeams(c.Request.Context(), httpx.Viewer(c), id)
	s.answer(c, http.StatusOK, err, func() any { return toContestTeamsJSON(ct) })
}
