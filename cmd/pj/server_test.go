package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/openapitest"
	"puzzlejudge/internal/testkit/reftest"
	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
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

// testProblems is webtest's catalogue without the Mayan problem, whose
// Rotation sample is one that DDHH solves optimally.
var testProblems = webtest.Fixtures(testCatalogue(), func(p judge.Problem, c []judge.CaseSpec) fixture { return fixture{p, c} })

func testCatalogue() []webtest.Fixture {
	c := webtest.Catalogue()[:2]
	c[1].Cases = []judge.CaseSpec{{Name: "01-sample-1", Input: "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n", Sample: true}}
	return c
}

// fixture is a problem of the catalogue under the names the tests use.
type fixture struct {
	problem judge.Problem
	cases   []judge.CaseSpec
}

// judgeServer is one real server for one test.
type judgeServer struct {
	t   *testing.T
	URL string
	svc *service.Service
	db  *store.DB
}

func startJudge(t *testing.T) *judgeServer {
	t.Helper()
	return startJudgeWith(t, service.Config{RegistrationOpen: true})
}

// startJudgeWith is startJudge over a service with cfg.
func startJudgeWith(t *testing.T, cfg service.Config) *judgeServer {
	t.Helper()
	svc, db, logger := webtest.NewService(t, webtest.Setup{Config: cfg,
		AdminPassword: adminPassword, Catalogue: testCatalogue()})
	srv := web.NewServer(svc, logger, nil, web.Options{Logins: db})
	// Every answer pj receives is checked against the API's document too.
	validator := openapitest.MustNew(t, api.OpenAPIDocument())
	hs := httptest.NewServer(validator.Handler(t, srv.Router()))
	t.Cleanup(hs.Close)
	for _, tp := range testProblems {
		// Every case solved, so that submissions are judged at once.
		for _, c := range webtest.WaitCases(t, svc, tp.problem.Slug) {
			if c.Status != judge.CaseReady {
				t.Fatalf("case %s of %s is %s, not ready", c.Name, tp.problem.Slug, c.Status)
			}
		}
	}
	return &judgeServer{t: t, URL: hs.URL, svc: svc, db: db}
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
