package api

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/internal/openapitest"
	"puzzlejudge/internal/reftest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/store"
	"puzzlejudge/web/httpx"
)

// apiEnv is a real Gin engine serving the API (with the body limit the
// server puts in front of it) over a real judge service and a temporary
// SQLite file, with a small catalogue of one problem per puzzle.
type apiEnv struct {
	t       testing.TB
	handler http.Handler
	server  *API
	svc     *judge.Service
	admin   string // the instructor's token
}

const adminPassword = "instructor-pass-1"

// The small test catalogue: the classic samples of each puzzle plus one
// hidden case, so that the reference solver finishes in milliseconds.
var apiProblems = []struct {
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
			{Name: "01-sample-1", Input: "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n", Sample: true},
			{Name: "02-hidden", Input: "1 1 3 1 1 2 1 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"},
		},
	},
	{
		judge.Problem{Slug: "maya", Title: "Mayan", Puzzle: "mayan", Statement: "Clear.", Checker: judge.CheckerAnyValid},
		[]judge.CaseSpec{
			{Name: "01-sample-1", Input: "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", Sample: true},
		},
	},
}

// newAPIEnv returns an environment where anyone may register.
func newAPIEnv(t testing.TB, opts Options) *apiEnv {
	t.Helper()
	return newAPIEnvWith(t, opts, judge.Config{RegistrationOpen: true})
}

// newClosedAPIEnv returns an environment where registration is closed.
func newClosedAPIEnv(t testing.TB, opts Options) *apiEnv {
	t.Helper()
	return newAPIEnvWith(t, opts, judge.Config{})
}

// newAPIEnvWith is newAPIEnv over a service with cfg (its workers, solve
// timeout and poll interval set for tests when zero).
func newAPIEnvWith(t testing.TB, opts Options, cfg judge.Config) *apiEnv {
	t.Helper()
	var w io.Writer = io.Discard
	if tt, ok := t.(*testing.T); ok {
		w = testWriter{tt}
	}
	logger := slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
	db, err := store.Open("sqlite", filepath.Join(t.TempDir(), "judge.db"), logger)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Workers == 0 {
		cfg.Workers = 1
	}
	if cfg.SolveTimeout == 0 {
		cfg.SolveTimeout = 20 * time.Second
	}
	if cfg.PollInterval == 0 {
		cfg.PollInterval = 20 * time.Millisecond
	}
	svc := judge.NewService(db, cfg, logger)
	ctx := context.Background()
	if _, _, err := svc.EnsureAdmin(ctx, adminPassword); err != nil {
		t.Fatal(err)
	}
	for _, p := range apiProblems {
		if err := svc.SyncProblem(ctx, p.problem, p.cases); err != nil {
			t.Fatal(err)
		}
	}
	if err := svc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := svc.Close(cctx); err != nil {
			t.Errorf("Close: %v", err)
		}
		if err := db.Close(); err != nil {
			t.Errorf("db.Close: %v", err)
		}
	})
	if opts.Logins == nil {
		opts.Logins = httpx.NewLoginLimiter()
	}
	srv := New(svc, logger, opts)
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(httpx.LimitBodyExcept(httpx.MaxBodyBytes, map[string]int64{ImportPath: ImportMaxBody}))
	srv.Register(r)
	e := &apiEnv{t: t, handler: r, server: srv, svc: svc}
	e.admin = e.login("admin", adminPassword)
	return e
}

// with returns a copy of e whose helpers report to t (a subtest).
func (e *apiEnv) with(t testing.TB) *apiEnv {
	c := *e
	c.t = t
	return &c
}

// testWriter sends the server's log to the test log, shown on failure.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// response is an answered request.
type response struct {
	status int
	header http.Header
	body   []byte
}

// do sends a request with an optional JSON (or raw string) body and token.
func (e *apiEnv) do(method, path, token string, body any) response {
	e.t.Helper()
	req := e.request(method, path, body)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return e.serve(req)
}

// request builds a request with an optional JSON body (a value to marshal,
// or a string or []byte sent as is).
func (e *apiEnv) request(method, path string, body any) *http.Request {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	case []byte:
		rd = bytes.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req := httptest.NewRequest(method, path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

// serve runs req through the engine.
func (e *apiEnv) serve(req *http.Request) response {
	rec := httptest.NewRecorder()
	e.handler.ServeHTTP(rec, req)
	// Every answer of the API's tests must be one the document allows.
	if err := documentValidator(e.t).Check(req, rec.Code, rec.Header(), rec.Body.Bytes()); err != nil {
		e.t.Error(err)
	}
	return response{status: rec.Code, header: rec.Header(), body: rec.Body.Bytes()}
}

// loadDocument loads the API's OpenAPI document once for all tests.
var loadDocument = sync.OnceValues(func() (*openapitest.Validator, error) {
	return openapitest.New(OpenAPIDocument())
})

// documentValidator returns the validator of the API's answers.
func documentValidator(t testing.TB) *openapitest.Validator {
	v, err := loadDocument()
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// json decodes the body into v, failing the test on malformed JSON.
func (r response) json(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("body %q: %v", r.body, err)
	}
}

// want fails the test unless the status is status; for an error status it
// also checks the JSON error shape and that its code is code (when not "").
func (r response) want(t testing.TB, status int, code string) response {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d; body %s", r.status, status, r.body)
	}
	if status >= 400 {
		var eb httpx.ErrorBody
		if err := json.Unmarshal(r.body, &eb); err != nil || eb.Error.Message == "" {
			t.Fatalf("error body %q is not {\"error\":{\"code\",\"message\"}}", r.body)
		}
		if code != "" && eb.Error.Code != code {
			t.Fatalf("error code %q, want %q (message %q)", eb.Error.Code, code, eb.Error.Message)
		}
	}
	return r
}

// errorMessage returns the message of an error answer.
func (r response) errorMessage(t testing.TB) string {
	var eb httpx.ErrorBody
	r.json(t, &eb)
	return eb.Error.Message
}

func (e *apiEnv) login(username, password string) string {
	e.t.Helper()
	var tok tokenJSON
	e.do("POST", "/api/v1/tokens", "", credentials{username, password}).want(e.t, 201, "").json(e.t, &tok)
	if tok.Token == "" {
		e.t.Fatal("empty token")
	}
	return tok.Token
}

// student registers a student and returns its token.
func (e *apiEnv) student(name string) string {
	e.t.Helper()
	e.do("POST", "/api/v1/register", "", credentials{name, "pass-" + name}).want(e.t, 201, "")
	return e.login(name, "pass-"+name)
}

// caseIDs returns the ids of a problem's cases in order.
func (e *apiEnv) caseIDs(slug string) []int64 {
	e.t.Helper()
	var p problemJSON
	e.do("GET", "/api/v1/problems/"+slug, "", nil).want(e.t, 200, "").json(e.t, &p)
	ids := make([]int64, len(p.Cases))
	for i, c := range p.Cases {
		ids[i] = c.ID
	}
	return ids
}

// waitReady waits until every case of every problem is solved.
func (e *apiEnv) waitReady() {
	e.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for _, p := range apiProblems {
		for _, id := range e.caseIDs(p.problem.Slug) {
			for {
				var c caseJSON
				e.do("GET", "/api/v1/problems/"+p.problem.Slug+"/cases/"+itoa64(id), e.admin, nil).want(e.t, 200, "").json(e.t, &c)
				if c.Status == judge.CaseReady {
					break
				}
				if c.Status == judge.CaseFailed || time.Now().After(deadline) {
					e.t.Fatalf("case %d of %s: status %s (%s)", id, p.problem.Slug, c.Status, c.SolveError)
				}
				time.Sleep(10 * time.Millisecond)
			}
		}
	}
}

// result waits until submission id is judged and returns it as token sees it.
func (e *apiEnv) result(token string, id int64) submissionJSON {
	e.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var s submissionJSON
		e.do("GET", "/api/v1/submissions/"+itoa64(id), token, nil).want(e.t, 200, "").json(e.t, &s)
		if s.Status == judge.StatusDone {
			return s
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("submission %d still %s", id, s.Status)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// submit posts a submission and returns its id.
func (e *apiEnv) submit(token, slug string, body any) int64 {
	e.t.Helper()
	var out struct {
		ID     int64        `json:"id"`
		Status judge.Status `json:"status"`
	}
	e.do("POST", "/api/v1/problems/"+slug+"/submissions", token, body).want(e.t, 202, "").json(e.t, &out)
	if out.ID == 0 || out.Status != judge.StatusPending {
		e.t.Fatalf("submit answered %+v, want an id and status pending", out)
	}
	return out.ID
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

// refSolution is the reference solver's answer for one case, computed in
// the test from the engines themselves.
type refSolution struct {
	answer, moves string
	optimal       int
	solvable      bool
}

func solveRef(t *testing.T, puzzle, input string) refSolution {
	t.Helper()
	s, err := reftest.Solve(context.Background(), puzzle, input)
	if err != nil {
		t.Fatalf("reference %s on %q: %v", puzzle, input, err)
	}
	return refSolution{s.Answer, s.Moves, s.Optimal, s.Solvable}
}
