package web

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"puzzlejudge/internal/openapitest"
	"puzzlejudge/internal/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/web/api"
	"puzzlejudge/web/httpx"
)

// The tests of this package are those of the whole server: what the
// composition adds (body limit, recovery, metrics, /healthz, unknown paths,
// trusted proxies) and what crosses both faces (a page's session used on
// the API, the browser walk). Each face's own tests live with it. The
// environment and the browser live in internal/webtest, shared with the
// faces' tests; what follows keeps the names this package's tests use.

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
	cfg := judge.Config{OnJudged: metrics.ObserveVerdict, OnSolved: metrics.ObserveSolve, RegistrationOpen: true}
	svc, logger := webtest.NewService(t, webtest.Setup{Config: cfg, AdminPassword: adminPassword,
		Catalogue: webtest.Catalogue(), BeforeStart: metrics.WatchQueue})
	srv := NewServer(svc, logger, metrics, opts)
	h := srv.Router()
	e := &apiEnv{t: t, handler: h, server: srv, svc: svc, metrics: metrics}
	e.admin = e.env().Login("admin", adminPassword)
	return e
}

// credentials is the body of POST /register and POST /tokens.
type credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// env is e as webtest sees it; tests may build an apiEnv of their own.
func (e *apiEnv) env() *webtest.Env {
	return &webtest.Env{T: e.t, Handler: e.handler, Svc: e.svc, Catalogue: webtest.Catalogue(), Document: documentValidator(e.t)}
}

// response is an answered request.
type response struct {
	status int
	header http.Header
	body   []byte
}

func (e *apiEnv) do(method, path, token string, body any) response {
	e.t.Helper()
	return responseOf(e.env().Do(method, path, token, body))
}

func (e *apiEnv) request(method, path string, body any) *http.Request {
	e.t.Helper()
	return e.env().Request(method, path, body)
}

func (e *apiEnv) serve(req *http.Request) response { return responseOf(e.env().Serve(req)) }

func responseOf(r webtest.Response) response { return response{r.Status, r.Header, r.Body} }

func (r response) want(t testing.TB, status int, code string) response {
	t.Helper()
	webtest.Response{Status: r.status, Header: r.header, Body: r.body}.Want(t, status, code)
	return r
}

func (r response) json(t testing.TB, v any) {
	t.Helper()
	webtest.Response{Body: r.body}.JSON(t, v)
}

func (e *apiEnv) login(username, password string) string {
	e.t.Helper()
	return e.env().Login(username, password)
}

func (e *apiEnv) student(name string) string { e.t.Helper(); return e.env().Student(name) }

func (e *apiEnv) waitReady() { e.t.Helper(); e.env().WaitReady() }

func (e *apiEnv) result(token string, id int64) { e.t.Helper(); e.env().Result(token, id, nil) }

func (e *apiEnv) submit(token, slug string, body any) int64 {
	e.t.Helper()
	return e.env().Submit(token, slug, body)
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
