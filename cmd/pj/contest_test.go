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
