package pages

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

// The environment and the browser live in internal/testkit/webtest, shared with
// the composition's and the API's tests; what follows keeps the names this
// package's tests use.

// pagesEnv is a real Gin engine serving the pages (with the body limit the
// server puts in front of them) over a real judge service on a temporary
// SQLite file, served by httptest so that browsers-like clients
// with cookie jars can walk the pages.
type pagesEnv struct {
	t      *testing.T
	svc    *service.Service
	srv    *httptest.Server
	server *Pages
}

const pagesAdminPassword = "admin-pages-pass"

// pagesCatalogue is webtest's catalogue with other statements: the
// Flood-it one carries Markdown and hostile HTML to test the sanitiser, and
// the Mayan problem wants the exact answer.
var pagesCatalogue = webtest.Fixtures(pagesFixtures(), func(p judge.Problem, c []judge.CaseSpec) fixture { return fixture{p, c} })

func pagesFixtures() []webtest.Fixture {
	c := webtest.Catalogue()
	c[0].Problem.Statement = "# Flood-it\n\nFlood **the whole board**.\n\n<script>alert('statement')</script>\n\n" +
		"[bad link](javascript:alert(1)) <img src=x onerror=alert(2)>\n\n| N | colours |\n|---|---|\n| 8 | 6 |\n"
	c[1].Problem.Statement = "Rotate the bars."
	c[2].Problem.Statement, c[2].Problem.Checker = "Clear the board.", ""
	return c
}

// fixture is a problem of the catalogue under the names the tests use.
type fixture struct {
	problem judge.Problem
	cases   []judge.CaseSpec
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
	return newPagesEnvConfig(t, opts, service.Config{RegistrationOpen: registrationOpen})
}

// newPagesEnvConfig returns an environment over a service of cfg (its
// sandbox, say); the poll interval is the tests' unless cfg sets one.
func newPagesEnvConfig(t *testing.T, opts Options, cfg service.Config) *pagesEnv {
	t.Helper()
	if cfg.PollInterval == 0 {
		cfg.PollInterval = 10 * time.Millisecond
	}
	svc, db, logger := webtest.NewService(t, webtest.Setup{
		Config: cfg, AdminPassword: pagesAdminPassword, Catalogue: pagesFixtures()})
	if opts.Logins == nil {
		// The database's buckets, as cmd/judged gives the faces.
		opts.Logins = httpx.NewLoginLimiter()
		opts.Logins.Store = db
	}
	server := New(svc, logger, opts)
	srv := httptest.NewServer(webtest.Engine(server.Register))
	t.Cleanup(srv.Close)
	return &pagesEnv{t: t, svc: svc, srv: srv, server: server}
}

// waitCases waits until every case of slug is solved and returns them.
func (e *pagesEnv) waitCases(slug string) []judge.Case {
	e.t.Helper()
	return webtest.WaitCases(e.t, e.svc, slug)
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
	return &browser{t: e.t, e: e, c: webtest.NewBrowser(e.t, e.srv.URL).Client}
}

// page is one answer: status, body, headers.
type page struct {
	status int
	body   string
	header http.Header
}

func pageOf(p webtest.Page) page { return page{p.Status, p.Body, p.Header} }

func (p page) shared() webtest.Page {
	return webtest.Page{Status: p.status, Body: p.body, Header: p.header}
}

// shared is b as webtest sees it, keeping the form token in b.csrf.
func (b *browser) shared() *webtest.Browser {
	return &webtest.Browser{T: b.t, Base: b.e.srv.URL, Client: b.c, CSRF: &b.csrf}
}

func (b *browser) do(req *http.Request) page { b.t.Helper(); return pageOf(b.shared().Do(req)) }

func (b *browser) get(path string) page { b.t.Helper(); return pageOf(b.shared().Get(path)) }

// post sends a URL-encoded form with the CSRF token of the last page read
// (unless the form sets its own csrf field).
func (b *browser) post(path string, form url.Values) page {
	b.t.Helper()
	return pageOf(b.shared().Post(path, form))
}

// upload sends a multipart form with one file, as the answer form does.
func (b *browser) upload(path string, form url.Values, field, filename, content string) page {
	b.t.Helper()
	return pageOf(b.shared().Upload(path, form, field, filename, content))
}

// register creates a student through the form and leaves the browser logged
// in, on the page it is sent to (whose form token is bound to the new session).
func (b *browser) register(username, password string) {
	b.t.Helper()
	b.shared().Register(username, password)
}

// login logs the browser in through the form.
func (b *browser) login(username, password string) {
	b.t.Helper()
	b.shared().Login(username, password)
}

// waitDone reloads a submission page until its judging is over.
func (b *browser) waitDone(path string) page { b.t.Helper(); return pageOf(b.shared().WaitDone(path)) }

// want fails the test unless the page has status and contains every string.
func (p page) want(t *testing.T, status int, contains ...string) page {
	t.Helper()
	p.shared().Want(t, status, contains...)
	return p
}

// redirectTo fails unless the page is a 303 to a path starting with prefix,
// and returns the location.
func (p page) redirectTo(t *testing.T, prefix string) string {
	t.Helper()
	return p.shared().RedirectTo(t, prefix)
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
var staff = webtest.Staff
