package main

import (
	"archive/zip"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// answerOf is the whole expected output of a test problem, every case in
// order, solved in the test.
func answerOf(t *testing.T, slug string) string {
	t.Helper()
	for _, tp := range testProblems {
		if tp.problem.Slug != slug {
			continue
		}
		var b strings.Builder
		for _, c := range tp.cases {
			b.WriteString(reference(t, tp.problem.Puzzle, c.Input).Answer)
		}
		return b.String()
	}
	t.Fatalf("no test problem %s", slug)
	return ""
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

var submittedRe = regexp.MustCompile(`^submission (\d+) pending`)

func TestSubmitAnswer(t *testing.T) {
	js := startJudge(t)
	pj := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("ada")})
	right := answerOf(t, "flood")
	wrong := strings.Replace(right, "3\n", "4\n", 1)

	r := pj.want(exitOK, "submit", "flood", writeFile(t, "right.out", right), "--wait")
	if !strings.Contains(r.stdout, "accepted  score 100") || !strings.Contains(r.stdout, "board 3") {
		t.Errorf("submit --wait printed %q, want the verdict and the case rows", r.stdout)
	}
	if r.stderr != "" {
		t.Errorf("submit --wait wrote %q on stderr (not a terminal: no spinner)", r.stderr)
	}
	r = pj.want(exitRejected, "submit", "--wait", "flood", writeFile(t, "wrong.out", wrong))
	if !strings.Contains(r.stdout, "wrong_answer") {
		t.Errorf("a wrong answer printed %q", r.stdout)
	}

	// Without --wait: the id, exit 0; status --wait then tells the verdict.
	r = pj.want(exitOK, "submit", "flood", writeFile(t, "wrong.out", wrong))
	m := submittedRe.FindStringSubmatch(r.stdout)
	if m == nil {
		t.Fatalf("submit printed %q, want the submission's id", r.stdout)
	}
	pj.want(exitRejected, "status", m[1], "--wait")
	r = pj.want(exitRejected, "status", m[1], "--json")
	var sub submission
	if err := json.Unmarshal([]byte(r.stdout), &sub); err != nil || strconv.FormatInt(sub.ID, 10) != m[1] || sub.Verdict != "wrong_answer" {
		t.Errorf("status --json = %q (%v)", r.stdout, err)
	}

	// "-" reads the answer from standard input.
	r = pj.run(right, "submit", "flood", "-", "--wait", "--json")
	if r.code != exitOK || json.Unmarshal([]byte(r.stdout), &sub) != nil || sub.Verdict != "accepted" {
		t.Errorf("submit - --json = %d, %q", r.code, r.stdout)
	}

	pj.want(exitUsage, "submit", "flood", filepath.Join(t.TempDir(), "missing.out"))
	pj.want(exitUsage, "submit", "nosuch", writeFile(t, "a.out", right))
	pj.want(exitUsage, "submit", "flood")
}

func TestSubmitPerCase(t *testing.T) {
	js := startJudge(t)
	if !js.hasRoute("GET", "/problems/flood/input.zip", "") {
		t.Skip("per-case answers (a directory or a zip) need the input.zip and outputs API of branch answers, not on this server yet")
	}
	pj := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("ada")})
	dir := t.TempDir()
	zipPath := filepath.Join(t.TempDir(), "answer.zip")
	zf, err := os.Create(zipPath)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(zf)
	for i, c := range testProblems[0].cases {
		ans := reference(t, "floodit", c.Input).Answer
		if !c.Sample {
			// A student's input.zip names a hidden case by its position.
			c.Name = fmt.Sprintf("%02d-board-%d", i+1, i+1)
		}
		if err := os.WriteFile(filepath.Join(dir, c.Name+".out"), []byte(ans), 0o644); err != nil {
			t.Fatal(err)
		}
		w, _ := zw.Create(c.Name + ".out")
		w.Write([]byte(ans))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	zf.Close()
	pj.want(exitOK, "submit", "flood", dir, "--wait")
	pj.want(exitOK, "submit", "flood", zipPath, "--wait")
	pj.want(exitUsage, "submit", "flood", t.TempDir()) // no .out files

	// An answer to another case set than the current one is refused (409
	// stale_input), a usage error: download the input again.
	r := pj.want(exitUsage, "submit", "flood", dir, "--input-version", "not-the-current-one")
	if !strings.Contains(r.stderr, "409") {
		t.Errorf("a stale answer said %q, want the 409", r.stderr)
	}
}

func TestMoves(t *testing.T) {
	js := startJudge(t)
	pj := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("ada")})
	p := js.problem("flood")
	sample2 := strconv.FormatInt(p.Cases[1].ID, 10)
	best := reference(t, "floodit", testProblems[0].cases[1].Input).Moves

	tests := []struct {
		name string
		args []string
		code int
		say  string
	}{
		{"optimal by case name", []string{"moves", "flood", "02-sample-2", best, "--wait"}, exitOK, "accepted"},
		{"optimal by case id", []string{"moves", "flood", sample2, best, "--wait"}, exitOK, "accepted"},
		{"from a file", []string{"moves", "--wait", "flood", "02-sample-2", writeFile(t, "moves.txt", best+"\n")}, exitOK, "accepted"},
		{"suboptimal", []string{"moves", "flood", "02-sample-2", "0 " + best, "--wait"}, exitRejected, "suboptimal"},
		{"not solved", []string{"moves", "flood", "02-sample-2", "1", "--wait"}, exitRejected, "not_solved"},
		{"invalid", []string{"moves", "flood", "02-sample-2", "9", "--wait"}, exitRejected, "invalid"},
		{"rotation letters", []string{"moves", "rot", "01-sample-1", "DDHH", "--wait"}, exitOK, "accepted"},
		{"no such case name", []string{"moves", "flood", "99-nope", best}, exitUsage, "01-sample-1"},
		{"no such case id", []string{"moves", "flood", "999999", best}, exitUsage, "no case 999999"},
		{"missing moves file", []string{"moves", "flood", "02-sample-2", "moves.txt"}, exitUsage, "moves.txt"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := pj.run("", tc.args...)
			if r.code != tc.code || !strings.Contains(r.stdout+r.stderr, tc.say) {
				t.Errorf("pj %v = %d\nstdout: %s\nstderr: %s\nwant %d and %q", tc.args, r.code, r.stdout, r.stderr, tc.code, tc.say)
			}
		})
	}
	r := pj.want(exitOK, "moves", "flood", "02-sample-2", best)
	if submittedRe.FindStringSubmatch(r.stdout) == nil {
		t.Errorf("moves without --wait printed %q", r.stdout)
	}
}

func TestCheck(t *testing.T) {
	js := startJudge(t)
	pj := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("ada")})
	boardText := "3\n0 1 2\n1 1 2\n2 2 1\n"
	board := writeFile(t, "board.txt", boardText)
	best := reference(t, "floodit", boardText).Moves

	r := pj.want(exitOK, "check", "floodit", board, best)
	if !strings.HasPrefix(r.stdout, "accepted  score 100") {
		t.Errorf("check printed %q", r.stdout)
	}
	r = pj.want(exitRejected, "check", "floodit", board, "0 "+best)
	if !strings.HasPrefix(r.stdout, "suboptimal  score 75") {
		t.Errorf("check of a suboptimal sequence printed %q", r.stdout)
	}
	r = pj.want(exitRejected, "check", "floodit", board, "7", "--json")
	var res checkAnswer
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || res.Verdict != "invalid" {
		t.Errorf("check --json = %q (%v)", r.stdout, err)
	}
	// The board from standard input.
	if r := pj.run(boardText, "check", "floodit", "-", best); r.code != exitOK {
		t.Errorf("check with the board on stdin = %d: %s", r.code, r.stderr)
	}

	bad := writeFile(t, "bad.txt", "3\n0 1 2\n1 x 2\n2 2 1\n")
	r = pj.want(exitUsage, "check", "floodit", bad, "1")
	if !strings.Contains(r.stderr, "bad.txt: line 3, column 3") {
		t.Errorf("a board that does not parse said %q, want the file, line and column", r.stderr)
	}
	// A board cut short points where its next row would start.
	short := writeFile(t, "short.txt", "3\n0 1 2\n")
	r = pj.want(exitUsage, "check", "floodit", short, "1")
	if !strings.Contains(r.stderr, "short.txt: line 3, column 1: unexpected end of input") {
		t.Errorf("a board cut short said %q, want the file named", r.stderr)
	}
	pj.want(exitUsage, "check", "chess", board, "1")
	pj.want(exitUsage, "check", "floodit", filepath.Join(t.TempDir(), "none.txt"), "1")
	pj.want(exitUsage, "check", "floodit", "-", "-")
}

func TestSubmissions(t *testing.T) {
	js := startJudge(t)
	pj := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.student("ada")})
	pj.want(exitOK, "moves", "rot", "01-sample-1", "DDHH", "--wait")
	pj.want(exitRejected, "moves", "flood", "02-sample-2", "1", "--wait")

	r := pj.want(exitOK, "submissions")
	if lines := strings.Split(strings.TrimSpace(r.stdout), "\n"); len(lines) != 3 ||
		!strings.Contains(lines[1], "flood") || !strings.Contains(lines[2], "accepted") {
		t.Errorf("pj submissions =\n%s\nwant a header and two rows, newest first", r.stdout)
	}
	r = pj.want(exitOK, "submissions", "--problem", "rot", "--json")
	var subs []submission
	if err := json.Unmarshal([]byte(r.stdout), &subs); err != nil || len(subs) != 1 || subs[0].Problem != "rot" {
		t.Errorf("submissions --problem rot --json = %q (%v)", r.stdout, err)
	}
	r = pj.want(exitOK, "submissions", "--limit", "1")
	if !strings.Contains(r.stderr, "1 of 2 shown") {
		t.Errorf("a partial list said %q on stderr", r.stderr)
	}
	// An instructor sees everyone's, and --user picks one.
	js.student("bob")
	admin := &pjEnv{t: t, vars: map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": js.token("admin", adminPassword)}}
	r = admin.want(exitOK, "submissions", "--user", "bob", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &subs); err != nil || len(subs) != 0 {
		t.Errorf("submissions --user bob = %q (%v), want none", r.stdout, err)
	}
	r = admin.want(exitOK, "submissions", "--user", "ada")
	if strings.Count(r.stdout, "ada") != 2 {
		t.Errorf("submissions --user ada =\n%s\nwant ada's two", r.stdout)
	}
	pj.want(exitUsage, "status", "abc")
	pj.want(exitUsage, "status", "999999")
	pj.want(exitUsage, "submissions", "--limit", "many")
}
