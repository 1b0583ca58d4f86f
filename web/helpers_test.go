package web

import (
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/openapitest"
	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/api"
	"puzzlejudge/web/httpx"
)

// The tests of this package are those of the whole server: what the
// composition adds (body limit, recovery, metrics, /healthz, unknown paths,
// trusted proxies) and what crosses both faces (a page's session used on
// the API, the browser walk). Each face's own tests live with it. The
// environment and the browser live in internal/testkit/webtest, shared with the
// faces' tests; what follows keeps the names this package's tests use.

// apiEnv is the real router (API and pages) over a real judge service and a
// temporary SQLite file, with a small catalogue of one problem per puzzle;
// the calls (Do, Request, Serve, Login, Student, Submit, Result,
// WaitReady) are webtest's.
type apiEnv struct {
	*webtest.Env
	server  *Server
	metrics *Metrics
	admin   string // the instructor's token
}

const adminPassword = "instructor-pass-1"

// apiProblems is the small test catalogue, webtest's.
var apiProblems = webtest.Fixtures(webtest.Catalogue(), func(p judge.Problem, c []judge.CaseSpec) fixture { return fixture{p, c} })

// fixture is a problem of the catalogue under the names the tests use.
type fixture struct {
	problem judge.Problem
	cases   []judge.CaseSpec
}

// newAPIEnv returns the environment; anyone may register.
func newAPIEnv(t testing.TB, opts Options) *apiEnv {
	t.Helper()
	metrics := NewMetrics()
	cfg := service.Config{OnJudged: metrics.ObserveVerdict, OnSolved: metrics.ObserveSolve, RegistrationOpen: true}
	svc, db, logger := webtest.NewService(t, webtest.Setup{Config: cfg, AdminPassword: adminPassword,
		Catalogue: webtest.Catalogue(), BeforeStart: metrics.WatchQueue})
	if opts.Logins == nil {
		opts.Logins = db // as cmd/judged does
	}
	srv := NewServer(svc, logger, metrics, opts)
	e := newEnvOver(t, srv, svc)
	e.metrics = metrics
	e.admin = e.Login("admin", adminPassword)
	return e
}

// newEnvOver is the environment over a server of the test's own.
func newEnvOver(t testing.TB, srv *Server, svc *service.Service) *apiEnv {
	return &apiEnv{Env: &webtest.Env{T: t, Handler: srv.Router(), Svc: svc, Catalogue: webtest.Catalogue(), Document: documentValidator(t)}, server: srv}
}

// credentials is the body of POST /register and POST /tokens.
type credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
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
	svc    *service.Service
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
	srv := httptest.NewServer(a.Handler)
	t.Cleanup(srv.Close)
	return &pagesEnv{t: t, svc: a.Svc, srv: srv, server: a.server}
}

// waitCases waits until every case of slug is solved and returns them.
func (e *pagesEnv) waitCases(slug string) []judge.Case {
	e.t.Helper()
	return webtest.WaitCases(e.t, e.svc, slug)
}

// browser is a client with its own cookies, like one browser profile,
// on the server; it does not follow redirects, so that tests see the 303s.
func (e *pagesEnv) browser() *webtest.Browser { return webtest.NewBrowser(e.t, e.srv.URL) }

var csrfInput = webtest.CSRFInput

// staff is an instructor viewer for the tests' own reads of the service
// (expected answers of hidden boards, everyone's submissions).
var staff = webtest.Staff

// loadDocument loads the API's OpenAPI document once for all tests.
var loadDocument = sync.OnceValues(func() (*openapitest.Validator, error) {
	return openapitest.New(api.OpenAPIDocument())
})

// documentValidator returns the validator of the API's answers: every
// answer a test receives must be one the document allows.
func documentValidator(t testing.TB) *openapitest.Validator {
	v, err := loadDocument()
	if err != nil {
		t.Fatal(err)
	}
	return v
}
