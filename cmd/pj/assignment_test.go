package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestAssignmentOfContest makes a contest's assignment from pj and reads
// its grades: the submission in the contest counts, the practice one not.
func TestAssignmentOfContest(t *testing.T) {
	js := startJudge(t)
	admin := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.token("admin", adminPassword)})
	ada := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("ada")})
	bob := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("bob")})
	start := time.Now().UTC().Add(-time.Hour).Truncate(time.Second)
	r := admin.want(exitOK, "contest", "create", "Weekly 1", "--problems", "A=flood,B=rot", "--start", start.Format(time.RFC3339), "--duration", "5h")
	id := regexp.MustCompile(`^contest (\d+) `).FindStringSubmatch(r.stdout)[1]

	admin.want(exitUsage, "assignment", "create", "Exam", "--contest", id, "--due", start.Format(time.RFC3339))
	admin.want(exitUsage, "assignment", "create", "Exam", "--contest", id, "--problems", "rot=heavy")
	ada.want(exitUsage, "assignment", "create", "Exam", "--contest", id)
	r = admin.want(exitOK, "assignment", "create", "Exam", "--contest", id, "--problems", "rot=3")
	want := `assignment 1 "Exam" created, the assignment of contest ` + id + `: ` + start.Format(time.RFC3339) + ` to ` +
		start.Add(5*time.Hour).Format(time.RFC3339) + `, 2 problem(s) (open)` + "\n"
	if r.stdout != want {
		t.Errorf("assignment create printed %q, want %q", r.stdout, want)
	}
	right := writeFile(t, "right.out", answerOf(t, "flood"))
	ada.want(exitOK, "submit", "flood", right, "--wait", "--contest", id)
	bob.want(exitOK, "submit", "flood", right, "--wait") // practice
	if r := admin.want(exitOK, "grades", "1"); r.stdout != "username,flood,rot,total\r\nada,100,0,25\r\nbob,0,0,0\r\n" {
		t.Errorf("pj grades of the contest's assignment = %q", r.stdout)
	}
	if r := ada.want(exitOK, "assignment", "list"); !strings.Contains(r.stdout, "Exam") || !regexp.MustCompile(`open\s+`+id+`\n`).MatchString(r.stdout) {
		t.Errorf("assignment list printed:\n%s", r.stdout)
	}
}
