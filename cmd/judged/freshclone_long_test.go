//go:build long

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge/sandbox"
)

// TestFreshClone is the README's start on a fresh clone: the judged binary
// (built from this folder) run from an empty working directory with the
// shipped config.yaml as it is, so its database and the sandbox's folders
// are the relative data/. The first /healthz already says the sandbox is
// ok; a right answer and a right program sent within the first second,
// while the reference answers are still being solved, are pending until
// judged and then accepted, never judge_error, and done once.
func TestFreshClone(t *testing.T) {
	if err := sandbox.Probe(); err != nil && os.Geteuid() != 0 {
		t.Skip(err)
	}
	dir, p := startShipped(t, buildJudged(t))
	listened := time.Now()
	srv := &server{t: t, base: p.base, log: p.log}

	var health struct {
		Status     string
		Reasons    []string
		Sandbox    struct{ Status, Reason string }
		References struct{ Solving *int }
	}
	srv.expect(200, "GET", "/healthz", "", nil, &health)
	if health.Status != "ok" || health.Sandbox.Status != "ok" || health.References.Solving == nil {
		t.Fatalf("first healthz = %+v, want ok with the sandbox ok and the solves counted", health)
	}
	t.Logf("first healthz: %d reference solves running", *health.References.Solving)
	readmeCaseIDs(t, srv)

	srv.expect(201, "POST", "/api/v1/register", "", map[string]string{"username": "ada", "password": "lovelace1"}, nil)
	ada := srv.login("ada", "lovelace1")
	// The right answer: the shipped .ans files, in the boards' order (a
	// student sees the hidden boards' names only as "board N").
	answers, err := filepath.Glob("../../problems/floodit/tests/*.ans")
	if err != nil || len(answers) != len(srv.cases("floodit")) {
		t.Fatalf("%d .ans files (%v) for %d boards", len(answers), err, len(srv.cases("floodit")))
	}
	var answer strings.Builder
	for _, path := range answers { // Glob sorts, as the catalogue does
		ans, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		answer.Write(ans)
	}
	src, err := os.ReadFile("../../problems/floodit/submissions/accepted/ida.cpp")
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for _, body := range []map[string]any{
		{"kind": "answer", "output": answer.String()},
		{"kind": "program", "language": "cpp", "source": string(src)},
	} {
		var acc struct{ ID int64 }
		srv.expect(202, "POST", "/api/v1/problems/floodit/submissions", ada, body, &acc)
		ids = append(ids, acc.ID)
	}
	if d := time.Since(listened); d > time.Second {
		t.Logf("the submissions took %s after the server listened (a busy machine)", d)
	}
	for _, id := range ids {
		seen := map[string]bool{}
		var sub struct {
			Status, Verdict, Waiting string
		}
		deadline := time.Now().Add(5 * time.Minute)
		for sub.Status != "done" {
			sub.Status, sub.Verdict, sub.Waiting = "", "", "" // "waiting" is left out when there is none
			srv.expect(200, "GET", "/api/v1/submissions/"+strconv.FormatInt(id, 10), ada, nil, &sub)
			seen[sub.Status+" "+sub.Verdict+" "+sub.Waiting] = true
			if sub.Verdict == "judge_error" || (sub.Status != "done" && sub.Verdict != "") {
				t.Fatalf("submission %d read %s %s before its verdict (seen %v)", id, sub.Status, sub.Verdict, seen)
			}
			if time.Now().After(deadline) {
				t.Fatalf("submission %d still %s after 5 minutes (seen %v)", id, sub.Status, seen)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if sub.Verdict != "accepted" {
			t.Errorf("submission %d = %s, want accepted (seen %v)", id, sub.Verdict, seen)
		}
		t.Logf("submission %d went through %v", id, seen)
	}
	// Done once: the verdicts stay.
	time.Sleep(time.Second)
	for _, id := range ids {
		var sub struct{ Status, Verdict string }
		srv.expect(200, "GET", "/api/v1/submissions/"+strconv.FormatInt(id, 10), ada, nil, &sub)
		if sub.Status != "done" || sub.Verdict != "accepted" {
			t.Errorf("submission %d later = %s %s, want done accepted", id, sub.Status, sub.Verdict)
		}
	}
	// Everything in the relative data/ of the working directory.
	for _, f := range []string{"data/judge.db", "data/sandbox/gocache", "data/sandbox/artifacts"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

// readmeCaseIDs holds the README's examples to the case ids of a fresh
// database: the Rotation boards' range and the id of the board an
// instructor adds first (they said 61-75 and 76 after the 15-puzzle's
// problems came first in the catalogue).
func readmeCaseIDs(t *testing.T, srv *server) {
	t.Helper()
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	rot := srv.cases("rotation")
	first, last := rot[0].ID, rot[len(rot)-1].ID
	var list []struct{ Cases int }
	srv.expect(200, "GET", "/api/v1/problems", "", nil, &list)
	total := 0
	for _, p := range list {
		total += p.Cases
	}
	for _, want := range []string{
		fmt.Sprintf("the Rotation boards are cases %d-%d (%d is its first sample)", first, last, first),
		fmt.Sprintf(`{"kind":"moves","case":%d,"moves":"AC"}`, first),
		fmt.Sprintf(`# {"id":%d,"status":"solving"`, total+1),
		fmt.Sprintf("/api/v1/problems/floodit/cases/%d ", total+1),
	} {
		if !strings.Contains(string(readme), want) {
			t.Errorf("the README does not say %q (a fresh database's ids)", want)
		}
	}
}
