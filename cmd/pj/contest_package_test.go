package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestContestPackage moves a contest between two servers with pj: export
// from one, import into the other, the same board on both.
func TestContestPackage(t *testing.T) {
	src, dst := startJudge(t), startJudge(t)
	admin := newPJ(t, map[string]string{"PJ_SERVER": src.URL, "PJ_TOKEN": src.token("admin", adminPassword)})
	ada := newPJ(t, map[string]string{"PJ_SERVER": src.URL, "PJ_TOKEN": src.student("ada")})
	start := time.Now().UTC().Add(-2 * time.Hour).Format(time.RFC3339)
	r := admin.want(exitOK, "contest", "create", "Weekly 1", "--problems", "A=flood,B=rot", "--start", start, "--duration", "5h")
	id := regexp.MustCompile(`^contest (\d+) `).FindStringSubmatch(r.stdout)[1]
	ada.want(exitOK, "submit", "flood", writeFile(t, "right.out", answerOf(t, "flood")), "--wait", "--contest", id)
	want := admin.want(exitOK, "contest", "board", id).stdout

	file := filepath.Join(t.TempDir(), "weekly.zip")
	ada.want(exitUsage, "contest", "export", id, "-o", file)
	admin.want(exitUsage, "contest", "export", id)
	admin.want(exitOK, "contest", "export", id, "-o", file)

	to := newPJ(t, map[string]string{"PJ_SERVER": dst.URL, "PJ_TOKEN": dst.token("admin", adminPassword)})
	r = to.want(exitOK, "contest", "import", file)
	m := regexp.MustCompile(`^contest (\d+) \(Weekly 1\): 2 problems, 1 submissions, 0 clarifications\n`).FindStringSubmatch(r.stdout)
	if m == nil || !strings.Contains(r.stdout, "ada") {
		t.Fatalf("contest import printed %q", r.stdout)
	}
	// The export's files the import does not read are named.
	for _, want := range []string{"warning: persons.json: not imported", "warning: runs.json: not imported", "warning: event-feed.ndjson: not imported"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("contest import printed %q, want a line %q", r.stdout, want)
		}
	}
	if got := to.want(exitOK, "contest", "board", m[1]).stdout; got != want {
		t.Errorf("the board after the import:\n%s\nwant\n%s", got, want)
	}
	to.want(exitUsage, "contest", "import", filepath.Join(t.TempDir(), "none.zip"))
}
