package pages

import (
	"context"
	"html"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// messagePrograms are C programs that end every way a run can, on the
// one board "2\n0 0\n0 1\n" (its optimum is 1).
var messagePrograms = []struct {
	name, source string
	want         judge.Verdict
}{
	{"exit", "int main(void) { return 3; }\n", judge.RuntimeError},
	{"segfault", "int main(void) { volatile int *p = 0; *p = 1; return 0; }\n", judge.RuntimeError},
	{"cpu", "int main(void) { for (volatile unsigned long i = 0;; i++) ; }\n", judge.TimeLimit},
	{"sleep", "#include <unistd.h>\nint main(void) { sleep(60); return 0; }\n", judge.TimeLimit},
	{"memory", "#include <stdlib.h>\n#include <string.h>\nint main(void) { for (;;) { char *p = malloc(1 << 20); if (!p) return 1; memset(p, 1, 1 << 20); } }\n", judge.MemoryLimit},
	{"output", "#include <stdio.h>\nint main(void) { for (;;) fputs(\"0000000000000000\\n\", stdout); }\n", judge.OutputLimit},
	{"compile", "int main(void) { return }\n", judge.CompileError},
	{"not a number", "#include <stdio.h>\nint main(void) { puts(\"x\"); return 0; }\n", judge.Invalid},
	{"surplus", "#include <stdio.h>\nint main(void) { puts(\"1\"); puts(\"5\"); return 0; }\n", judge.WrongAnswer},
	{"wrong", "#include <stdio.h>\nint main(void) { puts(\"4\"); return 0; }\n", judge.WrongAnswer},
	{"nothing", "int main(void) { return 0; }\n", judge.WrongAnswer},
}

// TestJudgeMessagesOfPrograms submits, as a Chinese reader, a move text
// with an illegal move and real programs that break each limit, and reads
// their submission pages: the Chinese reason with the move number and the
// limit, no English word of the catalogue, and for an English reader
// exactly the message the API gives. Every message of these verdicts then
// joins the corpus test's checks.
func TestJudgeMessagesOfPrograms(t *testing.T) {
	e := newPagesEnvConfig(t, Options{}, service.Config{RegistrationOpen: true, Sandbox: sandboxtest.Embedded(t)})
	ctx := context.Background()
	if _, err := e.svc.CreateProblem(ctx, staff, judge.ProblemSpec{Slug: "limits", Title: "Limits", Puzzle: "floodit", Statement: "Flood it.",
		Published: true, Kinds: []judge.Kind{judge.KindAnswer, judge.KindMoves, judge.KindProgram},
		Limits: judge.Limits{TimeLimit: 0.5, MemoryMiB: 32, OutputMiB: 1}}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.AddCase(ctx, staff, "limits", judge.CaseSpec{Name: "01-sample", Input: "2\n0 0\n0 1\n", Sample: true}); err != nil {
		t.Fatal(err)
	}
	board := e.waitCases("limits")[0]
	english, chinese := catalogueWords(t, "en"), catalogueWords(t, "zh-CN")

	zh := e.browser()
	zh.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}})
	zh.register("xiaoming", "xiaoming-pass-1")
	en := e.browser()
	en.login("admin", pagesAdminPassword)

	var samples []judgeSample
	// read checks a judged submission's page in both languages and keeps
	// its messages; it returns its first result.
	read := func(what, loc string, want judge.Verdict, zhWants ...string) judge.CaseResult {
		t.Helper()
		page := zh.waitDone(loc)
		sub := submissionOf(t, e, strings.TrimPrefix(loc, "/submissions/"))
		if sub.Verdict != want || len(sub.Results) == 0 {
			t.Fatalf("%s: verdict %s with %d results, want %s", what, sub.Verdict, len(sub.Results), want)
		}
		r := sub.Results[0]
		samples = append(samples, judgeSample{what, r.Message, r.MessageID, r.MessageArgs})
		m, ok := judge.ParseMsg(r.MessageID, r.MessageArgs)
		if !ok || r.MessageID == "" {
			t.Errorf("%s: the result %q has no message id", what, r.Message)
			return r
		}
		said := newLocale("zh-CN", nil).judgeMsg(m)
		page.want(t, 200, append([]string{html.EscapeString(said)}, zhWants...)...)
		if strings.Contains(page.body, html.EscapeString(r.Message)) {
			t.Errorf("%s: the Chinese page shows the English message %q", what, r.Message)
		}
		if words := englishOnPage(said, english, chinese, leafValues(m)); len(words) > 0 {
			t.Errorf("%s: the Chinese message %q holds English words %q", what, said, words)
		}
		en.get(loc).want(t, 200, html.EscapeString(r.Message))
		return r
	}

	// An illegal move: the move's number and the reason, in Chinese.
	loc := zh.post("/problems/limits/submissions", url.Values{"kind": {"moves"}, "case": {strconv.FormatInt(board.ID, 10)}, "moves": {"1 7"}}).
		redirectTo(t, "/submissions/")
	r := read("illegal move", loc, judge.Invalid, "第 2 步", "没有这种颜色")
	if want := `move 2 ("7"): no such colour on a 6-colour board`; r.Message != want {
		t.Errorf("the API's message of the illegal move is %q, want %q", r.Message, want)
	}

	for _, p := range messagePrograms {
		zh.get("/problems/limits")
		loc := zh.post("/problems/limits/submissions", url.Values{"kind": {"program"}, "language": {"c"}, "source": {p.source}}).
			redirectTo(t, "/submissions/")
		var wants []string
		if p.want == judge.TimeLimit {
			wants = []string{"超时"}
		}
		r := read("program "+p.name, loc, p.want, wants...)
		// A loaded machine may stop the CPU loop by the wall clock first:
		// either limit is a time limit, said in Chinese (read checks it).
		if p.want == judge.TimeLimit && r.MessageID != "run_cpu_limit" && r.MessageID != "run_wall_limit" && r.MessageID != "run_wall_idle" {
			t.Errorf("the time limit's message is %s %q, want run_cpu_limit, run_wall_limit or run_wall_idle", r.MessageID, r.Message)
		}
		if r.MessageID == "run_cpu_limit" && r.Message != "CPU time limit of 500ms exceeded" {
			t.Errorf("the API's message of the time limit is %q", r.Message)
		}
	}
	checkJudgeSamples(t, samples, len(samples)-1)
}
