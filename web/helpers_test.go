package web

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"puzzlejudge/internal/openapitest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/store"
	"puzzlejudge/web/api"
	"puzzlejudge/web/httpx"
)

// The tests of this package are those of the whole server: what the
// composition adds (body limit, recovery, metrics, /healthz, unknown paths,
// trusted proxies) and what crosses both faces (a page's session used on
// the API, the browser walk). Each face's own tests live with it.

// apiEnv is the real router (API and pages) over a real judge service and a
// temporary SQLite file, with a small catalogue of one problem per puzzle.
type apiEnv struct {
	t       testing.TB
	handler http.Handler
	server  *Server
	svc     *judge.Service
	metrics *Metrics
	admin   string // the instructor's token
}

const adminPassword = "instructor-pass-1"

// apiProblems is the small test catalogue: the classic samples of each
// puzzle plus a hidden case, so that the reference solver finishes in
// milliseconds.
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
		},
	},
	{
		judge.Problem{Slug: "maya", Title: "Mayan", Puzzle: "mayan", Statement: "Clear.", Checker: judge.CheckerAnyValid},
		[]judge.CaseSpec{
			{Name: "01-sample-1", Input: "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", Sample: true},
		},
	},
}

// newAPIEnv returns the environment; anyone may register there.
func newAPIEnv(t testing.TB, opts Options) *apiEnv {
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
	metrics := NewMetrics()
	svc := judge.NewService(db, judge.Config{Workers: 1, SolveTimeout: 20 * time.Second, PollInterval: 20 * time.Millisecond,
		OnJudged: metrics.ObserveVerdict, OnSolved: metrics.ObserveSolve, RegistrationOpen: true}, logger)
	metrics.WatchQueue(svc)
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
	srv := NewServer(svc, logger, metrics, opts)
	e := &apiEnv{t: t, handler: srv.Router(), server: srv, svc: svc, metrics: metrics}
	e.admin = e.login("admin", adminPassword)
	return e
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
// or a string sent as is).
func (e *apiEnv) request(method, path string, body any) *http.Request {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
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
	// Whatever the whole server adds in front of the API (the body limit,
	// recovery, unknown routes) must still answer as the API's document says.
	if err := documentValidator(e.t).Check(req, rec.Code, rec.Header(), rec.Body.Bytes()); err != nil {
		e.t.Error(err)
	}
	return response{status: rec.Code, header: rec.Header(), body: rec.Body.Bytes()}
}

// loadDocument loads the API's OpenAPI document once for all tests.
var loadDocument = sync.OnceValues(func() (*openapitest.Validator, error) {
	return openapitest.New(api.OpenAPIDocument())
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

// credentials is the body of POST /register and POST /tokens.
type credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

func (e *apiEnv) login(username, password string) string {
	e.t.Helper()
	var tok struct {
		Token string `json:"token"`
	}
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

// waitReady waits until every case of every problem is solved.
func (e *apiEnv) waitReady() {
	e.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for _, p := range apiProblems {
		for {
			_, cases, err := e.svc.Problem(context.Background(), staff, p.problem.Slug)
			if err != nil {
				e.t.Fatal(err)
			}
			if !solving(cases) {
				break
			}
			if time.Now().After(deadline) {
				e.t.Fatalf("cases of %s still solving after 30 s", p.problem.Slug)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
}

func solving(cases []judge.Case) bool {
	for _, c := range cases {
		if c.Status == judge.CaseSolving {
			return true
		}
	}
	return false
}

// result waits until submission id is judged.
func (e *apiEnv) result(token string, id int64) {
	e.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var s struct {
			Status judge.Status `json:"status"`
		}
		e.do("GET", "/api/v1/submissions/"+itoa64(id), token, nil).want(e.t, 200, "").json(e.t, &s)
		if s.Status == judge.StatusDone {
			return
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
		ID int64 `json:"id"`
	}
	e.do("POST", "/api/v1/problems/"+slug+"/submissions", token, body).want(e.t, 202, "").json(e.t, &out)
	return out.ID
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

// stopClock freezes the limiter's clock, so that no failure is forgiven
// while a slow test (bcrypt under the race detector) makes the next.
func stopClock(l *httpx.LoginLimiter) {
	t := time.Now()
	l.Now = func() time.Time { return t }
}

// pagesEnv is the same router served by httptest, so that browser-like
// clients with cookie jars (or a real browser) can walk the pages.
type pagesEnv struct {
	t      *testing.T
	svc    *judge.Service
	srv    *httptest.Server
	server *Server
}

// The names of the pages' cookies, as a browser sees them.
const (
	sessionCookie = "pj_session"
	csrfCookie    = "pj_csrf"
)

func newPagesEnv(t *testing.T, opts Options) *pagesEnv {
	t.Helper()
	a := newAPIEnv(t, opts)
	srv := httptest.NewServer(a.handler)
	t.Cleanup(srv.Close)
	return &pagesEnv{t: t, svc: a.svc, srv: srv, server: a.server}
}

// waitCases waits until every case of slug is solved and returns them.
func (e *pagesEnv) waitCases(slug string) []judge.Case {
	e.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, cases, err := e.svc.Problem(context.Background(), staff, slug)
		if err != nil {
			e.t.Fatal(err)
		}
		if !solving(cases) {
			return cases
		}
		if time.Now().After(deadline) {
			e.t.Fatalf("cases of %s still solving after 30 s", slug)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// browser is a client with its own cookies, like one browser profile. It
// does not follow redirects, so that tests see the 303s.
type browser struct {
	t    *testing.T
	e    *pagesEnv
	c    *http.Client
	csrf string // the form token of the last page read
}

func (e *pagesEnv) browser() *browser {
	jar, _ := cookiejar.New(nil)
	return &browser{t: e.t, e: e, c: &http.Client{Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// page is one answer: status, body, headers.
type page struct {
	status int
	body   string
	header http.Header
}

var csrfInput = regexp.MustCompile(`name="csrf" value="([^"]+)"`)

func (b *browser) do(req *http.Request) page {
	b.t.Helper()
	resp, err := b.c.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		b.t.Fatal(err)
	}
	if m := csrfInput.FindStringSubmatch(string(body)); m != nil {
		b.csrf = html.UnescapeString(m[1])
	}
	return page{status: resp.StatusCode, body: string(body), header: resp.Header}
}

func (b *browser) get(path string) page {
	b.t.Helper()
	req, err := http.NewRequest("GET", b.e.srv.URL+path, nil)
	if err != nil {
		b.t.Fatal(err)
	}
	return b.do(req)
}

// post sends a URL-encoded form with the CSRF token of the last page read.
func (b *browser) post(path string, form url.Values) page {
	b.t.Helper()
	if _, set := form["csrf"]; !set {
		form.Set("csrf", b.csrf)
	}
	req, err := http.NewRequest("POST", b.e.srv.URL+path, strings.NewReader(form.Encode()))
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	return b.do(req)
}

// want fails the test unless the page has status and contains every string.
func (p page) want(t *testing.T, status int, contains ...string) page {
	t.Helper()
	if p.status != status {
		t.Fatalf("status %d, want %d; body:\n%s", p.status, status, p.body)
	}
	for _, s := range contains {
		if !strings.Contains(p.body, s) {
			t.Errorf("page lacks %q; body:\n%s", s, p.body)
		}
	}
	return p
}

// redirectTo fails unless the page is a 303 to a path starting with prefix,
// and returns the location.
func (p page) redirectTo(t *testing.T, prefix string) string {
	t.Helper()
	loc := p.header.Get("Location")
	if p.status != http.StatusSeeOther || !strings.HasPrefix(loc, prefix) {
		t.Fatalf("got %d to %q, want 303 to %s...; body:\n%s", p.status, loc, prefix, p.body)
	}
	return loc
}

// register creates a student through the form and leaves the browser logged
// in, on the page it is sent to (whose form token is bound to the new session).
func (b *browser) register(username, password string) {
	b.t.Helper()
	b.get("/register").want(b.t, 200, `action="/register"`)
	b.get(b.post("/register", url.Values{"username": {username}, "password": {password}, "password2": {password}}).redirectTo(b.t, "/"))
}

// staff is an instructor viewer for the tests' own reads of the service
// (expected answers of hidden boards, everyone's submissions).
var staff = judge.User{ID: 1 << 40, Username: "staff", Role: judge.RoleInstructor}
