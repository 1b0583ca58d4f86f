package api

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

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
