package main

import (
	"os"
	"strings"
	"testing"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge/service"
)

func TestMain(m *testing.M) { os.Exit(sandboxtest.Main(m)) }

// TestSubmitProgram: pj submit of a source file sends it as a program, its
// language from the extension (or --lang), and --wait prints each board's
// verdict, time and memory, or the compiler's message.
func TestSubmitProgram(t *testing.T) {
	js := startJudgeWith(t, service.Config{RegistrationOpen: true, Sandbox: sandboxtest.Embedded(t)})
	pj := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("ada")})
	src, err := os.ReadFile("../../problems/floodit/submissions/accepted/ida.cpp")
	if err != nil {
		t.Fatal(err)
	}
	r := pj.want(exitOK, "submit", "flood", writeFile(t, "main.cpp", string(src)), "--wait")
	if !strings.Contains(r.stdout, "program  done  accepted  score 100") || !strings.Contains(r.stdout, " ms") || !strings.Contains(r.stdout, " KiB") {
		t.Errorf("submit main.cpp --wait printed %q, want an accepted program with each board's time and memory", r.stdout)
	}
	// --lang makes any file a program.
	r = pj.want(exitOK, "submit", "flood", writeFile(t, "solution.txt", string(src)), "--lang", "cpp", "--wait")
	if !strings.Contains(r.stdout, "program  done  accepted") {
		t.Errorf("submit solution.txt --lang cpp printed %q, want an accepted program", r.stdout)
	}
	r = pj.want(exitRejected, "submit", "flood", writeFile(t, "broken.cpp", "int main() { return }\n"), "--wait")
	if !strings.Contains(r.stdout, "compile_error") || !strings.Contains(r.stdout, "error:") {
		t.Errorf("a compile error printed %q, want the verdict and the compiler's message", r.stdout)
	}
	pj.want(exitUsage, "submit", "flood", writeFile(t, "main.cpp", string(src)), "--lang", "cobol")
	r = pj.want(exitOK, "languages")
	if !strings.Contains(r.stdout, "cpp") || !strings.Contains(r.stdout, ".cpp") {
		t.Errorf("pj languages printed %q, want cpp and its extensions", r.stdout)
	}
}

// TestRun: pj run compiles and runs a real program on the server with
// --input as its standard input and prints how it ended, its figures,
// stdout and stderr; a failed run exits 1; nothing of it is a submission.
func TestRun(t *testing.T) {
	js := startJudgeWith(t, service.Config{RegistrationOpen: true, Sandbox: sandboxtest.Embedded(t)})
	pj := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("ada")})
	talk := writeFile(t, "talk.cpp", "#include <cstdio>\nint main() { int n; if (scanf(\"%d\", &n) != 1) return 0; fprintf(stderr, \"size %d\\n\", n); printf(\"%d\\n\", n * 2); }\n")
	r := pj.want(exitOK, "run", "flood", talk, "--input", writeFile(t, "in.txt", "21\n"))
	for _, want := range []string{"ok  cpu ", " KiB", "--- stdout\n42\n", "--- stderr\nsize 21\n"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("pj run printed %q, want %q in it", r.stdout, want)
		}
	}
	r = pj.want(exitRejected, "run", "flood", writeFile(t, "crash.cpp", "#include <cstdlib>\nint main() { std::exit(3); }\n"))
	if !strings.Contains(r.stdout, "runtime_error") || !strings.Contains(r.stdout, "exit status 3") {
		t.Errorf("pj run of a crash printed %q, want runtime_error and exit status 3", r.stdout)
	}
	r = pj.want(exitRejected, "run", "flood", writeFile(t, "broken.txt", "int main() { return }\n"), "--language", "cpp")
	if !strings.Contains(r.stdout, "compile_error") || !strings.Contains(r.stdout, "--- compiler") {
		t.Errorf("pj run of a broken source printed %q, want compile_error and the compiler's message", r.stdout)
	}
	pj.want(exitUsage, "run", "flood", writeFile(t, "x.cobol", "x"))
	if r := pj.want(exitOK, "submissions"); strings.Contains(r.stdout, "program") {
		t.Errorf("pj submissions after runs printed %q, want no program", r.stdout)
	}
	if r := pj.want(exitOK, "languages"); !strings.Contains(r.stdout, "compile: g++") || !strings.Contains(r.stdout, "- main must end with exit status 0") {
		t.Errorf("pj languages printed %q, want each language's compile command and rules", r.stdout)
	}
}
