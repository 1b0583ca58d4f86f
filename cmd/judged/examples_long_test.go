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

// A document is a guide whose shell examples are run verbatim, in order, on
// a fresh server started from the shipped config.yaml (TestREADMEExamples,
// TestGuideExamples). Only what stands for the reader's own world is
// replaced, each replacement written here with its reason: the address, a
// password, the reader's solver, a file the reader is told to have. A line
// that is not one of the document's commands (a log line, a go run that
// starts the server) is not run.
type document struct {
	file     string   // from the repository's root
	commands []string // the first words of the lines that are run
	// setup runs first, in the same shell: the state the document assumes
	// and describes elsewhere (an instructor's token "as in the README",
	// the accounts a team names, a file it shows).
	setup string
	subs  []substitution
	// files maps a path to the first line of the code block of the
	// document that is that file, written before the commands run.
	files map[string]string
	// after runs once the commands are done: a file the document shows,
	// run as it says (why says how).
	after, afterWhy string
	// before are the states a later part of the document describes and
	// its earlier examples do not make (a contest that has started).
	before []interlude
	// solvers maps a word of a line that feeds ./my-solver to the accepted
	// program that plays the reader's solver.
	solvers map[string]string
	// minSteps and minAnswers are what the document holds today: a parse
	// that finds fewer has lost some.
	minSteps, minAnswers int
}

// A substitution replaces old by new in every command of a document: old
// stands for something of the reader's own (why says what).
type substitution struct{ old, new, why string }

// An interlude runs cmd before the first command that starts with prefix:
// why says which state the document describes there.
type interlude struct{ prefix, cmd, why string }

// The words a substitution's new text may use; runDocument fills them in.
const (
	addrWord     = "{addr}"     // the server's host:port
	passwordWord = "{password}" // the instructor's password
	serverWord   = "{server}"   // the server's directory (its config.yaml and data/)
	judgedWord   = "{judged}"   // the server's binary
)

// A docStep is one shell command of a document's indented code blocks.
type docStep struct {
	line   int    // where it starts in the document
	cmd    string // its text (continuation lines joined)
	expect string // the comment below it: the answer it shows, if any
}

// read reports whether the step only reads (a curl GET), so that it may be
// asked again until the answer shows; pj waits by itself (--wait).
func (s docStep) read() bool {
	return strings.HasPrefix(s.cmd, "curl ") && !strings.Contains(s.cmd, " -X ") && !strings.Contains(s.cmd, " -d ") &&
		!strings.Contains(s.cmd, " -F ") && !strings.Contains(s.cmd, "--data-binary")
}

// thenGet is a comment's pointer to the read that shows a submission's verdict.
var thenGet = regexp.MustCompile(`then GET (/api/v1/submissions/\d+):`)

// docSteps returns the commands of doc's indented code blocks that start
// with one of commands, in order, each with the comment line that follows
// it. A comment "…; then GET /api/v1/submissions/N:" adds that read, with
// the comment line after it as its answer. A status code before a JSON
// answer ("# 201 {...}") is part of the comment, not checked.
func docSteps(doc string, commands []string) []docStep {
	var steps []docStep
	var cur *docStep
	comments := 0   // comment lines seen since the last command
	fenced := false // inside a ``` block: a file the document shows, not commands
	sc := bufio.NewScanner(strings.NewReader(doc))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(line, "    ") {
			cur = nil
			continue
		}
		text := strings.TrimSpace(line)
		if cur != nil && (strings.HasSuffix(cur.cmd, "\\") || strings.HasSuffix(cur.cmd, "|") ||
			quoteOpen(cur.cmd)) { // a JSON body over several lines
			cur.cmd += "\n" + text
			continue
		}
		if strings.HasPrefix(text, "# ") && cur != nil {
			comments++
			if comments == 1 {
				cur.expect = strings.TrimPrefix(text, "# ")
				if m := thenGet.FindStringSubmatch(cur.expect); m != nil {
					cur.expect = cur.expect[:strings.Index(cur.expect, "; then")]
					steps = append(steps, docStep{line: n,
						cmd: fmt.Sprintf(`curl -s localhost:8080%s -H "Authorization: Bearer $TOKEN"`, m[1])})
					cur = &steps[len(steps)-1]
					comments = 0
				}
			}
			continue
		}
		run := false
		for _, c := range commands {
			run = run || strings.HasPrefix(text, c)
		}
		if !run {
			cur = nil
			continue
		}
		steps = append(steps, docStep{line: n, cmd: text})
		cur = &steps[len(steps)-1]
		comments = 0
	}
	return steps
}

// trailingComment is a comment after a command on its line.
var trailingComment = regexp.MustCompile(`\s+# .*$`)

// quoteOpen reports whether cmd leaves a single quote open, as a JSON body
// that goes on over the next lines does. An apostrophe in a comment after
// the command ("# each language's commands") does not count.
func quoteOpen(cmd string) bool {
	n := 0
	for _, l := range strings.Split(cmd, "\n") {
		n += strings.Count(trailingComment.ReplaceAllString(l, ""), "'")
	}
	return n%2 == 1
}

// exampleTools are the programs a document's examples call besides the
// server (pj is built by the test).
var exampleTools = []string{"bash", "curl", "jq", "zip", "unzip", "g++"}

// skipWithoutExampleTools skips t when a tool the examples call is missing,
// or when the sandbox that judges their programs cannot run.
func skipWithoutExampleTools(t *testing.T) {
	t.Helper()
	for _, tool := range exampleTools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("the examples need %s: %v", tool, err)
		}
	}
	if err := sandbox.Probe(); err != nil && os.Geteuid() != 0 {
		t.Skip(err) // a program example needs the sandbox
	}
}

// buildPJ builds the command-line client into a directory of its own, to
// be put first on the examples' PATH.
func buildPJ(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if out, err := exec.Command("go", "build", "-o", filepath.Join(dir, "pj"), "../pj").CombinedOutput(); err != nil {
		t.Fatalf("go build pj: %v\n%s", err, out)
	}
	return dir
}

// runDocument runs d's examples against a fresh judged (the binary bin),
// with the programs of pathDirs first on PATH, and checks the answers they
// show.
func runDocument(t *testing.T, d document, bin string, pathDirs ...string) {
	text, err := os.ReadFile(filepath.Join("../..", d.file))
	if err != nil {
		t.Fatal(err)
	}
	steps := docSteps(string(text), d.commands)
	answers := 0
	for _, s := range steps {
		if checkable(s.expect) {
			answers++
		}
	}
	if len(steps) < d.minSteps || answers < d.minAnswers {
		t.Fatalf("found %d commands in %s, %d with an answer shown, want at least %d and %d",
			len(steps), d.file, answers, d.minSteps, d.minAnswers)
	}
	t.Logf("%s: %d commands, %d answers checked", d.file, len(steps), answers)

	problems, err := filepath.Abs("../../problems")
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	if err := os.Symlink(problems, filepath.Join(work, "problems")); err != nil {
		t.Fatal(err)
	}
	built := map[string]string{}
	for key, src := range d.solvers {
		out := filepath.Join(t.TempDir(), "solver")
		if msg, err := exec.Command("g++", "-O2", "-o", out, filepath.Join(problems, src)).CombinedOutput(); err != nil {
			t.Fatalf("g++ %s: %v\n%s", src, err, msg)
		}
		built[key] = out
	}

	const password = "examples-admin-pw"
	dir, p := startShipped(t, bin, "JUDGE_ADMIN_PASSWORD="+password)
	addr := strings.TrimPrefix(p.base, "http://")
	fill := strings.NewReplacer(addrWord, addr, passwordWord, password, serverWord, dir, judgedWord, bin)
	for _, sub := range d.subs {
		t.Logf("%s: %q stands for %q: %s", d.file, sub.old, fill.Replace(sub.new), sub.why)
	}

	// pj keeps its login under the config directory: the test's own. No
	// JUDGE_ or PJ_ variable of the caller's reaches the commands: judged
	// admin reads the server's config.yaml as the server does, and pj
	// reads only what a document's steps set.
	home := t.TempDir()
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"),
		"PATH=" + strings.Join(append(pathDirs, os.Getenv("PATH")), string(os.PathListSeparator))}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "JUDGE_") && !strings.HasPrefix(kv, "PJ_") && !strings.HasPrefix(kv, "HOME=") &&
			!strings.HasPrefix(kv, "XDG_CONFIG_HOME=") && !strings.HasPrefix(kv, "PATH=") {
			env = append(env, kv)
		}
	}
	for path, first := range d.files {
		if err := writeShownFile(string(text), first, filepath.Join(work, path)); err != nil {
			t.Fatalf("%s: %v", d.file, err)
		}
	}
	if d.setup != "" {
		runDocStep(t, d.file, work, env, docStep{cmd: "(setup)"}, fill.Replace(d.setup))
	}

	interludes := d.before
	for _, s := range steps {
		if len(interludes) > 0 && strings.HasPrefix(s.cmd, interludes[0].prefix) {
			runDocStep(t, d.file, work, env, docStep{line: s.line, cmd: "(before: " + interludes[0].why + ")"},
				fill.Replace(interludes[0].cmd))
			interludes = interludes[1:]
		}
		cmd := strings.ReplaceAll(s.cmd, "localhost:8080", addr)
		for _, sub := range d.subs {
			cmd = strings.ReplaceAll(cmd, sub.old, fill.Replace(sub.new))
		}
		if strings.Contains(cmd, "./my-solver") {
			solver := ""
			for key, bin := range built {
				if strings.Contains(cmd, key) {
					solver = bin
				}
			}
			if solver == "" {
				t.Fatalf("%s line %d feeds ./my-solver with a puzzle this test has no program for: %s", d.file, s.line, s.cmd)
			}
			if err := copyFile(solver, filepath.Join(work, "my-solver")); err != nil {
				t.Fatal(err)
			}
		}
		out := runDocStep(t, d.file, work, env, s, cmd)
		if s.expect == "" {
			continue
		}
		// A read may show a submission or generation not done yet: ask
		// again, as the reader would, for up to two minutes.
		retry := s.read()
		deadline := time.Now().Add(2 * time.Minute)
		for {
			bad := docMismatch(s.expect, out)
			if bad == "" {
				break
			}
			if !retry || time.Now().After(deadline) {
				t.Fatalf("%s line %d: %s\nanswered %s\nwhere %s says %s: %s", d.file, s.line, s.cmd, out, d.file, s.expect, bad)
			}
			time.Sleep(500 * time.Millisecond)
			out = runDocStep(t, d.file, work, env, s, cmd)
		}
	}
	if len(interludes) > 0 {
		t.Fatalf("%s has no command that starts with %q", d.file, interludes[0].prefix)
	}
	if d.after != "" {
		runDocStep(t, d.file, work, env, docStep{cmd: "(after: " + d.afterWhy + ")"}, fill.Replace(d.after))
	}
}

// startShipped starts judged (the binary bin) in a directory of its own
// with the shipped config.yaml, as a reader's first start on a fresh clone,
// with env besides JUDGE_LISTEN; it returns the directory and the process.
func startShipped(t *testing.T, bin string, env ...string) (dir string, p *proc) {
	t.Helper()
	dir = t.TempDir()
	shipped, err := os.ReadFile("../../config.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), shipped, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, startProcIn(t, bin, dir, "judged", nil, append([]string{"JUDGE_LISTEN=127.0.0.1:0"}, env...))
}

// writeShownFile writes to path the code block of doc whose first line is
// first.
func writeShownFile(doc, first, path string) error {
	body, err := shownFile(doc, first)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(body), 0o644)
}

// shownFile returns the code block of doc whose first line is first: a
// fenced one (```), or an indented one without its indent.
func shownFile(doc, first string) (string, error) {
	for _, block := range strings.Split(doc, "```")[1:] {
		_, body, _ := strings.Cut(block, "\n") // after the info string
		if strings.HasPrefix(body, first+"\n") {
			return body, nil
		}
	}
	var b strings.Builder
	for _, l := range strings.Split(doc, "\n") {
		switch {
		case b.Len() == 0 && l == "    "+first, b.Len() > 0 && strings.HasPrefix(l, "    "):
			b.WriteString(strings.TrimPrefix(l, "    ") + "\n")
		case b.Len() > 0:
			return b.String(), nil
		}
	}
	if b.Len() > 0 {
		return b.String(), nil
	}
	return "", fmt.Errorf("no code block starts with %q", first)
}

// exampleVars are the shell variables a command may set for the later
// ones: the README's tokens, and pj's server and token where a setup
// exports them.
const exampleVars = "TOKEN ADMIN PJ_SERVER PJ_TOKEN"

// runDocStep runs one command in bash in dir with env and the variables
// the earlier commands set, and fails the test when it fails.
func runDocStep(t *testing.T, file, dir string, env []string, s docStep, cmd string) string {
	t.Helper()
	script := `set -eo pipefail
curl() { command curl --fail-with-body --max-time 60 "$@"; }
vars=$PWD/.example-vars
if [ -f "$vars" ]; then . "$vars"; fi
` + cmd + `
declare -p ` + exampleVars + ` 2>/dev/null >"$vars" || true
`
	c := exec.Command("bash", "-c", script)
	c.Dir = dir
	c.Env = env
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		t.Fatalf("%s line %d: %s\nfailed: %v\n%s%s", file, s.line, s.cmd, err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

// exampleVolatile are the fields whose values in a document are examples of
// their kind: they differ from run to run.
var exampleVolatile = map[string]bool{"token": true, "cpu_ms": true, "wall_ms": true, "memory_kib": true,
	"report": true, "source": true, "compile_output": true}

var (
	exampleHeader = regexp.MustCompile(`^([A-Z][A-Za-z-]+): (\S+)`)
	examplePJLine = regexp.MustCompile(`^submission \d+\s`) // pj's line for a submission
	exampleField  = regexp.MustCompile(`"(\w+)":("[^"]*"|-?[0-9]+(?:\.[0-9]+)?|true|false)`)
)

// checkable reports whether docMismatch checks anything of a comment: a
// header, pj's line, or a JSON field.
func checkable(expect string) bool {
	return exampleHeader.MatchString(expect) || examplePJLine.MatchString(expect) || exampleField.MatchString(expect)
}

// docMismatch says how out differs from what a document's comment expect
// shows, or "" when it does not: a header line, or the scalar fields of a
// JSON object that out has at its top level, or pj's line for a submission
// (its words; pj aligns them with spaces). A value in angle brackets
// ("<the contest's start>") names what stands there, not a value.
func docMismatch(expect, out string) string {
	if m := exampleHeader.FindStringSubmatch(expect); m != nil {
		for _, l := range strings.Split(out, "\n") {
			name, value, ok := strings.Cut(strings.TrimSpace(l), ": ")
			if ok && strings.EqualFold(name, m[1]) && value == m[2] {
				return ""
			}
		}
		return "no header " + m[1] + ": " + m[2]
	}
	if examplePJLine.MatchString(expect) {
		want := strings.Join(strings.Fields(expect), " ")
		for _, l := range strings.Split(out, "\n") {
			if strings.Join(strings.Fields(l), " ") == want {
				return ""
			}
		}
		return "no line " + want
	}
	fields := exampleField.FindAllStringSubmatch(expect, -1)
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
		if !top || exampleVolatile[key] || strings.HasPrefix(want, `"<`) { // a nested object's field, or a value of its kind
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
