package service_test

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// TestSyncProblem checks that the catalogue sync is idempotent, and that a
// changed or removed case is solved again and rejudged.
func TestSyncProblem(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "s.db"), service.Config{})
	u, before := floodReady(t, s)
	sub := waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n"}).ID)
	if sub.Verdict != judge.Accepted {
		t.Fatalf("verdict %s", sub.Verdict)
	}

	syncProblem(t, s, "flood", "floodit", "", flooditCases...) // a restart with the same catalogue
	after := waitReady(t, s, "flood")
	for i := range before {
		if before[i] != after[i] {
			t.Errorf("unchanged sync changed case %d: %+v -> %+v", i, before[i], after[i])
		}
	}
	if n, _ := s.QueueLength(ctx); n != 0 {
		t.Errorf("unchanged sync queued %d submissions", n)
	}
	if list, _ := s.Problems(ctx, judge.User{}); len(list) != 1 || list[0].Cases != 2 || list[0].Title != "flood" {
		t.Errorf("Problems = %+v", list)
	}

	// Case 2 changes: optimum 2 instead of 3, so the answer "3" turns wrong.
	changed := []judge.CaseSpec{flooditCases[0], {Name: "three", Input: "3\n0 1 1\n1 1 1\n1 1 1\n"}}
	syncProblem(t, s, "flood", "floodit", "", changed...)
	cases := waitReady(t, s, "flood")
	if cases[1].ID != before[1].ID || cases[1].Expected.Optimal != 1 {
		t.Errorf("changed case = %+v", cases[1])
	}
	got := waitVerdict(t, s, sub.ID, judge.WrongAnswer)
	if got.Results[1].Message != "line 2: 3 is not the minimum number of moves" {
		t.Errorf("after the change: %+v", got.Results)
	}

	// Case 2 is removed: its result is dropped and the answer's line for
	// it ignored, so the answer is accepted over the case that remains.
	syncProblem(t, s, "flood", "floodit", "", flooditCases[:1]...)
	if _, cases, _ := s.Problem(ctx, staff, "flood"); len(cases) != 1 {
		t.Fatalf("%d cases after removal", len(cases))
	}
	got = waitVerdict(t, s, sub.ID, judge.Accepted)
	if len(got.Results) != 1 || got.Score != 100 || len(got.History) != 2 || got.History[1].Reason != "board 2 was deleted" ||
		got.History[1].Verdict != judge.WrongAnswer || got.History[0].Reason != "new expected answer for board 2" {
		t.Errorf("after the removal: %+v", got)
	}

	for _, bad := range []struct {
		p     judge.Problem
		cases []judge.CaseSpec
		msg   string
	}{
		{judge.Problem{Slug: "x", Puzzle: "chess"}, nil, "unknown puzzle"},
		{judge.Problem{Slug: "", Puzzle: "floodit"}, nil, "no slug"},
		{judge.Problem{Slug: "x", Puzzle: "floodit"}, []judge.CaseSpec{{Name: "bad", Input: "2\n0 0\n"}}, "problem x, case bad: "},
	} {
		if err := s.SyncProblem(ctx, bad.p, bad.cases); judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), bad.msg) {
			t.Errorf("SyncProblem(%+v) = %v, want invalid with %q", bad.p, err, bad.msg)
		}
	}
}

func waitVerdict(t *testing.T, s *service.Service, id int64, v judge.Verdict) judge.Submission {
	t.Helper()
	var sub judge.Submission
	waitFor(t, "verdict "+string(v), func() bool {
		sub, _ = s.Submission(context.Background(), staff, id)
		return sub.Status == judge.StatusDone && sub.Verdict == v
	})
	return sub
}

func TestCases(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "c.db"), service.Config{})
	p := judge.Problem{Slug: "small", Title: "Small", Puzzle: "floodit", Limits: judge.Limits{MaxSize: 3, MaxColors: 4}}
	if err := s.SyncProblem(ctx, p, flooditCases); err != nil {
		t.Fatal(err)
	}
	syncProblem(t, s, "other", "mayan", "")
	for _, tc := range []struct {
		input, msg string
	}{
		{"4\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", "above this problem's limit of 3"},
		{"2\n0 5\n0 0\n", "colour 5 is outside 0..3"},
		{"2\n0 x\n0 0\n", "line 2, column 3"},
		{"", ""},
		{strings.Repeat("0 ", 40000), "bytes"},
	} {
		if _, err := s.AddCase(ctx, staff, "small", judge.CaseSpec{Input: tc.input}); judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), tc.msg) {
			t.Errorf("AddCase(%.30q) = %v, want invalid with %q", tc.input, err, tc.msg)
		}
	}
	c, err := s.AddCase(ctx, staff, "small", judge.CaseSpec{Input: "2\n0 1\n1 1\n0\n", Sample: true})
	if err != nil || c.Name != "case 3" || c.Input != "2\n0 1\n1 1\n" || !c.Sample {
		t.Fatalf("AddCase = %+v, %v", c, err)
	}
	cases := waitReady(t, s, "small")
	if cases[2].Status != judge.CaseReady || cases[2].Expected.Answer != "1\n" {
		t.Errorf("added case = %+v", cases[2])
	}
	if got, err := s.Case(ctx, staff, "small", c.ID); err != nil || got.ID != c.ID {
		t.Errorf("Case = %+v, %v", got, err)
	}
	if _, err := s.Case(ctx, staff, "other", c.ID); judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Errorf("Case of another problem = %v, want not found", err)
	}
	if err := s.DeleteCase(ctx, staff, "other", c.ID); judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Errorf("DeleteCase of another problem = %v, want not found", err)
	}
	if err := s.DeleteCase(ctx, staff, "small", c.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Case(ctx, staff, "small", c.ID); judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Errorf("deleted Case = %v, want not found", err)
	}
	if _, _, err := s.Problem(ctx, staff, "nope"); judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Errorf("Problem(nope) = %v, want not found", err)
	}
}

// TestSolverTimeout gives the solver no time: the case fails, and judges as
// judge_error, never as the student's fault.
func TestSolverTimeout(t *testing.T) {
	log := &testLog{}
	s := newServiceLog(t, openDB(t, "t.db"), service.Config{SolveTimeout: time.Nanosecond}, slogOf(log))
	u, cases := floodReady(t, s)
	for _, c := range cases {
		if c.Status != judge.CaseFailed || !strings.Contains(c.SolveError, "gave up after 1ns") {
			t.Errorf("case %s = %s %q, want failed", c.Name, c.Status, c.SolveError)
		}
	}
	sub := waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: cases[1].ID, Payload: "1 2 1"}).ID)
	if sub.Verdict != judge.JudgeError || sub.Score != 0 || !strings.Contains(sub.Results[0].Message, "not your fault") {
		t.Errorf("moves on a failed case = %s %v %+v", sub.Verdict, sub.Score, sub.Results)
	}
	if len(log.messages()) != 2 {
		t.Errorf("want one warning per failed solve, got %q", log.messages())
	}
}

// TestResolveOldVersion stores an answer of an older solver version: the
// next start solves the case again and records the current version.
func TestResolveOldVersion(t *testing.T) {
	ctx := context.Background()
	db := openDB(t, "v.db")
	first := newService(t, db, service.Config{})
	syncProblem(t, first, "flood", "floodit", "", flooditCases...)
	cases := waitReady(t, first, "flood")
	first.Close(ctx)
	old := cases[1].Expected
	old.Version, old.Optimal = "floodit-0", 99
	if err := db.FinishCase(ctx, cases[1].ID, cases[1].Input, judge.CaseReady, old, "", nil); err != nil {
		t.Fatal(err)
	}
	var solved []string
	var mu sync.Mutex
	second := newService(t, db, service.Config{OnSolved: func(puzzle string, _ time.Duration) {
		mu.Lock()
		solved = append(solved, puzzle)
		mu.Unlock()
	}})
	waitFor(t, "the new solve", func() bool {
		c, err := second.Case(ctx, staff, "flood", cases[1].ID)
		return err == nil && c.Status == judge.CaseReady && c.Expected.Version == "floodit-3"
	})
	c, _ := second.Case(ctx, staff, "flood", cases[1].ID)
	mu.Lock()
	defer mu.Unlock()
	if c.Expected.Optimal != 3 || len(solved) != 1 || solved[0] != "floodit" {
		t.Errorf("re-solved case = %+v, solves %v; want optimum 3 and one floodit solve", c.Expected, solved)
	}
}

// TestCheckCachesSolutions checks the same board twice: one solve.
func TestCheckCachesSolutions(t *testing.T) {
	ctx := context.Background()
	var solves atomic.Int32
	s := newService(t, openDB(t, "k.db"), service.Config{OnSolved: func(string, time.Duration) { solves.Add(1) }})
	u := mustUser(t, s, "alice")
	for _, board := range []string{"3\n0 1 2\n1 1 2\n2 2 1\n", "3\n0 1 2\n1 1 2\n2 2 1\n0\n", "3\n0  1 2\n1 1 2\n2 2 1\n"} {
		if res, err := s.Check(ctx, u, "floodit", board, "1 2 1"); err != nil || res.Verdict != judge.Accepted {
			t.Fatalf("Check(%q) = %+v, %v", board, res, err)
		}
	}
	if n := solves.Load(); n != 1 {
		t.Errorf("%d solves for one board written three ways, want 1", n)
	}
}
