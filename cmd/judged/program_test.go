package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge/sandbox"
)

// writeSandboxConfig writes a test server's configuration with the sandbox
// keys given (YAML under sandbox:) and C++ as the only language, so that the
// start does not warm a Go build cache for nothing.
func writeSandboxConfig(t *testing.T, dir, sandboxYAML string) string {
	t.Helper()
	path := writeConfig(t, dir)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var langs []sandbox.Language
	for _, l := range sandbox.DefaultLanguages() {
		if l.ID == "cpp" {
			l.PrecompiledHeader = "" // its build costs 3-7 s of CPU at every test server's start
			langs = append(langs, l)
		}
	}
	ly, err := yaml.Marshal(map[string]any{"languages": langs})
	if err != nil {
		t.Fatal(err)
	}
	cfg := strings.Replace(string(data), "sandbox:\n  mode: off\n", "sandbox:\n"+sandboxYAML, 1) + string(ly)
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// programOf is a program submission as the API answers it.
type programOf struct {
	Verdict   string `json:"verdict"`
	Language  string `json:"language"`
	CPUMs     *int64 `json:"cpu_ms"`
	MemoryKiB *int64 `json:"memory_kib"`
	Cases     []struct {
		Verdict   string `json:"verdict"`
		Message   string `json:"message"`
		MemoryKiB *int64 `json:"memory_kib"`
	} `json:"cases"`
}

// submitProgram posts the shipped Flood-it problem's own IDA* and waits for
// it to be judged on every board of floodit.
func submitProgram(t *testing.T, srv *server, token string) programOf {
	t.Helper()
	src, err := os.ReadFile("../../problems/floodit/submissions/accepted/ida.cpp")
	if err != nil {
		t.Fatal(err)
	}
	sub := srv.submit(token, "floodit", map[string]any{"kind": "program", "language": "cpp", "source": string(src)})
	var got programOf
	srv.expect(200, "GET", "/api/v1/submissions/"+strconv.FormatInt(sub.ID, 10), token, nil, &got)
	return got
}

// runsPrograms starts a server with the sandbox keys given, submits the
// IDA* and checks that it is accepted on every board with its figures, and
// that /healthz and /languages say the sandbox runs.
func runsPrograms(t *testing.T, sandboxYAML string) {
	dir := t.TempDir()
	srv := startServer(t, writeSandboxConfig(t, dir, sandboxYAML))
	admin := srv.login("admin", adminPassword(t, srv.log.String()))
	var health struct {
		Sandbox struct{ Status, Reason string }
	}
	srv.expect(200, "GET", "/healthz", "", nil, &health)
	if health.Sandbox.Status != "ok" {
		sandboxtest.Check(t, &sandbox.UnavailableError{Reason: health.Sandbox.Reason})
		t.Fatalf("healthz sandbox = %+v, want ok", health.Sandbox)
	}
	var langs []struct{ ID, Version string }
	srv.expect(200, "GET", "/api/v1/languages", "", nil, &langs)
	if len(langs) != 1 || langs[0].ID != "cpp" || langs[0].Version == "" {
		t.Fatalf("languages = %+v, want cpp alone (the configuration's) with its version", langs)
	}
	srv.expect(201, "POST", "/api/v1/register", "", map[string]string{"username": "ada", "password": "lovelace1"}, nil)
	ada := srv.login("ada", "lovelace1")
	srv.waitReady(admin, "floodit", 5*time.Minute)
	got := submitProgram(t, srv, ada)
	if got.Verdict != "accepted" || got.Language != "cpp" || got.CPUMs == nil || got.MemoryKiB == nil || len(got.Cases) != len(srv.cases("floodit")) {
		t.Fatalf("the IDA* = %+v, want accepted on every board with its figures", got)
	}
	for i, c := range got.Cases {
		if c.Verdict != "accepted" || c.MemoryKiB == nil || *c.MemoryKiB <= 0 {
			t.Errorf("board %d = %+v, want accepted with its memory", i+1, c)
		}
	}
	// The compiled program is kept for the next start, in sandbox.dir's
	// default: beside the database.
	kept, err := filepath.Glob(filepath.Join(dir, "data", "sandbox", "artifacts", "*", "*.art"))
	if err != nil || len(kept) != 1 {
		t.Errorf("compile cache holds %v (%v), want the one program compiled", kept, err)
	}
}

// TestServerRunsPrograms: judged with the embedded sandbox (the default on
// Linux) judges a program with no other step.
func TestServerRunsPrograms(t *testing.T) {
	runsPrograms(t, "  mode: embedded\n  parallel: 2\n")
}

// TestServerWithoutSandbox: sandbox off, the server starts, says why on
// /healthz and answers program submissions 503 unavailable; answers are
// still judged.
func TestServerWithoutSandbox(t *testing.T) {
	srv := startServer(t, writeConfig(t, t.TempDir()))
	var health struct {
		Status  string
		Sandbox struct{ Status, Reason string }
	}
	srv.expect(200, "GET", "/healthz", "", nil, &health)
	if health.Status != "ok" || health.Sandbox.Status != "unavailable" || !strings.Contains(health.Sandbox.Reason, "sandbox.mode: off") {
		t.Errorf("healthz = %+v, want ok with the sandbox unavailable, saying why", health)
	}
	srv.expect(201, "POST", "/api/v1/register", "", map[string]string{"username": "ada", "password": "lovelace1"}, nil)
	ada := srv.login("ada", "lovelace1")
	status, body := srv.raw("POST", "/api/v1/problems/floodit/submissions", ada, map[string]any{"kind": "program", "language": "cpp", "source": "int main() {}"})
	if status != 503 || !strings.Contains(string(body), `"unavailable"`) || !strings.Contains(string(body), "sandbox.mode: off") {
		t.Errorf("a program without a sandbox = %d %s, want 503 unavailable saying why", status, body)
	}
	var langs []any
	srv.expect(200, "GET", "/api/v1/languages", "", nil, &langs)
	if len(langs) != 0 {
		t.Errorf("languages = %v, want none", langs)
	}
}

// TestServerDegradedWithoutItsSandbox: a sandbox the configuration asks
// for that does not start (a go-judge that does not answer) leaves the
// server serving, /healthz 200 "degraded" with the reason, and one line of
// the start log that says what does not work and how to fix it.
func TestServerDegradedWithoutItsSandbox(t *testing.T) {
	srv := startServer(t, writeSandboxConfig(t, t.TempDir(), "  mode: remote\n  url: [\"http://127.0.0.1:1\"]\n"))
	var health struct {
		Status  string
		Reasons []string
		Sandbox struct{ Status, Reason string }
	}
	srv.expect(200, "GET", "/healthz", "", nil, &health)
	if health.Status != "degraded" || health.Sandbox.Status != "unavailable" || len(health.Reasons) != 1 || !strings.Contains(health.Reasons[0], "programs are not judged") {
		t.Errorf("healthz = %+v, want degraded saying programs are not judged", health)
	}
	var lines []string
	for _, l := range strings.Split(srv.log.String(), "\n") {
		if strings.Contains(l, "sandbox") && (strings.Contains(l, "level=ERROR") || strings.Contains(l, "level=WARN")) {
			lines = append(lines, l)
		}
	}
	if len(lines) != 1 || !strings.Contains(lines[0], "programs are not judged") || !strings.Contains(lines[0], "fix=") || !strings.Contains(lines[0], "sandbox.url") {
		t.Errorf("the start log says of the sandbox %q, want one line saying what does not work and how to fix it", lines)
	}
}
