package api

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/ccstest"
	"puzzlejudge/judge"
)

// teamContest creates a public ICPC contest of the catalogue's first two
// problems, started an hour ago, with teams (each {name, members,
// groups}) and groups, through POST /api/v1/contests.
func (e *ccsEnv) teamContest(t *testing.T, freeze time.Duration, teams []map[string]any, groups []map[string]any) judge.Contest {
	t.Helper()
	body := map[string]any{"title": "Teams", "scoring": judge.ScoringICPC, "public": true,
		"problems":   []map[string]any{{"slug": apiProblems[0].problem.Slug, "label": "A"}, {"slug": apiProblems[1].problem.Slug, "label": "B"}},
		"start_time": time.Now().Add(-time.Hour).UTC().Truncate(time.Second).Format(time.RFC3339),
		"duration":   int64(5 * time.Hour / time.Second), "teams": teams, "groups": groups}
	if freeze > 0 {
		body["freeze"] = int64(freeze / time.Second)
	}
	var out struct {
		ID int64 `json:"id"`
	}
	e.do("POST", "/api/v1/contests", e.admin, body).want(t, 201, "").json(t, &out)
	c, err := e.db.Contest(t.Context(), out.ID)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestContestBoardTeamlessRow: a member the jury took out of every team
// after they submitted keeps a row of their own on the board, without a
// team_id (it used to say 0, an id no team has), and in the Contest API a
// team "u<id>" of their own, with no account or person naming a team 0.
func TestContestBoardTeamlessRow(t *testing.T) {
	e := newCCSEnv(t, Options{})
	ann, _ := e.student("ann"), e.student("ben")
	e.waitReady()
	c := e.teamContest(t, 0, []map[string]any{{"name": "Alpha", "members": []string{"ann", "ben"}}}, nil)
	e.contestSubmit(t, ann, c, 0, true)
	id := itoa64(c.ID)
	e.do("PATCH", "/api/v1/contests/"+id, e.admin, map[string]any{"teams": []map[string]any{{"name": "Alpha", "members": []string{"ben"}}}}).want(t, 200, "")

	var board struct {
		Rows []map[string]any `json:"rows"`
	}
	e.do("GET", "/api/v1/contests/"+id+"/scoreboard", e.admin, nil).want(t, 200, "").json(t, &board)
	found := false
	for _, r := range board.Rows {
		switch r["team"] {
		case "ann":
			found = true
			if v, ok := r["team_id"]; ok {
				t.Errorf("ann, in no team, has team_id %v on the board: want none", v)
			}
		case "Alpha":
			if r["team_id"] == nil {
				t.Errorf("Alpha's row has no team_id: %v", r)
			}
		}
	}
	if !found {
		t.Fatalf("no row of ann, who submitted and left the teams: %v", board.Rows)
	}
	base := "/contests/" + id
	for _, path := range []string{"/teams", "/accounts", "/persons", "/submissions"} {
		body := e.ccsGet(t, base+path, e.admin, 200)
		if bytes.Contains(body, []byte(`"0"`)) {
			t.Errorf("%s names a team 0: %s", path, body)
		}
	}
	var subs []struct {
		TeamID string `json:"team_id"`
	}
	json.Unmarshal(e.ccsGet(t, base+"/submissions", e.admin, 200), &subs)
	annID := itoa64(e.user(ann).ID)
	if len(subs) != 1 || subs[0].TeamID != "u"+annID {
		t.Errorf("ann's submission counts for %+v, want her own team u%s", subs, annID)
	}
}

// ccsState replays a feed: the last data of each object, by type and id
// (a deletion removes it).
func ccsState(t *testing.T, feed []byte) map[string]map[string]string {
	t.Helper()
	out := map[string]map[string]string{}
	for _, ev := range feedLines(t, feed) {
		if ev.ID == nil {
			continue
		}
		if out[ev.Type] == nil {
			out[ev.Type] = map[string]string{}
		}
		if string(ev.Data) == "null" || len(ev.Data) == 0 {
			delete(out[ev.Type], *ev.ID)
			continue
		}
		out[ev.Type][*ev.ID] = string(ev.Data)
	}
	return out
}

// ccsIDs returns the ids of a collection's objects as token reads them,
// sorted.
func (e *ccsEnv) ccsIDs(t *testing.T, path, token string) []string {
	t.Helper()
	var objs []struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(e.ccsGet(t, path, token, 200), &objs); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, o := range objs {
		out = append(out, o.ID)
	}
	slices.Sort(out)
	return out
}

// TestCCSHiddenTeams: the teams of a hidden group (the observers) are read
// by the jury and by themselves only: the public and the other teams read
// neither them, nor their group, submissions, judgements and runs, in the
// endpoints or in the event feed (they used to list every team, hidden:
// true, with its submissions and judgements); a team put into a hidden
// group during the contest is deleted from the public's feed, with its
// submissions, and stays in the jury's. Every reader's feed, replayed,
// holds what its endpoints answer, and passes the schemas.
func TestCCSHiddenTeams(t *testing.T) {
	e := newCCSEnv(t, Options{})
	ann, ben, oli := e.student("ann"), e.student("ben"), e.student("oli")
	e.waitReady()
	teams := []map[string]any{
		{"name": "Alpha", "members": []string{"ann"}, "groups": []string{"undergraduate"}},
		{"name": "Beta", "members": []string{"ben"}},
		{"name": "Watchers", "members": []string{"oli"}, "groups": []string{"observers"}},
	}
	c := e.teamContest(t, 0, teams, []map[string]any{{"name": "observers", "hidden": true}, {"name": "undergraduate"}})
	e.contestSubmit(t, oli, c, 0, true)
	e.contestSubmit(t, ann, c, 0, false)
	e.contestSubmit(t, ben, c, 0, true)
	clars := "/api/v1/contests/" + itoa64(c.ID) + "/clarifications"
	var q clarificationJSON
	e.do("POST", clars, oli, map[string]any{"text": "May we watch?"}).want(t, 201, "").json(t, &q)
	e.do("POST", clars, e.admin, map[string]any{"text": "Yes.", "reply_to": q.ID}).want(t, 201, "")

	base := "/contests/" + itoa64(c.ID)
	alpha, beta, watchers := e.teamID(c, "ann"), e.teamID(c, "ben"), e.teamID(c, "oli")
	fresh, err := e.db.Contest(t.Context(), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	var observers, undergraduate string
	for _, g := range fresh.Groups {
		if g.Name == "observers" {
			observers = itoa64(g.ID)
		} else {
			undergraduate = itoa64(g.ID)
		}
	}
	readers := []struct{ name, token string }{{"the public", ""}, {"another team", ann}, {"the hidden team", oli}, {"the jury", e.admin}}
	// check holds each reader to the teams and groups it reads (by the
	// order of readers), its feed to its endpoints, and its submissions
	// and the board to its teams.
	check := func(step string, teams, groups [4][]string) {
		t.Helper()
		for i, r := range readers {
			e.feedMatches(t, c.ID, r.token, step+": "+r.name)
			if got := e.ccsIDs(t, base+"/teams", r.token); !slices.Equal(got, teams[i]) {
				t.Errorf("%s: %s reads the teams %v, want %v", step, r.name, got, teams[i])
			}
			if got := e.ccsIDs(t, base+"/groups", r.token); !slices.Equal(got, groups[i]) {
				t.Errorf("%s: %s reads the groups %v, want %v", step, r.name, got, groups[i])
			}
			var subs []struct {
				ID     string `json:"id"`
				TeamID string `json:"team_id"`
			}
			json.Unmarshal(e.ccsGet(t, base+"/submissions", r.token, 200), &subs)
			for _, s := range subs {
				if !slices.Contains(teams[i], s.TeamID) {
					t.Errorf("%s: %s reads submission %s of team %s, which it does not read", step, r.name, s.ID, s.TeamID)
				}
			}
			if got := e.ccsIDs(t, base+"/judgements", r.token); len(got) != len(subs) {
				t.Errorf("%s: %s reads the judgements %v of %d submissions", step, r.name, got, len(subs))
			}
			var board struct {
				Rows []struct {
					TeamID string `json:"team_id"`
				} `json:"rows"`
			}
			json.Unmarshal(e.ccsGet(t, base+"/scoreboard", r.token, 200), &board)
			for _, row := range board.Rows {
				if !slices.Contains(teams[0], row.TeamID) {
					t.Errorf("%s: %s reads team %s on the board, which the public does not read", step, r.name, row.TeamID)
				}
			}
		}
	}
	sorted := func(ids ...string) []string { slices.Sort(ids); return ids }
	check("observers",
		[4][]string{sorted(alpha, beta), sorted(alpha, beta), sorted(alpha, beta, watchers), sorted(alpha, beta, watchers)},
		[4][]string{{undergraduate}, {undergraduate}, sorted(observers, undergraduate), sorted(observers, undergraduate)})
	// The hidden team reads its own question and the answer to it.
	if got := e.ccsIDs(t, base+"/clarifications", oli); len(got) != 2 {
		t.Errorf("the hidden team reads the clarifications %v, want its question and the answer", got)
	}
	if got := e.ccsIDs(t, base+"/clarifications", ""); len(got) != 0 {
		t.Errorf("the public reads the clarifications %v, want none", got)
	}

	// Beta joins the observers: the public's feed deletes Beta and its
	// submission; the jury's and Beta's keep them.
	teams[1]["groups"] = []string{"observers"}
	e.do("PATCH", "/api/v1/contests/"+itoa64(c.ID), e.admin, map[string]any{"teams": teams}).want(t, 200, "")
	check("Beta hidden",
		[4][]string{{alpha}, {alpha}, sorted(alpha, watchers), sorted(alpha, beta, watchers)},
		[4][]string{{undergraduate}, {undergraduate}, sorted(observers, undergraduate), sorted(observers, undergraduate)})
	if got := e.ccsIDs(t, base+"/teams", ben); !slices.Equal(got, sorted(alpha, beta)) {
		t.Errorf("Beta, hidden, reads the teams %v, want Alpha's and its own", got)
	}
	if got := e.ccsIDs(t, base+"/submissions", ben); len(got) != 2 {
		t.Errorf("Beta, hidden, reads the submissions %v, want Alpha's and its own", got)
	}
}

// TestCCSGroupScoreboard: ?group_id= answers the board of one group's
// teams, ranked among themselves, as the specification asks (it used to
// answer the whole board); a group the caller does not read (a hidden
// one, for the public and the other teams) or none is a 4xx.
func TestCCSGroupScoreboard(t *testing.T) {
	e := newCCSEnv(t, Options{})
	ann, ben, oli := e.student("ann"), e.student("ben"), e.student("oli")
	e.waitReady()
	c := e.teamContest(t, 0, []map[string]any{
		{"name": "Alpha", "members": []string{"ann"}, "groups": []string{"undergraduate"}},
		{"name": "Beta", "members": []string{"ben"}},
		{"name": "Watchers", "members": []string{"oli"}, "groups": []string{"observers"}},
	}, []map[string]any{{"name": "observers", "hidden": true}, {"name": "undergraduate"}})
	e.contestSubmit(t, ann, c, 0, false)
	e.contestSubmit(t, ben, c, 0, true)
	fresh, err := e.db.Contest(t.Context(), c.ID)
	if err != nil {
		t.Fatal(err)
	}
	groups := map[string]string{}
	for _, g := range fresh.Groups {
		groups[g.Name] = itoa64(g.ID)
	}
	base := "/contests/" + itoa64(c.ID) + "/scoreboard"
	rows := func(body []byte) string {
		t.Helper()
		ccstest.Check(t, ccstest.Strict, "scoreboard", body)
		var b struct {
			Rows []struct {
				Rank   int    `json:"rank"`
				TeamID string `json:"team_id"`
			} `json:"rows"`
		}
		if err := json.Unmarshal(body, &b); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range b.Rows {
			out = append(out, itoa64(int64(r.Rank))+" "+r.TeamID)
		}
		return strings.Join(out, ", ")
	}
	alpha, beta := e.teamID(c, "ann"), e.teamID(c, "ben")
	if got, want := rows(e.ccsGet(t, base, "", 200)), "1 "+beta+", 2 "+alpha; got != want {
		t.Errorf("the board: %s, want %s", got, want)
	}
	if got, want := rows(e.ccsGet(t, base+"?group_id="+groups["undergraduate"], "", 200)), "1 "+alpha; got != want {
		t.Errorf("the undergraduates' board: %s, want %s (ranked among themselves)", got, want)
	}
	for _, tc := range []struct {
		who, token, group string
		status            int
	}{
		{"the public", "", groups["observers"], 400}, {"another team", ann, groups["observers"], 400},
		{"the observers", oli, groups["observers"], 200}, {"the jury", e.admin, groups["observers"], 200},
		{"the jury", e.admin, "nosuch", 400}, {"the public", "", "", 400},
	} {
		body := e.ccsGet(t, base+"?group_id="+tc.group, tc.token, tc.status)
		if tc.status == 200 && rows(body) != "" {
			t.Errorf("%s read the observers' board %s: want no row (hidden teams are on no board the API serves)", tc.who, body)
		}
	}
}

// TestCCSAccount: contests/{id}/account answers the caller's own account:
// a member's (type team, its team and person), an instructor's (admin);
// 404 for the public and for a user who does not take part.
func TestCCSAccount(t *testing.T) {
	e := newCCSEnv(t, Options{})
	ann, stranger := e.student("ann"), e.student("sam")
	e.student("ben")
	e.waitReady()
	c := e.teamContest(t, 0, []map[string]any{{"name": "Alpha", "members": []string{"ann", "ben"}}}, nil)
	path := "/contests/" + itoa64(c.ID) + "/account"
	var acc struct {
		ID       string  `json:"id"`
		Username string  `json:"username"`
		Type     string  `json:"type"`
		TeamID   *string `json:"team_id"`
		PersonID *string `json:"person_id"`
	}
	body := e.ccsGet(t, path, ann, 200)
	ccstest.Check(t, ccstest.Strict, "account", body)
	json.Unmarshal(body, &acc)
	annID := itoa64(e.user(ann).ID)
	if acc.ID != annID || acc.Username != "ann" || acc.Type != "team" || acc.TeamID == nil || *acc.TeamID != e.teamID(c, "ann") || acc.PersonID == nil || *acc.PersonID != annID {
		t.Errorf("ann's account = %s", body)
	}
	body = e.ccsGet(t, path, e.admin, 200)
	ccstest.Check(t, ccstest.Strict, "account", body)
	json.Unmarshal(body, &acc)
	if acc.Username != "admin" || acc.Type != "admin" {
		t.Errorf("the jury's account = %s", body)
	}
	e.ccsGet(t, path, "", 404)
	e.ccsGet(t, path, stranger, 404)
}

// feedMatches checks the contest's API as token reads it (checkContest),
// and that every collection it reads holds what its feed, replayed, holds,
// object by object: check-api.sh -C's comparison, whose PHP script is not
// vendored.
func (e *ccsEnv) feedMatches(t *testing.T, id int64, token, who string) {
	t.Helper()
	base := "/contests/" + itoa64(id)
	state := ccsState(t, e.checkContest(t, id, token))
	for _, typ := range ccsCollections {
		var list []map[string]any
		if err := json.Unmarshal(e.ccsGet(t, base+"/"+typ, token, 200), &list); err != nil {
			t.Fatal(err)
		}
		got := map[string]any{}
		for _, o := range list {
			got[o["id"].(string)] = o
		}
		fromFeed := map[string]any{}
		for id, data := range state[typ] {
			var o map[string]any
			if err := json.Unmarshal([]byte(data), &o); err != nil {
				t.Fatal(err)
			}
			fromFeed[id] = o
		}
		if !reflect.DeepEqual(got, fromFeed) {
			t.Errorf("%s reads %s %v,\nand %v replaying its feed", who, typ, got, fromFeed)
		}
	}
}

// TestCCSMemberMovesTeam: a member moved to another team leaves the
// persons and accounts of the team they left, in its feed too (the feed
// logged the person again for the new team only, and the old team's
// members read them in theirs for ever).
func TestCCSMemberMovesTeam(t *testing.T) {
	e := newCCSEnv(t, Options{})
	ann, amy, ben := e.student("ann"), e.student("amy"), e.student("ben")
	e.waitReady()
	teams := []map[string]any{{"name": "Alpha", "members": []string{"ann", "amy"}}, {"name": "Beta", "members": []string{"ben"}}}
	c := e.teamContest(t, 0, teams, nil)
	for _, who := range []string{amy, ben, e.admin} {
		e.feedMatches(t, c.ID, who, "before")
	}
	teams[0]["members"], teams[1]["members"] = []string{"amy"}, []string{"ben", "ann"}
	e.do("PATCH", "/api/v1/contests/"+itoa64(c.ID), e.admin, map[string]any{"teams": teams}).want(t, 200, "")
	for _, r := range []struct{ name, token string }{{"amy", amy}, {"ben", ben}, {"ann", ann}, {"the jury", e.admin}} {
		e.feedMatches(t, c.ID, r.token, "after ann moved: "+r.name)
	}
	annID := itoa64(e.user(ann).ID)
	for _, p := range e.ccsIDs(t, "/contests/"+itoa64(c.ID)+"/persons", amy) {
		if p == annID {
			t.Errorf("amy still reads ann among Alpha's persons")
		}
	}
}
