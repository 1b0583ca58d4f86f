package pages

import (
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestPagesContestTeams makes a contest of teams on the form (its Teams
// box and hidden groups), imports more from a CSV file on the contest page,
// and reads it as a member, another team and the jury: the teams listed,
// the team's submissions, the board with organizations and its group
// filter, the observers on the jury's board only; the edit form gives the
// teams back as they were written.
func TestPagesContestTeams(t *testing.T) {
	e := newPagesEnv(t, Options{})
	var right string
	for _, c := range e.waitCases("flood") {
		right += c.Expected.Answer
	}
	browsers := map[string]*browser{}
	for _, u := range []string{"ann", "amy", "ben", "oli", "cat"} {
		browsers[u] = e.browser()
		browsers[u].register(u, "pass-"+u+"-123")
	}
	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	now := time.Now().UTC()
	form := url.Values{"title": {"Regional"}, "start_time": {now.Add(-time.Hour).Format(formTime)}, "duration": {"5h"},
		"scoring": {"icpc"}, "problems": {"A flood"}, "public": {"1"},
		"teams":         {"Alpha, ann amy, UA, undergraduate\nBeta, ben, UB, undergraduate\nWatchers, oli, , observers\n"},
		"hidden_groups": {"observers"}}
	bad := url.Values{}
	for k, v := range form {
		bad[k] = v
	}
	bad["teams"] = []string{"Alpha, ann amy\nBeta, ann"}
	noTemplateError(t, prof.post("/contests", bad).want(t, 400, "is in team"))
	loc := prof.post("/contests", form).redirectTo(t, "/contests/")
	id := strings.TrimPrefix(loc, "/contests/")
	page := prof.get(loc).want(t, 200, `id="teams"`, "Alpha", "Watchers", "amy, ann", `name="hidden_groups" value="observers"`, "Alpha,amy ann,UA,undergraduate")
	noTemplateError(t, page)
	prof.upload(loc+"/teams", url.Values{}, "file", "more.csv", "name,members,organization\nGamma,cat,UA\n").redirectTo(t, loc)
	prof.get(loc).want(t, 200, "Gamma")

	// ann submits; amy reads it among her team's submissions.
	sub := browsers["ann"].post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {right}, "contest": {id}}).redirectTo(t, "/submissions/")
	browsers["ann"].waitDone(sub)
	amy := browsers["amy"]
	amy.get(loc).want(t, 200, "Your team&#39;s submissions", "Alpha")
	list := amy.get("/submissions?contest="+id).want(t, 200, sub, `<td class="user">ann</td>`)
	noTemplateError(t, list)
	amy.get(sub).want(t, 200, "accepted")
	browsers["ben"].get(sub).want(t, 403)
	if strings.Contains(browsers["ben"].get("/submissions?contest="+id).body, sub) {
		t.Error("ben lists Alpha's submission")
	}

	// The board: organizations, the group filter, no observers but for the jury.
	board := browsers["ben"].get(loc+"/scoreboard").want(t, 200, "Alpha", `class="org"`, "?group=undergraduate")
	noTemplateError(t, board)
	if strings.Contains(board.body, "Watchers") || strings.Contains(board.body, "group=observers") {
		t.Error("the public board shows the observers")
	}
	filtered := browsers["ben"].get(loc+"/scoreboard?group=undergraduate").want(t, 200, "Alpha", "Beta", "&amp;group=undergraduate")
	if strings.Contains(filtered.body, "Gamma") {
		t.Error("the undergraduates' board shows Gamma")
	}
	prof.get(loc+"/scoreboard").want(t, 200, "Watchers", "group=observers")
}
