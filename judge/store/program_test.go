package store

import (
	"context"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// testPrograms stores a program submission, claims it, writes its judgement
// and reads it back: the language, the compiler's message, the figures of
// the submission and of each board survive the round trip, in lists too
// (without the compiler's message), and a rejudge replaces them.
func testPrograms(t *testing.T, open opener) {
	ctx := context.Background()
	d := open(t)
	u, p := aliceAndFlood(t, d)
	c1, _ := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: "1", Input: "x"})
	c2, _ := d.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: "2", Input: "y"})
	src := "#include <cstdio>\nint main() { puts(\"0\"); }\n"
	s, err := d.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindProgram, Language: "cpp", Payload: src})
	if err != nil {
		t.Fatal(err)
	}
	claims, err := d.Claim(ctx, 10)
	if err != nil || len(claims) != 1 {
		t.Fatalf("Claim = %d claims, %v; want 1", len(claims), err)
	}
	if got := claims[0]; got.Kind != judge.KindProgram || got.Language != "cpp" || got.Payload != src {
		t.Fatalf("claimed kind %q, language %q, payload %q; want program, cpp, the source", got.Kind, got.Language, got.Payload)
	}
	results := []judge.CaseResult{
		{CaseID: c1.ID, CaseName: "1", Position: 1, Verdict: judge.Accepted, Message: "correct", Score: 100, CPUMs: 4, WallMs: 6, MemoryKiB: 1500,
			Run: &judge.RunOutput{Output: "", Stderr: "size 2\n", Expected: "0\n"}},
		{CaseID: c2.ID, CaseName: "2", Position: 2, Verdict: judge.TimeLimit, Message: "CPU time limit of 1s exceeded", CPUMs: 1003, WallMs: 1010, MemoryKiB: 900},
	}
	warning := strings.Repeat("w", 1000)
	v, score := judge.Combine(results)
	written, err := d.Finish(ctx, []judge.Judged{{ID: s.ID, Token: claims[0].Token, Verdict: v, Score: score, JudgedAt: time.Now(), Results: results, CompileOutput: warning}})
	if err != nil || !written[s.ID] {
		t.Fatalf("Finish = %v, %v", written, err)
	}
	got, err := d.Submission(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Verdict != judge.TimeLimit || got.Language != "cpp" || got.CompileOutput != warning || got.CPUMs != 1003 || got.MemoryKiB != 1500 {
		t.Errorf("Submission = %s, %q, %d bytes of compiler output, %d ms, %d KiB; want time_limit, cpp, 1000, 1003, 1500",
			got.Verdict, got.Language, len(got.CompileOutput), got.CPUMs, got.MemoryKiB)
	}
	for i, r := range got.Results {
		w := results[i]
		if r.Verdict != w.Verdict || r.CPUMs != w.CPUMs || r.WallMs != w.WallMs || r.MemoryKiB != w.MemoryKiB {
			t.Errorf("result %d = %s %d/%d ms %d KiB; want %s %d/%d ms %d KiB", i, r.Verdict, r.CPUMs, r.WallMs, r.MemoryKiB, w.Verdict, w.CPUMs, w.WallMs, w.MemoryKiB)
		}
		// A sample's run (an empty output kept as empty), none for the other.
		if (r.Run == nil) != (w.Run == nil) || r.Run != nil && *r.Run != *w.Run {
			t.Errorf("result %d's run = %+v, want %+v", i, r.Run, w.Run)
		}
	}
	list, _, err := d.Submissions(ctx, judge.SubmissionFilter{UserID: u.ID})
	if err != nil || len(list) != 1 {
		t.Fatalf("Submissions = %d, %v", len(list), err)
	}
	if l := list[0]; l.Language != "cpp" || l.CPUMs != 1003 || l.MemoryKiB != 1500 || l.CompileOutput != "" {
		t.Errorf("listed %q, %d ms, %d KiB, %d bytes of compiler output; want cpp, 1003, 1500, none in lists", l.Language, l.CPUMs, l.MemoryKiB, len(l.CompileOutput))
	}
	// A program counts for a course as an answer does.
	bests, err := d.UserBests(ctx, u.ID, p.ID)
	if err != nil || len(bests.Answers) != 1 || bests.Answers[0].SubmissionID != s.ID {
		t.Errorf("UserBests answers = %+v, %v; want the program", bests.Answers, err)
	}

	// A compile error on a rejudge: no board ran, the figures are gone.
	if _, err := d.RequeueFor(ctx, judge.Requeue{ProblemID: p.ID, Reason: "test"}); err != nil {
		t.Fatal(err)
	}
	claims, err = d.Claim(ctx, 10)
	if err != nil || len(claims) != 1 {
		t.Fatalf("Claim after requeue = %d, %v", len(claims), err)
	}
	ce := []judge.CaseResult{{Position: 1, Verdict: judge.CompileError, Message: "main.cpp:1: error"}}
	if _, err := d.Finish(ctx, []judge.Judged{{ID: s.ID, Token: claims[0].Token, Verdict: judge.CompileError, JudgedAt: time.Now(), Results: ce, CompileOutput: "main.cpp:1: error", Rejudge: true}}); err != nil {
		t.Fatal(err)
	}
	got, _ = d.Submission(ctx, s.ID)
	if got.Verdict != judge.CompileError || got.CompileOutput != "main.cpp:1: error" || got.CPUMs != 0 || got.MemoryKiB != 0 || len(got.Results) != 1 {
		t.Errorf("rejudged = %s, %q, %d ms, %d KiB, %d results; want compile_error, its message, 0, 0, 1", got.Verdict, got.CompileOutput, got.CPUMs, got.MemoryKiB, len(got.Results))
	}
}
