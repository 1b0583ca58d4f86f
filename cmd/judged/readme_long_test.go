//go:build long

package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge/sandbox"
)

// TestREADMEExamples runs the README's shell examples as a reader would:
// every curl command of its code blocks, with the lines that feed them
// (jq, unzip, the solver loop), verbatim and in order, against a fresh
// server started from the shipped config.yaml. Only the address, the
// instructor's password (the README's "Q3KX...") and the reader's own
// solver (./my-solver, here the problems' accepted programs) stand in for
// the reader's. A command fails the test when it fails (curl is called with
// --fail-with-body, so an HTTP error fails too), and the answer it shows in
// the comment below it is checked: the scalar fields of that JSON object
// (ids, statuses, verdicts, scores; not times, tokens or reports), or a
// header. A comment that says "then GET /api/v1/submissions/N:" is
// followed too, once N is judged. So the ids, input versions and verdicts
// the README promises on a fresh database are what a fresh database gives.
func TestREADMEExamples(t *testing.T) {
	for _, tool := range []string{"bash", "curl", "jq", "zip", "unzip", "g++"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("the README's examples need %s: %v", tool, err)
		}
	}
	if err := sandbox.Probe(); err != nil && os.Geteuid() != 0 {
		t.Skip(err) // a program example needs the sandbox
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	steps := readmeSteps(string(readme))
	answers := 0
	for _, s := range steps {
		if s.expect != "" {
			answers++
		}
	}
	// What the README holds today: a parse that finds less has lost some.
	if len(steps) < 25 || answers < 12 {
		t.Fatalf("found %d README commands, %d with an answer shown, want at least 25 and 12", len(steps), answers)
	}
	t.Logf("%d README commands, %d answers checked", len(steps), answers)

	problems, err := filepath.Abs("../../problems")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	if err := os.Symlink(problems, filepath.Join(work, "problems")); err != nil {
		t.Fatal(err)
	}
	solvers := map[string]string{ // what a line feeds ./my-solver -> its program
		"floodit.in": filepath.Join(problems, "floodit/submissions/accepted/ida.cpp"),
		"mayan/":     filepath.Join(problems, "mayan/submissions/accepted/dfs.cpp"),
	}
	built := map[string]string{}
	for key, src := range solvers {
		bin := filepath.Join(t.TempDir(), "solver")
		if out, err := exec.Command("g++", "-O2", "-o", bin, src).CombinedOutput(); err != nil {
			t.Fatalf("g++ %s: %v\n%s", src, err, out)
		}
		built[key] = bin
	}

	bin := buildJudged(t)
	dir := t.TempDir()
	shipped, err := os.ReadFile("../../config.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), shipped, 0o644); err != nil {
		t.Fatal(err)
	}
	const password = "readme-admin-pw"
	p := startProcIn(t, bin, dir, "judged", nil, []string{"JUDGE_LISTEN=127.0.0.1:0", "JUDGE_ADMIN_PASSWORD=" + password})
	addr := strings.TrimPrefix(p.base, "http://")

	for _, s := range steps {
		cmd := strings.ReplaceAll(s.cmd, "localhost:8080", addr)
		cmd = strings.ReplaceAll(cmd, "Q3KX...", password)
		if strings.Contains(cmd, "./my-solver") {
			solver := ""
			for key, bin := range built {
				if strings.Contains(cmd, key) {
					solver = bin
				}
			}
			if solver == "" {
				t.Fatalf("README line %d feeds ./my-solver with a puzzle this test has no program for: %s", s.line, s.cmd)
			}
			if err := copyFile(solver, filepath.Join(work, "my-solver")); err != nil {
				t.Fatal(err)
			}
		}
		out := runREADMEStep(t, work, s, cmd)
		if s.expect != "" {
			// A read may show a submission or generation not done yet: ask
			// again, as the reader would, for up to two minutes.
			retry := s.read()
			deadline := time.Now().Add(2 * time.Minute)
			for {
				bad := readmeMismatch(s.expect, out)
				if bad == "" {
					break
				}
				if !retry || time.Now().After(deadline) {
					t.Fatalf("README line %d: %s\nanswered %s\nwhere the README says %s: %s", s.line, s.cmd, out, s.expect, bad)
				}
				time.Sleep(500 * time.Millisecond)
				out = runREADMEStep(t, work, s, cmd)
			}
		}
	}
	if t.Failed() {
		t.Logf("log of judged:\n%s", p.log.String())
	}
}

// A readmeStep is one shell command of the README's code blocks.
type readmeStep struct {
	line   int    // where it starts in the README
	cmd    string // its text (continuation lines joined)
	expect string // the comment below it: the answer it shows, if any
}

// read reports whether the step only reads (a GET), so that it may be
// asked again until the answer shows.
func (s readmeStep) read() bool {
	return !strings.Contains(s.cmd, " -X ") && !strings.Contains(s.cmd, " -d ") && !strings.Contains(s.cmd, " -F ") &&
		!strings.Contains(s.cmd, "--data-binary")
}

// readmeCommands are the first words of the README lines that are run: the
// API calls and the lines that make their files. Others (go run, pj, log
// lines) are not.
var readmeCommands = []string{"curl ", "TOKEN=$(curl ", "ADMIN=$(curl ", "jq ", "./my-solver ", "unzip ", "for "}

// thenGet is a comment's pointer to the read that shows a submission's verdict.
var thenGet = regexp.MustCompile(`then GET (/api/v1/submissions/\d+):`)

// readmeSteps returns the README's commands, in order, each with the
// comment line that follows it. A comment "…; then GET /api/v1/submissions/N:"
// adds that read, with the comment line after it as its answer.
func readmeSteps(readme string) []readmeStep {
	var steps []readmeStep
	var cur *readmeStep
	comments := 0 // comment lines seen since the last command
	sc := bufio.NewScanner(strings.NewReader(readme))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if !strings.HasPrefix(line, "    ") {
			cur = nil
			continue
		}
		text := strings.TrimSpace(line)
		if cur != nil && (strings.HasSuffix(cur.cmd, "\\") || strings.HasSuffix(cur.cmd, "|")) {
			cur.cmd += "\n" + text
			continue
		}
		if strings.HasPrefix(text, "# ") && cur != nil {
			comments++
			switch {
			case comments == 1:
				cur.expect = strings.TrimPrefix(text, "# ")
				if m := thenGet.FindStringSubmatch(cur.expect); m != nil {
					cur.expect = cur.expect[:strings.Index(cur.expect, "; then")]
					steps = append(steps, readmeStep{line: n,
						cmd: fmt.Sprintf(`curl -s localhost:8080%s -H "Authorization: Bearer $TOKEN"`, m[1])})
					cur = &steps[len(steps)-1]
					comments = 0
				}
			}
			continue
		}
		run := false
		for _, c := range readmeCommands {
			run = run || strings.HasPrefix(text, c)
		}
		if !run {
			cur = nil
			continue
		}
		steps = append(steps, readmeStep{line: n, cmd: text})
		cur = &steps[len(steps)-1]
		comments = 0
	}
	return steps
}

// runREADMEStep runs one command in bash in dir, with the variables the
// earlier commands set (TOKEN, ADMIN), and fails the test when it fails.
func runREADMEStep(t *testing.T, dir string, s readmeStep, cmd string) string {
	t.Helper()
	script := `set -eo pipefail
curl() { command curl --fail-with-body --max-time 60 "$@"; }
if [ -f .readme-vars ]; then . ./.readme-vars; fi
` + cmd + `
declare -p TOKEN ADMIN 2>/dev/null >.readme-vars || true
`
	c := exec.Command("bash", "-c", script)
	c.Dir = dir
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		t.Fatalf("README line %d: %s\nfailed: %v\n%s%s", s.line, s.cmd, err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

// readmeVolatile are the fields whose values in the README are examples of
// their kind: they differ from run to run.
var readmeVolatile = map[string]bool{"token": true, "cpu_ms": true, "wall_ms": true, "memory_kib": true,
	"report": true, "source": true, "compile_output": true}

var (
	readmeHeader = regexp.MustCompile(`^([A-Z][A-Za-z-]+): (\S+)`)
	readmeField  = regexp.MustCompile(`"(\w+)":("[^"]*"|-?[0-9]+(?:\.[0-9]+)?|true|false)`)
)

// readmeMismatch says how out differs from what the README's comment
// expect shows, or "" when it does not: a header line, or the scalar
// fields of a JSON object that out has at its top level.
func readmeMismatch(expect, out string) string {
	if m := readmeHeader.FindStringSubmatch(expect); m != nil {
		for _, l := range strings.Split(out, "\n") {
			name, value, ok := strings.Cut(strings.TrimSpace(l), ": ")
			if ok && strings.EqualFold(name, m[1]) && value == m[2] {
				return ""
			}
		}
		return "no header " + m[1] + ": " + m[2]
	}
	fields := readmeField.FindAllStringSubmatch(expect, -1)
	if len(fields) == 0 {
		return ""
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &got); err != nil {
		return "not a JSON object: " + err.Error()
	}
	for _, f := range fields {
		key, want := f[1], f[2]
		have, top := got[key]
		if !top || readmeVolatile[key] { // a nested object's field, or a value of its kind
			continue
		}
		if string(have) != want {
			return fmt.Sprintf("%q is %s, not %s", key, have, want)
		}
	}
	return ""
}

// copyFile copies an executable.
func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o755)
}
