package service_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
)

// source reads a program: a test's own under testdata/programs, or one of
// a shipped problem's (../../problems/...).
func source(t testing.TB, path string) string {
	t.Helper()
	if !strings.Contains(path, "/") {
		path = "testdata/programs/" + path
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// programService is a started service over a fresh database with the
// shared embedded sandbox, alice, and the Flood-it problem flood.
func programService(t *testing.T) (*service.Service, judge.User) {
	t.Helper()
	sb := sandboxtest.Embedded(t)
	s := newService(t, openDB(t, "programs.db"), service.Config{Sandbox: sb})
	u, _ := floodReady(t, s)
	return s, u
}

// TestProgramVerdicts submits real C++ programs on Flood-it and checks each
// board's verdict and figures: the problem's own IDA* is accepted, and a
// wrong answer, an endless loop, a compile error and a crash each get their
// verdict. (judge/sandbox's tests run the other attacks.)
func TestProgramVerdicts(t *testing.T) {
	s, u := programService(t)
	tests := []struct {
		name, language, file string
		verdict              judge.Verdict
		message              string // in the first board's message
	}{
		{"accepted", "cpp", "../../problems/floodit/submissions/accepted/ida.cpp", judge.Accepted, ""},
		{"wrong answer", "cpp", "wrong.cpp", judge.WrongAnswer, ""},
		{"time limit", "cpp", "loop.cpp", judge.TimeLimit, "limit"},
		{"compile error", "cpp", "broken.cpp", judge.CompileError, "did not compile"},
		{"runtime error", "cpp", "crash.cpp", judge.RuntimeError, "exit status 3"},
	}
	ids := make([]int64, len(tests))
	for i, tc := range tests {
		ids[i] = submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindProgram, Language: tc.language, Payload: source(t, tc.file)}).ID
	}
	for i, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sub := waitDone(t, s, ids[i])
			if sub.Verdict != tc.verdict {
				t.Fatalf("verdict = %s (%+v), want %s", sub.Verdict, sub.Results, tc.verdict)
			}
			if sub.Language != tc.language || sub.Payload != source(t, tc.file) {
				t.Errorf("language %q, source of %d bytes; want %q and the source sent", sub.Language, len(sub.Payload), tc.language)
			}
			if tc.message != "" && !strings.Contains(sub.Results[0].Message, tc.message) {
				t.Errorf("first board's message %q does not say %q", sub.Results[0].Message, tc.message)
			}
			if tc.verdict == judge.CompileError {
				if len(sub.Results) != 1 || !strings.Contains(sub.CompileOutput, "error") {
					t.Errorf("compile error: %d results, compiler output %q; want 1 and the compiler's message", len(sub.Results), sub.CompileOutput)
				}
				return
			}
			if len(sub.Results) != len(flooditCases) {
				t.Fatalf("%d board results, want %d", len(sub.Results), len(flooditCases))
			}
			for _, r := range sub.Results {
				if r.Verdict != tc.verdict || r.MemoryKiB <= 0 || r.WallMs < r.CPUMs/2 {
					t.Errorf("board %d: %s, %d ms CPU, %d ms wall, %d KiB; want %s with its figures", r.Position, r.Verdict, r.CPUMs, r.WallMs, r.MemoryKiB, tc.verdict)
				}
			}
			cpu, mem := judge.ProgramFigures(sub.Results)
			if sub.CPUMs != cpu || sub.MemoryKiB != mem {
				t.Errorf("submission figures %d ms, %d KiB; want the slowest and largest board's, %d ms, %d KiB", sub.CPUMs, sub.MemoryKiB, cpu, mem)
			}
			if tc.verdict == judge.TimeLimit && sub.CPUMs < 2000 && !strings.Contains(sub.Results[0].Message, "wall-clock") {
				// On a loaded machine the wall-clock limit (2 x CPU + 1 s) may come first.
				t.Errorf("time_limit after %d ms of CPU, before the 2 s limit: %s", sub.CPUMs, sub.Results[0].Message)
			}
		})
	}
}

// TestProgramLanguages: the language comes from the file's extension when
// left out, and a Python program is judged too.
func TestProgramLanguages(t *testing.T) {
	s, u := programService(t)
	if !hasLanguage(s, "python3") {
		if sandboxtest.Required() {
			t.Fatal("python3 is not offered by the sandbox")
		}
		t.Skip("python3 is not installed")
	}
	sub, err := s.SubmitProgram(context.Background(), u, judge.Submission{ProblemSlug: "flood", Payload: source(t, "flood.py")}, "flood.py")
	if err != nil {
		t.Fatal(err)
	}
	if got := waitDone(t, s, sub.ID); got.Verdict != judge.Accepted || got.Language != "python3" {
		t.Errorf("flood.py = %s in %q (%+v), want accepted in python3", got.Verdict, got.Language, got.Results)
	}
}

func hasLanguage(s *service.Service, id string) bool {
	for _, l := range s.Languages() {
		if l.ID == id {
			return true
		}
	}
	return false
}

// TestProgramRefused: what cannot be judged is refused before it is stored.
func TestProgramRefused(t *testing.T) {
	s, u := programService(t)
	big := "// " + strings.Repeat("x", 129<<10) + "\nint main() {}\n"
	for _, tc := range []struct {
		name     string
		sub      judge.Submission
		fileName string
		code     string
	}{
		{"unknown language", judge.Submission{Language: "cobol", Payload: "x"}, "", judge.EINVALID},
		{"no language", judge.Submission{Payload: "int main() {}"}, "", judge.EINVALID},
		{"unknown extension", judge.Submission{Payload: "int main() {}"}, "main.f90", judge.EINVALID},
		{"over limits.code", judge.Submission{Language: "cpp", Payload: big}, "", judge.ETOOLARGE},
		{"empty", judge.Submission{Language: "cpp", Payload: " \n"}, "", judge.EINVALID},
		{"NUL byte", judge.Submission{Language: "cpp", Payload: "int main() {}\x00"}, "", judge.EINVALID},
		{"no such problem", judge.Submission{ProblemSlug: "nope", Language: "cpp", Payload: "int main() {}"}, "", judge.ENOTFOUND},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.sub.ProblemSlug == "" {
				tc.sub.ProblemSlug = "flood"
			}
			_, err := s.SubmitProgram(context.Background(), u, tc.sub, tc.fileName)
			if judge.ErrorCode(err) != tc.code {
				t.Errorf("SubmitProgram = %v, want code %s", err, tc.code)
			}
		})
	}
	// A problem that takes no programs refuses them, as it does other kinds.
	answersOnly := judge.Problem{Slug: "answers-only", Title: "Answers only", Puzzle: "floodit", Statement: "Solve it.", Kinds: []judge.Kind{judge.KindAnswer}}
	if err := s.SyncProblem(context.Background(), answersOnly, flooditCases); err != nil {
		t.Fatal(err)
	}
	_, err := s.Submit(context.Background(), u, judge.Submission{ProblemSlug: "answers-only", Kind: judge.KindProgram, Language: "cpp", Payload: "int main() {}"})
	// The one rule of every kind (service/judging_kinds.go): 403 forbidden.
	if judge.ErrorCode(err) != judge.EFORBIDDEN || !strings.Contains(err.Error(), "(its kinds: answer)") {
		t.Errorf("a program on a problem of answers only = %v, want forbidden naming the kinds it takes", err)
	}
	if n, _ := s.QueueLength(context.Background()); n != 0 {
		t.Errorf("%d submissions queued, want none", n)
	}
}

// TestProgramWithoutSandbox: a server without a sandbox refuses programs
// with unavailable and says why; answers are still taken.
func TestProgramWithoutSandbox(t *testing.T) {
	s := newService(t, openDB(t, "off.db"), service.Config{SandboxDown: "sandbox: off in config.yaml"})
	u, _ := floodReady(t, s)
	_, err := s.Submit(context.Background(), u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindProgram, Language: "cpp", Payload: "int main() {}"})
	if judge.ErrorCode(err) != judge.EUNAVAILABLE || !strings.Contains(err.Error(), "sandbox: off in config.yaml") {
		t.Errorf("Submit(program) without a sandbox = %v, want unavailable saying why", err)
	}
	if ok, reason := s.SandboxState(); ok || reason != "sandbox: off in config.yaml" {
		t.Errorf("SandboxState = %v, %q", ok, reason)
	}
	if l := s.Languages(); len(l) != 0 {
		t.Errorf("Languages = %v, want none", l)
	}
	submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n2\n"})
}

// TestProgramAfterKill: a program a killed process had claimed (left
// judging, as kill -9 in the middle of a run leaves it) is judged by the
// next start, once: no history of an earlier judging.
func TestProgramAfterKill(t *testing.T) {
	sb := sandboxtest.Embedded(t)
	db := openDB(t, "kill.db")
	sub := deadProcessClaim(t, db, service.Config{Sandbox: sb})
	second := newService(t, db, service.Config{Sandbox: sb})
	got := waitDone(t, second, sub.ID)
	if got.Verdict != judge.Accepted || len(got.History) != 0 {
		t.Errorf("after the restart: %s with %d earlier judgings, want accepted, judged once", got.Verdict, len(got.History))
	}
}

// deadProcessClaim leaves on db what a process killed in the middle of a
// run leaves: a service with cfg readies the flood problem and closes, then
// a submission of the accepted IDA* program is made and claimed on db
// directly, as the dead process had claimed it. It returns the submission.
func deadProcessClaim(t *testing.T, db *store.DB, cfg service.Config) judge.Submission {
	t.Helper()
	first := newService(t, db, cfg)
	u, _ := floodReady(t, first)
	if err := first.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	p, err := db.ProblemBySlug(ctx, "flood")
	if err != nil {
		t.Fatal(err)
	}
	src := source(t, "../../problems/floodit/submissions/accepted/ida.cpp")
	sub, err := db.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindProgram, Language: "cpp", Payload: src})
	if err != nil {
		t.Fatal(err)
	}
	if claims, err := db.Claim(ctx, 1); err != nil || len(claims) != 1 {
		t.Fatalf("Claim = %d, %v: the dead process's claim", len(claims), err)
	}
	return sub
}

// TestProgramLimitsOfTheProblem: the run's limits are the problem's own.
func TestProgramLimitsOfTheProblem(t *testing.T) {
	s, u := programService(t)
	tight := judge.Problem{Slug: "tight", Title: "Tight", Puzzle: "floodit", Statement: "Solve it.", Limits: judge.Limits{MemoryMiB: 16}}
	if err := s.SyncProblem(context.Background(), tight, flooditCases); err != nil {
		t.Fatal(err)
	}
	waitReady(t, s, "tight")
	src := source(t, "alloc64.cpp")
	for slug, want := range map[string]judge.Verdict{"tight": judge.MemoryLimit, "flood": judge.WrongAnswer} {
		sub := submit(t, s, u, judge.Submission{ProblemSlug: slug, Kind: judge.KindProgram, Language: "cpp", Payload: src})
		if got := waitDone(t, s, sub.ID); got.Verdict != want {
			t.Errorf("64 MiB on %s = %s (%+v), want %s", slug, got.Verdict, got.Results, want)
		}
	}
}
