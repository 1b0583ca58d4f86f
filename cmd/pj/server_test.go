package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/openapitest"
	"puzzlejudge/internal/reftest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/store"
	"puzzlejudge/web"
	"puzzlejudge/web/api"
)

// The tests of pj run it against the real server: the judge service, the
// store on a temporary SQLite file and the web router, served by
// httptest on a free loopback port. That is what cmd/judged's run wires,
// minus its configuration and signals, and it starts in milliseconds
// instead of building a cgo binary per test run.

const adminPassword = "instructor-pass-1"

// A catalogue small enough that the reference solver finishes at once.
var testProblems = []struct {
	problem judge.Problem
	cases   []judge.CaseSpec
}{
	{
		judge.Problem{Slug: "flood", Title: "Flood-it", Puzzle: "floodit", Statement: "Flood the board."},
		[]judge.CaseSpec{
			{Name: "01-sample-1", Input: "2\n0 0\n0 0\n", Sample: true},
			{Name: "02-sample-2", Input: "3\n0 1 2\n1 1 2\n2 2 1\n", Sample: true},
			{Name: "03-hidden", Input: "4\n0 1 2 3\n1 2 3 4\n2 3 4 5\n3 4 5 0\n"},
		},
	},
	{
		judge.Problem{Slug: "rot", Title: "Rotation", Puzzle: "rotation", Statement: "Rotate."},
		[]judge.CaseSpec{
			{Name: "01-sample-1", Input: "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n", Sample: true},
		},
	},
}

// judgeServer is one real server for one test.
type judgeServer struct {
	t   *testing.T
	URL string
	svc *judge.Service
}

func startJudge(t *testing.T) *judgeServer {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	db, err := store.Open("sqlite", filepath.Join(t.TempDir(), "judge.db"), logger)
	if err != nil {
		t.Fatal(err)
	}
	svc := judge.NewService(db, judge.Config{Workers: 1, SolveTimeout: 20 * time.Second, PollInterval: 20 * time.Millisecond, RegistrationOpen: true}, logger)
	ctx := context.Background()
	if _, _, err := svc.EnsureAdmin(ctx, adminPassword); err != nil {
		t.Fatal(err)
	}
	for _, p := range testProblems {
		if err := svc.SyncProblem(ctx, p.problem, p.cases); err != nil {
			t.Fatal(err)
		}
	}
	if err := svc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	srv := web.NewServer(svc, logger, nil, web.Options{})
	// Every answer pj receives is checked against the API's document too.
	validator := openapitest.MustNew(t, api.OpenAPIDocument())
	hs := httptest.NewServer(validator.Handler(t, srv.Router()))
	t.Cleanup(func() {
		hs.Close()
		cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := svc.Close(cctx); err != nil {
			t.Errorf("Close: %v", err)
		}
		if err := db.Close(); err != nil {
			t.Errorf("db.Close: %v", err)
		}
	})
	js := &judgeServer{t: t, URL: hs.URL, svc: svc}
	js.waitReady()
	return js
}

// api calls the server directly (not through pj), for a test's setup and
// to compare pj's output with the API's.
func (js *judgeServer) api(method, path, token string, body any) (int, []byte) {
	js.t.Helper()
	var rd io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, js.URL+"/api/v1"+path, rd)
	if err != nil {
		js.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		js.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

// student registers a student and returns a token for it.
func (js *judgeServer) student(name string) string {
	js.t.Helper()
	creds := map[string]string{"username": name, "password": name + "-password"}
	if st, body := js.api("POST", "/register", "", creds); st != 201 {
		js.t.Fatalf("register %s = %d: %s", name, st, body)
	}
	return js.token(name, name+"-password")
}

func (js *judgeServer) token(name, password string) string {
	js.t.Helper()
	st, body := js.api("POST", "/tokens", "", map[string]string{"username": name, "password": password})
	var tok tokenAnswer
	if st != 201 || json.Unmarshal(body, &tok) != nil {
		js.t.Fatalf("POST /tokens for %s = %d: %s", name, st, body)
	}
	return tok.Token
}

// problem returns a problem as the API shows it.
func (js *judgeServer) problem(slug string) problem {
	js.t.Helper()
	st, body := js.api("GET", "/problems/"+slug, "", nil)
	var p problem
	if st != 200 || json.Unmarshal(body, &p) != nil {
		js.t.Fatalf("GET /problems/%s = %d: %s", slug, st, body)
	}
	return p
}

// waitReady waits until every case has its reference solution, so that
// submissions are judged at once.
func (js *judgeServer) waitReady() {
	js.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for _, tp := range testProblems {
		for {
			ready := true
			for _, c := range js.problem(tp.problem.Slug).Cases {
				ready = ready && c.Status == "ready"
			}
			if ready {
				break
			}
			if time.Now().After(deadline) {
				js.t.Fatalf("cases of %s not solved within 30 s", tp.problem.Slug)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

// hasRoute reports whether the server knows method path at all: an unknown
// route is a 404 or 405 whose message says "no route" or "not allowed".
func (js *judgeServer) hasRoute(method, path, token string) bool {
	js.t.Helper()
	st, body := js.api(method, path, token, nil)
	return !((st == 404 && strings.Contains(string(body), "no route")) || st == 405)
}

// reference returns the expected answer of a case, solved in the test.
func reference(t *testing.T, puzzle, input string) reftest.Solution {
	t.Helper()
	s, err := reftest.Solve(context.Background(), puzzle, input)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// result is one run of pj.
type result struct {
	code           int
	stdout, stderr string
}

// pjEnv is the environment of pj runs in one test: PJ_* variables, and a
// config directory of its own (XDG_CONFIG_HOME and HOME point into a
// temporary directory, so os.UserConfigDir finds it there).
type pjEnv struct {
	t         *testing.T
	vars      map[string]string
	configDir string
}

func newPJ(t *testing.T, vars map[string]string) *pjEnv {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	if vars == nil {
		vars = map[string]string{}
	}
	return &pjEnv{t: t, vars: vars, configDir: filepath.Join(home, ".config", "pj")}
}

// run runs pj with args and stdin.
func (e *pjEnv) run(stdin string, args ...string) result {
	e.t.Helper()
	var stdout, stderr bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	code := run(ctx, args, strings.NewReader(stdin), &stdout, &stderr, func(k string) string { return e.vars[k] })
	return result{code: code, stdout: stdout.String(), stderr: stderr.String()}
}

// want runs pj and fails the test unless it exits with code.
func (e *pjEnv) want(code int, args ...string) result {
	e.t.Helper()
	r := e.run("", args...)
	if r.code != code {
		e.t.Fatalf("pj %s = exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), r.code, code, r.stdout, r.stderr)
	}
	return r
}
