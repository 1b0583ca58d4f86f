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
