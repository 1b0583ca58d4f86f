package pages

import (
	"bytes"
	"context"
	"html"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/judge/store"
	"puzzlejudge/web/httpx"
)

// pagesEnv is a real Gin engine serving the pages (with the body limit the
// server puts in front of them) over a real judge service on a temporary
// SQLite file, served by httptest so that browsers-like clients
// with cookie jars can walk the pages.
type pagesEnv struct {
	t      *testing.T
	svc    *judge.Service
	srv    *httptest.Server
	server *Pages
}

const pagesAdminPassword = "admin-pages-pass"

// pagesCatalogue is a small problem per puzzle: the classic samples plus a
// hidden board, all solved by the reference in milliseconds. The Flood-it
// statement carries Markdown and hostile HTML to test the sanitiser.
var pagesCatalogue = []struct {
	problem judge.Problem
	cases   []judge.CaseSpec
}{
	{
		judge.Problem{Slug: "flood", Title: "Flood-it", Puzzle: "floodit",
			Statement: "# Flood-it\n\nFlood **the whole board**.\n\n<script>alert('statement')</script>\n\n" +
				"[bad link](javascript:alert(1)) <img src=x onerror=alert(2)>\n\n| N | colours |\n|---|---|\n| 8 | 6 |\n"},
		[]judge.CaseSpec{
			{Name: "01-sample-1", Input: "2\n0 0\n0 0\n", Sample: true},
			{Name: "02-sample-2", Input: "3\n0 1 2\n1 1 2\n2 2 1\n", Sample: true},
			{Name: "03-hidden", Input: "4\n0 1 2 3\n1 2 3 4\n2 3 4 5\n3 4 5 0\n"},
		},
	},
	{
		judge.Problem{Slug: "rot", Title: "Rotation", Puzzle: "rotation", Statement: "Rotate the bars."},
		[]judge.CaseSpec{
			{Name: "01-sample-1", Input: "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n", Sample: true},
		},
	},
	{
		judge.Problem{Slug: "maya", Title: "Mayan", Puzzle: "mayan", Statement: "Clear the board."},
		[]judge.CaseSpec{
			{Name: "01-sample-1", Input: "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", Sample: true},
		},
	},
}

// pagesLog sends the server's warnings to the test log.
type pagesLog struct{ t *testing.T }

func (w pagesLog) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(b)))
	return len(b), nil
}

// newPagesEnv returns an environment where anyone may register.
func newPagesEnv(t *testing.T, opts Options) *pagesEnv {
	t.Helper()
	return newPagesEnvWith(t, opts, true)
}

// newClosedPagesEnv returns an environment where registration is closed.
func newClosedPagesEnv(t *testing.T, opts Options) *pagesEnv {
	t.Helper()
	return newPagesEnvWith(t, opts, false)
}

func newPagesEnvWith(t *testing.T, opts Options, registrationOpen bool) *pagesEnv {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(pagesLog{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	db, err := store.Open("sqlite", filepath.Join(t.TempDir(), "pages.db"), logger)
	if err != nil {
		t.Fatal(err)
	}
	svc := judge.NewService(db, judge.Config{Workers: 1, SolveTimeout: 20 * time.Second, PollInterval: 10 * time.Millisecond,
		RegistrationOpen: registrationOpen}, logger)
	ctx := context.Background()
	for _, p := range pagesCatalogue {
		if err := svc.SyncProblem(ctx, p.problem, p.cases); err != nil {
			t.Fatalf("SyncProblem(%s): %v", p.problem.Slug, err)
		}
	}
	if _, _, err := svc.EnsureAdmin(ctx, pagesAdminPassword); err != nil {
		t.Fatal(err)
	}
	if err := svc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if opts.Logins == nil {
		opts.Logins = httpx.NewLoginLimiter()
	}
	server := New(svc, logger, opts)
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(httpx.LimitBody(httpx.MaxBodyBytes))
	server.Register(r)
	srv := httptest.NewServer(r)
	t.Cleanup(func() {
		srv.Close()
		cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		svc.Close(cctx)
		db.Close()
	})
	return &pagesEnv{t: t, svc: svc, srv: srv, server: server}
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
		ready := true
		for _, c := range cases {
			if c.Status == judge.CaseSolving {
				ready = false
			}
		}
		if ready {
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

// post sends a URL-encoded form with the CSRF token of the last page read
// (unless the form sets its own csrf field).
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

// upload sends a multipart form with one file, as the answer form does.
func (b *browser) upload(path string, form url.Values, field, filename, content string) page {
	b.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	form.Set("csrf", b.csrf)
	for k, vs := range form {
		for _, v := range vs {
			mw.WriteField(k, v)
		}
	}
	fw, err := mw.CreateFormFile(field, filename)
	if err != nil {
		b.t.Fatal(err)
	}
	io.WriteString(fw, content)
	mw.Close()
	req, err := http.NewRequest("POST", b.e.srv.URL+path, &buf)
	if err != nil {
		b.t.Fatal(err)
	}
	req.Header.Set("Content-Type", mw.FormDataContentType())
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

// login logs the browser in through the form.
func (b *browser) login(username, password string) {
	b.t.Helper()
	b.get("/login").want(b.t, 200, `action="/login"`)
	b.get(b.post("/login", url.Values{"username": {username}, "password": {password}}).redirectTo(b.t, "/"))
}

// waitDone reloads a submission page until its judging is over.
func (b *browser) waitDone(path string) page {
	b.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		p := b.get(path).want(b.t, 200)
		if !strings.Contains(p.body, `http-equiv="refresh"`) {
			return p
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("%s still judging after 30 s:\n%s", path, p.body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// noTemplateError fails when a page shows the trace of a template failure.
func noTemplateError(t *testing.T, p page) {
	t.Helper()
	for _, s := range []string{"html/template", "ZgotmplZ", "<no value>", "%!"} {
		if strings.Contains(p.body, s) {
			t.Errorf("page contains %q, a template mistake:\n%s", s, p.body)
		}
	}
}

// staff is an instructor viewer for the tests' own reads of the service
// (expected answers of hidden boards, everyone's submissions).
var staff = judge.User{ID: 1 << 40, Username: "staff", Role: judge.RoleInstructor}
