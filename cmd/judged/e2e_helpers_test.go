package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/reftest"
)

// syncBuffer collects the server's log while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// server is one run of judged started by a test.
type server struct {
	t      *testing.T
	base   string
	log    *syncBuffer
	cancel context.CancelFunc
	done   chan int
}

var listenRe = regexp.MustCompile(`msg=listening addr=(\S+)`)

// startServer runs judged with the config file at path until stop, and
// waits until it listens.
func startServer(t *testing.T, configPath string) *server {
	t.Helper()
	clearEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	s := &server{t: t, log: &syncBuffer{}, cancel: cancel, done: make(chan int, 1)}
	go func() { s.done <- run(ctx, []string{"-config", configPath}, io.Discard, s.log) }()
	deadline := time.Now().Add(60 * time.Second)
	for {
		if m := listenRe.FindStringSubmatch(s.log.String()); m != nil {
			s.base = "http://" + m[1]
			break
		}
		select {
		case code := <-s.done:
			t.Fatalf("judged exited with %d before listening:\n%s", code, s.log.String())
		default:
		}
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("judged did not listen within a minute:\n%s", s.log.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Cleanup(func() { s.stop() })
	return s
}

// stop cancels the server's context (as SIGTERM does) and checks that it
// shuts down cleanly.
func (s *server) stop() {
	if s.cancel == nil {
		return
	}
	s.cancel()
	s.cancel = nil
	select {
	case code := <-s.done:
		if code != 0 {
			s.t.Errorf("judged exited with %d:\n%s", code, s.log.String())
		}
	case <-time.After(60 * time.Second):
		s.t.Errorf("judged did not stop within a minute")
	}
}

// call sends a request with a JSON body (or none) and decodes a JSON answer
// into out (when not nil). It returns the status.
func (s *server) call(method, path, token string, body, out any) int {
	s.t.Helper()
	status, data := s.raw(method, path, token, body)
	if out != nil && len(data) > 0 {
		if err := json.Unmarshal(data, out); err != nil {
			s.t.Fatalf("%s %s: body %q: %v", method, path, data, err)
		}
	}
	return status
}

// raw sends a request and returns the status and body.
func (s *server) raw(method, path, token string, body any) (int, []byte) {
	s.t.Helper()
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			s.t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, s.base+path, rd)
	if err != nil {
		s.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		s.t.Fatal(err)
	}
	return resp.StatusCode, data
}

// expect fails the test unless the call answers status.
func (s *server) expect(status int, method, path, token string, body, out any) {
	s.t.Helper()
	var raw json.RawMessage
	got := s.call(method, path, token, body, &raw)
	if got != status {
		s.t.Fatalf("%s %s = %d, want %d: %s", method, path, got, status, raw)
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			s.t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

func (s *server) login(user, password string) string {
	s.t.Helper()
	var tok struct{ Token string }
	s.expect(201, "POST", "/api/v1/tokens", "", map[string]string{"username": user, "password": password}, &tok)
	return tok.Token
}

// problemCase is a case as GET /problems/{slug} lists it.
type problemCase struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Sample bool   `json:"sample"`
	Status string `json:"status"`
}

type caseDetail struct {
	ID       int64  `json:"id"`
	Input    string `json:"input"`
	Status   string `json:"status"`
	Expected *struct {
		Answer  string `json:"answer"`
		Optimal int    `json:"optimal"`
	} `json:"expected"`
	SolveError string `json:"solve_error"`
}

func (s *server) cases(slug string) []problemCase {
	s.t.Helper()
	var p struct{ Cases []problemCase }
	s.expect(200, "GET", "/api/v1/problems/"+slug, "", nil, &p)
	return p.Cases
}

// waitReady waits until every case of slug has its reference solution.
func (s *server) waitReady(token, slug string, within time.Duration) {
	s.t.Helper()
	deadline := time.Now().Add(within)
	for _, c := range s.cases(slug) {
		for {
			var d caseDetail
			s.expect(200, "GET", fmt.Sprintf("/api/v1/problems/%s/cases/%d", slug, c.ID), token, nil, &d)
			if d.Status == "ready" {
				break
			}
			if d.Status == "failed" || time.Now().After(deadline) {
				s.t.Fatalf("%s case %s: %s %s", slug, c.Name, d.Status, d.SolveError)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
}

type caseRow struct {
	Case     int64  `json:"case"`
	Verdict  string `json:"verdict"`
	Message  string `json:"message"`
	Used     int    `json:"used"`
	Optimal  int    `json:"optimal"`
	Position int    `json:"position"`
}

type submission struct {
	ID      int64     `json:"id"`
	Problem string    `json:"problem"`
	Kind    string    `json:"kind"`
	Status  string    `json:"status"`
	Verdict string    `json:"verdict"`
	Score   float64   `json:"score"`
	Cases   []caseRow `json:"cases"`
}

// submit posts a submission and waits for its verdict.
func (s *server) submit(token, slug string, body map[string]any) submission {
	s.t.Helper()
	var acc struct {
		ID     int64
		Status string
	}
	s.expect(202, "POST", "/api/v1/problems/"+slug+"/submissions", token, body, &acc)
	if acc.Status != "pending" {
		s.t.Fatalf("submission answered status %q, want pending", acc.Status)
	}
	return s.await(token, acc.ID)
}

func (s *server) await(token string, id int64) submission {
	s.t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		var sub submission
		s.expect(200, "GET", "/api/v1/submissions/"+strconv.FormatInt(id, 10), token, nil, &sub)
		if sub.Status == "done" {
			return sub
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("submission %d still %s", id, sub.Status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// reference is the reference solver's optimal moves for one case.
type reference struct {
	moves   string
	optimal int
}

// solve runs the reference engine of puzzle on one case.
func solve(t *testing.T, puzzle, input string) reference {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := reftest.Solve(ctx, puzzle, input)
	if err != nil {
		t.Fatalf("reference %s: %v", puzzle, err)
	}
	return reference{s.Moves, s.Optimal}
}

// writeConfig writes a configuration for a test server under dir, without
// a sandbox (program_test.go starts servers with one). synchronous: normal,
// as webtest.TestStore: at full every commit waits for an fsync, seconds
// on a busy shared disk; a killed server loses nothing either way.
func writeConfig(t *testing.T, dir string) string {
	t.Helper()
	cfg := fmt.Sprintf(`listen: "127.0.0.1:0"
database:
  driver: sqlite
  dsn: %q
  synchronous: normal
workers: 2
solve_timeout: 2m
poll_interval: 50ms
registration_open: true
submit_rate: 0
shutdown_timeout: 30s
log_level: info
sandbox:
  mode: off
`, filepath.Join(dir, "data", "judge.db"))
	path := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

var passwordRe = regexp.MustCompile(`username=admin password=(\S+)`)

// adminPassword returns the password printed once in the log.
func adminPassword(t *testing.T, log string) string {
	t.Helper()
	m := passwordRe.FindAllStringSubmatch(log, -1)
	if len(m) != 1 {
		t.Fatalf("found %d admin passwords in the log, want 1:\n%s", len(m), log)
	}
	return strings.Trim(m[0][1], `"`)
}
