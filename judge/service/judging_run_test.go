package service_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// TestRunOwnInput runs real programs on inputs of the student's own: the
// outcome of each status, with stdout, stderr, exit status and figures;
// none of them is a submission.
func TestRunOwnInput(t *testing.T) {
	sb := sandboxtest.Embedded(t)
	db := openDB(t, "runs.db")
	s := newService(t, db, service.Config{Sandbox: sb})
	alice, _ := floodReady(t, s)
	ctx := context.Background()
	tests := []struct {
		name, language, file, input string
		status                      judge.RunStatus
		check                       func(o judge.RunOutcome) bool
	}{
		{"ok", "cpp", "talk.cpp", "7\n", judge.RunOK, func(o judge.RunOutcome) bool {
			return o.Stdout == "5\n" && o.Stderr == "size 7\n" && o.ExitStatus == 0 && o.WallMs >= o.CPUMs-1 && o.MemoryKiB > 0
		}},
		{"compile error", "cpp", "broken.cpp", "", judge.RunCompileError, func(o judge.RunOutcome) bool {
			return strings.Contains(o.CompileOutput, "error") && strings.Contains(o.Message, "did not compile") && o.Stdout == ""
		}},
		{"runtime error", "cpp", "crash.cpp", "", judge.RunRuntimeError, func(o judge.RunOutcome) bool {
			return o.ExitStatus == 3 && strings.Contains(o.Message, "exit status 3")
		}},
		{"time limit", "cpp", "loop.cpp", "", judge.RunTimeLimit, func(o judge.RunOutcome) bool { return o.CPUMs >= 900 }},
	}
	if hasLanguage(s, "python3") {
		tests = append(tests, struct {
			name, language, file, input string
			status                      judge.RunStatus
			check                       func(o judge.RunOutcome) bool
		}{"python", "python3", "echo.py", "a\nb\n", judge.RunOK, func(o judge.RunOutcome) bool { return o.Stdout == "b\na\n" && o.Stderr == "2 lines\n" }})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o, err := s.Run(ctx, alice, judge.Run{ProblemSlug: "flood", Language: tc.language, Source: source(t, tc.file), Input: tc.input})
			if err != nil {
				t.Fatal(err)
			}
			if o.Status != tc.status || !tc.check(o) {
				t.Errorf("Run(%s) = %+v, want %s", tc.file, o, tc.status)
			}
		})
	}
	if subs, n, err := s.Submissions(ctx, alice, judge.SubmissionFilter{}); err != nil || n != 0 || len(subs) != 0 {
		t.Errorf("after the runs alice has %d submissions (%v); want none: a run is not one", n, err)
	}

	// Refusals, each with its code.
	big := strings.Repeat("1\n", judge.MaxRunInput/2+1)
	for _, tc := range []struct {
		name string
		v    judge.User
		run  judge.Run
		code string
	}{
		{"anonymous", judge.User{}, judge.Run{ProblemSlug: "flood", Language: "cpp", Source: "int main(){}"}, judge.EUNAUTHORIZED},
		{"input too large", alice, judge.Run{ProblemSlug: "flood", Language: "cpp", Source: "int main(){}", Input: big}, judge.ETOOLARGE},
		{"no language", alice, judge.Run{ProblemSlug: "flood", Source: "int main(){}"}, judge.EINVALID},
		{"unknown language", alice, judge.Run{ProblemSlug: "flood", Language: "cobol", Source: "x"}, judge.EINVALID},
		{"empty source", alice, judge.Run{ProblemSlug: "flood", Language: "cpp", Source: " \n"}, judge.EINVALID},
		{"no such problem", alice, judge.Run{ProblemSlug: "nope", Language: "cpp", Source: "int main(){}"}, judge.ENOTFOUND},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := s.Run(ctx, tc.v, tc.run); judge.ErrorCode(err) != tc.code {
				t.Errorf("Run = %v, want %s", err, tc.code)
			}
		})
	}

	// A user holding Config.PerUser (2) claims of the programs' lane,
	// here two runs in other processes, is refused with a time to retry.
	later := time.Now().Add(time.Minute)
	for range 2 {
		if _, ok, err := db.HoldRun(ctx, alice.ID, 2, later); !ok || err != nil {
			t.Fatalf("HoldRun = %v, %v", ok, err)
		}
	}
	_, err := s.Run(ctx, alice, judge.Run{ProblemSlug: "flood", Language: "cpp", Source: source(t, "talk.cpp")})
	var retry *judge.RetryError
	if judge.ErrorCode(err) != judge.ERATELIMITED || !errors.As(err, &retry) || retry.After <= 0 {
		t.Errorf("a run past the cap = %v, want rate_limited with a time to retry", err)
	}
	// Another user is not held back by alice's.
	bob := mustUser(t, s, "bob")
	if o, err := s.Run(ctx, bob, judge.Run{ProblemSlug: "flood", Language: "cpp", Source: source(t, "talk.cpp"), Input: "3"}); err != nil || o.Status != judge.RunOK {
		t.Errorf("bob's run = %+v, %v; want ok", o, err)
	}
}

// TestRunWithoutSandbox: a server without a sandbox refuses runs with
// unavailable.
func TestRunWithoutSandbox(t *testing.T) {
	s := newService(t, openDB(t, "nosandbox.db"), service.Config{})
	alice, _ := floodReady(t, s)
	_, err := s.Run(context.Background(), alice, judge.Run{ProblemSlug: "flood", Language: "cpp", Source: "int main(){}"})
	if judge.ErrorCode(err) != judge.EUNAVAILABLE {
		t.Errorf("Run without a sandbox = %v, want unavailable", err)
	}
}

// TestRunJavaClassName runs, with the real javac, a Java program whose
// public class is Solution: it runs, as a newcomer expects.
func TestRunJavaClassName(t *testing.T) {
	s := newService(t, openDB(t, "java.db"), service.Config{Sandbox: sandboxtest.Embedded(t)})
	alice, _ := floodReady(t, s)
	if !hasLanguage(s, "java") {
		if sandboxtest.Required() {
			t.Fatal("java is not offered by the sandbox")
		}
		t.Skip("java is not installed")
	}
	src := "import java.util.Scanner;\npublic class Solution {\n  public static void main(String[] a) {\n    Scanner in = new Scanner(System.in);\n    System.out.println(in.nextInt() * 2);\n  }\n}\n"
	o, err := s.Run(context.Background(), alice, judge.Run{ProblemSlug: "flood", Language: "java", Source: src, Input: "21\n"})
	if err != nil || o.Status != judge.RunOK || o.Stdout != "42\n" {
		t.Errorf("Run(public class Solution) = %+v, %v; want ok 42", o, err)
	}
}
