package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestContest runs a contest from pj: created by the instructor, submitted
// to with --contest, its board printed, unfrozen.
func TestContest(t *testing.T) {
	js := startJudge(t)
	admin := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.token("admin", adminPassword)})
	ada := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("ada")})

	start := time.Now().UTC().Add(-4*time.Hour - 30*time.Minute).Format(time.RFC3339)
	ada.want(exitUsage, "contest", "create", "Weekly 1", "--problems", "flood", "--start", start)
	admin.want(exitUsage, "contest", "create", "Weekly 1", "--problems", "flood", "--duration", "5 h")
	admin.want(exitUsage, "contest", "create", "Weekly 1")
	r := admin.want(exitOK, "contest", "create", "Weekly 1", "--problems", "A=flood,B=rot", "--start", start,
		"--duration", "5h", "--freeze", "1h", "--public")
	m := regexp.MustCompile(`^contest (\d+) "Weekly 1" created: .* \(running, frozen\)\n$`).FindStringSubmatch(r.stdout)
	if m == nil {
		t.Fatalf("contest create printed %q", r.stdout)
	}
	id := m[1]
	if r := ada.want(exitOK, "contest", "show", id); !strings.Contains(r.stdout, "  A  flood") || !strings.Contains(r.stdout, "freezes 1:00:00 before the end") {
		t.Errorf("contest show printed %q", r.stdout)
	}
	if r := ada.want(exitOK, "contest", "list"); !strings.Contains(r.stdout, "Weekly 1") {
		t.Errorf("contest list printed %q", r.stdout)
	}

	ada.want(exitOK, "submit", "flood", writeFile(t, "right.out", answerOf(t, "flood")), "--wait", "--contest", id)
	r = ada.want(exitOK, "contest", "board", id)
	if !strings.Contains(r.stdout, "the board is frozen") || !regexp.MustCompile(`1\s+ada\s+0\s+0\s+\.\?1\s+\.`).MatchString(r.stdout) {
		t.Errorf("ada's frozen board:\n%s", r.stdout)
	}
	r = admin.want(exitOK, "contest", "board", id)
	if !regexp.MustCompile(`1\s+ada\s+1\s+27\d\s+\+1/27\d\*\s+\.`).MatchString(r.stdout) {
		t.Errorf("the jury's board:\n%s", r.stdout)
	}
	ada.want(exitUsage, "contest", "unfreeze", id)
	admin.want(exitOK, "contest", "unfreeze", id)
	if r := ada.want(exitOK, "contest", "board", id); strings.Contains(r.stdout, "frozen") || !strings.Contains(r.stdout, "*") {
		t.Errorf("ada's board after unfreezing:\n%s", r.stdout)
	}
	ada.want(exitUsage, "contest", "board", "999")
}

// TestContestTeams runs a contest of teams from pj: created with --teams
// (a CSV file) and --hidden-groups, listed by the jury with their members
// and by a contestant with their own team's, more teams imported, and a
// member's right answer counting for the team on the board.
func TestContestTeams(t *testing.T) {
	js := startJudge(t)
	admin := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.token("admin", adminPassword)})
	tokens := map[string]string{}
	for _, u := range []string{"ann", "amy", "ben", "bea", "oli", "cat"} {
		tokens[u] = js.student(u)
	}
	amy := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": tokens["amy"]})
	teams := writeFile(t, "teams.csv", "name,members,organization,groups\nAlpha,ann amy,UA,undergraduate\nBeta,\"ben,bea\",UB,undergraduate\nWatchers,oli,,observers\n")
	start := time.Now().UTC().Add(-time.Hour).Format(time.RFC3339)
	r := admin.want(exitOK, "contest", "create", "Regional", "--problems", "A=flood", "--start", start, "--public",
		"--teams", teams, "--hidden-groups", "observers")
	id := regexp.MustCompile(`^contest (\d+) `).FindStringSubmatch(r.stdout)[1]
	r = admin.want(exitOK, "contest", "teams", id)
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`Alpha\s+UA\s+undergraduate\s+amy ann`),
		regexp.MustCompile(`Beta\s+UB\s+undergraduate\s+bea ben`),
		regexp.MustCompile(`Watchers\s+-\s+observers \(hidden\)\s+oli`),
	} {
		if !want.MatchString(r.stdout) {
			t.Errorf("the jury's teams lack %s:\n%s", want, r.stdout)
		}
	}
	// A contestant reads the teams the board shows, the members of their own.
	r = amy.want(exitOK, "contest", "teams", id)
	if !regexp.MustCompile(`Alpha\s+UA\s+undergraduate\s+amy ann`).MatchString(r.stdout) || !regexp.MustCompile(`Beta\s+UB\s+undergraduate\s+-`).MatchString(r.stdout) ||
		strings.Contains(r.stdout, "Watchers") {
		t.Errorf("amy's teams:\n%s", r.stdout)
	}
	amy.want(exitUsage, "contest", "teams", id, "--import", teams)
	// More teams from CSV: cat joins Alpha's organization in a team of her own.
	r = admin.want(exitOK, "contest", "teams", id, "--import", writeFile(t, "more.csv", "name,members,organization\nGamma,cat,UA\n"))
	if !regexp.MustCompile(`Gamma\s+UA\s+-\s+cat`).MatchString(r.stdout) || !strings.Contains(r.stdout, "Alpha") {
		t.Errorf("after the import:\n%s", r.stdout)
	}
	admin.want(exitUsage, "contest", "teams", id, "--import", writeFile(t, "bad.csv", "team,who\nx,y\n"))

	amy.want(exitOK, "submit", "flood", writeFile(t, "right.out", answerOf(t, "flood")), "--wait", "--contest", id)
	r = newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": tokens["ann"]}).want(exitOK, "contest", "board", id)
	if !regexp.MustCompile(`1\s+Alpha\s+1\s+\d+\s+\+1/\d+\*`).MatchString(r.stdout) || strings.Contains(r.stdout, "Watchers") {
		t.Errorf("ann's board after amy's right answer:\n%s", r.stdout)
	}
}
