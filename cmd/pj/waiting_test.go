package main

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// TestStatusSaysWhatItWaitsFor: moves on a board whose reference answer is
// still being solved are pending, not judge_error, and pj says what they
// wait for.
func TestStatusSaysWhatItWaitsFor(t *testing.T) {
	js := startJudge(t)
	// Added through a process that solves nothing: the server (one
	// process, no claim timeout) leaves it solving.
	idle := service.NewService(js.db, service.Config{}, nil)
	c, err := idle.AddCase(context.Background(), webtest.Staff, "flood", judge.CaseSpec{Name: "added", Input: "2\n0 1\n1 1\n"})
	if err != nil {
		t.Fatal(err)
	}
	pj := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("ada")})
	r := pj.want(exitOK, "moves", "flood", strconv.FormatInt(c.ID, 10), "1")
	m := submittedRe.FindStringSubmatch(r.stdout)
	if m == nil {
		t.Fatalf("moves printed %q, want the submission's id", r.stdout)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		r = pj.want(exitOK, "status", m[1])
		if strings.Contains(r.stdout, "waiting for the reference answer of 1 board") {
			break
		}
		if strings.Contains(r.stdout, "judge_error") || time.Now().After(deadline) {
			t.Fatalf("pj status printed %q, want pending, waiting for the reference answer of 1 board", r.stdout)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.Contains(r.stdout, "pending") {
		t.Errorf("pj status printed %q, want pending", r.stdout)
	}
}
