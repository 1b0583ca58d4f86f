package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestContestClarifications asks, answers and announces from pj against the
// real server: a contestant reads their own question and what goes to all,
// not another's private answer; the jury reads everything.
func TestContestClarifications(t *testing.T) {
	js := startJudge(t)
	admin := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.token("admin", adminPassword)})
	ada := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("ada")})
	bob := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("bob")})
	start := time.Now().UTC().Add(-time.Hour).Format(time.RFC3339)
	r := admin.want(exitOK, "contest", "create", "Weekly 1", "--problems", "A=flood,B=rot", "--start", start, "--duration", "5h")
	id := regexp.MustCompile(`^contest (\d+) `).FindStringSubmatch(r.stdout)[1]

	ada.want(exitUsage, "contest", "ask", id, "--problem", "Z", "Which board?")
	ada.want(exitUsage, "contest", "ask", id, "")
	r = ada.want(exitOK, "contest", "ask", id, "--problem", "A", "May the board be empty?")
	m := regexp.MustCompile(`^question (\d+) sent to the jury\n$`).FindStringSubmatch(r.stdout)
	if m == nil {
		t.Fatalf("contest ask printed %q", r.stdout)
	}
	q := m[1]
	if r := bob.run("Is B\nabout rotations?\n", "contest", "ask", id, "-"); r.code != exitOK || !strings.Contains(r.stdout, "sent to the jury") {
		t.Fatalf("contest ask - = %d %q %q", r.code, r.stdout, r.stderr)
	}
	bobQ := "2"

	ada.want(exitUsage, "contest", "answer", id, q, "Yes.")  // a contestant may not answer
	ada.want(exitUsage, "contest", "announce", id, "Hello.") // nor announce
	admin.want(exitUsage, "contest", "answer", id, "x", "Yes.")
	if r := admin.want(exitOK, "contest", "answer", id, q, "No: every board has a cell."); r.stdout != "answer 3 to question "+q+" sent to its asker\n" {
		t.Errorf("contest answer printed %q", r.stdout)
	}
	if r := admin.want(exitOK, "contest", "answer", id, bobQ, "--all", "Yes: the Rotation Game."); !strings.Contains(r.stdout, "sent to all") {
		t.Errorf("contest answer --all printed %q", r.stdout)
	}
	if r := admin.want(exitOK, "contest", "announce", id, "--problem", "B", "B's board 3 was fixed."); r.stdout != "announcement 5 sent to all\n" {
		t.Errorf("contest announce printed %q", r.stdout)
	}

	r = ada.want(exitOK, "contest", "clarifications", id)
	for _, want := range []string{"May the board be empty?", "No: every board has a cell.", "Yes: the Rotation Game.", "B's board 3 was fixed.", "3 unread\n"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("ada's clarifications have no %q:\n%s", want, r.stdout)
		}
	}
	if strings.Contains(r.stdout, "about rotations") {
		t.Errorf("ada reads bob's question:\n%s", r.stdout)
	}
	if !regexp.MustCompile(`(?m)^3\*\s+\S+\s+jury\s+ada \(re ` + q + `\)\s+A\s+No: every board`).MatchString(r.stdout) {
		t.Errorf("ada's answer is not listed unread, to her, about A:\n%s", r.stdout)
	}
	ada.want(exitOK, "contest", "clarifications", id, "--mark-read")
	if r := ada.want(exitOK, "contest", "clarifications", id); !strings.HasSuffix(r.stdout, "0 unread\n") || strings.Contains(r.stdout, "*") {
		t.Errorf("after --mark-read:\n%s", r.stdout)
	}
	r = admin.want(exitOK, "contest", "clarifications", id)
	if !strings.Contains(r.stdout, "Is B / about rotations?") || !strings.Contains(r.stdout, "2 unread\n") {
		t.Errorf("the jury's clarifications:\n%s", r.stdout)
	}
	if r := admin.want(exitOK, "help", "contest"); !strings.Contains(r.stdout, "announce") || !strings.Contains(r.stdout, "clarifications") {
		t.Errorf("pj help contest does not list the clarification commands:\n%s", r.stdout)
	}
}
