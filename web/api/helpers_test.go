package api

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"

	"puzzlejudge/internal/testkit/openapitest"
	"puzzlejudge/internal/testkit/reftest"
	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

// The environment itself lives in internal/testkit/webtest, shared with the
// composition's and the pages' tests; what follows keeps the names this
// package's tests use.

// apiEnv is a real Gin engine serving the API (with the body limit the
// server puts in front of it) over a real judge service and a temporary
// SQLite file, with a small catalogue of one problem per puzzle.
type apiEnv struct {
	t       testing.TB
	handler http.Handler
	server  *API
	svc     *service.Service
	admin   string // the instructor's token
}

const adminPassword = "instructor-pass-1"

// apiProblems is webtest's catalogue with a second, hidden Rotation case.
var apiProblems = webtest.Fixtures(apiCatalogue(), func(p judge.Problem, c []judge.CaseSpec) fixture { return fixture{p, c} })

func apiCatalogue() []webtest.Fixture {
	c := webtest.Catalogue()
	c[1].Cases = append(c[1].Cases, judge.CaseSpec{Name: "02-hidden", Input: "1 1 3 1 1 2 1 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"})
	return c
}

// fixture is a problem of the catalogue under the names the tests use.
type fixture struct {
	problem judge.Problem
	cases   []judge.CaseSpec
}

// newAPIEnv returns an environment where anyone may register.
func newAPIEnv(t testing.TB, opts Options) *apiEnv {
	t.Helper()
	return newAPIEnvWith(t, opts, service.Config{RegistrationOpen: true})
}

// newClosedAPIEnv returns an environment where registration is closed.
func newClosedAPIEnv(t testing.TB, opts Options) *apiEnv {
	t.Helper()
	return newAPIEnvWith(t, opts, service.Config{})
}

// newAPIEnvWith is newAPIEnv over a service with cfg (its workers, solve
// timeout and poll interval set for tests when zero).
func newAPIEnvWith(t testing.TB, opts Options, cfg service.Config) *apiEnv {
	t.Helper()
	svc, db, logger := webtest.NewService(t, webtest.Setup{Config: cfg, AdminPassword: adminPassword, Catalogue: apiCatalogue()})
	if opts.Logins == nil {
		// The database's buckets, as cmd/judged gives the faces.
		opts.Logins = httpx.NewLoginLimiter()
		opts.Logins.Store = db
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

// env is e as webtest sees it; tests may build an apiEnv of their own.
func (e *apiEnv) env() *webtest.Env {
	return &webtest.Env{T: e.t, Handler: e.handler, Svc: e.svc, Catalogue: apiCatalogue(), Document: documentValidator(e.t)}
}

// response is an answered request.
type response struct {
	status int
	header http.Header
	body   []byte
}

func responseOf(r webtest.Response) response { return response{r.Status, r.Header, r.Body} }

func (r response) shared() webtest.Response {
	return webtest.Response{Status: r.status, Header: r.header, Body: r.body}
}

// do sends a request with an optional JSON (or raw string or []byte) body
// and token.
func (e *apiEnv) do(method, path, token string, body any) response {
	e.t.Helper()
	return responseOf(e.env().Do(method, path, token, body))
}

// request builds a request with an optional JSON body.
func (e *apiEnv) request(method, path string, body any) *http.Request {
	e.t.Helper()
	return e.env().Request(method, path, body)
}

// serve runs req through the engine.
func (e *apiEnv) serve(req *http.Request) response { return responseOf(e.env().Serve(req)) }

// json decodes the body into v, failing the test on malformed JSON.
func (r response) json(t testing.TB, v any) { t.Helper(); r.shared().JSON(t, v) }

// want fails the test unless the status is status; for an error status it
// also checks the JSON error shape and that its code is code (when not "").
func (r response) want(t testing.TB, status int, code string) response {
	t.Helper()
	r.shared().Want(t, status, code)
	return r
}

// errorMessage returns the message of an error answer.
func (r response) errorMessage(t testing.TB) string { t.Helper(); return r.shared().ErrorMessage(t) }

func (e *apiEnv) login(username, password string) string {
	e.t.Helper()
	return e.env().Login(username, password)
}

// student registers a student and returns its token.
func (e *apiEnv) student(name string) string { e.t.Helper(); return e.env().Student(name) }

// submit posts a submission and returns its id.
func (e *apiEnv) submit(token, slug string, body any) int64 {
	e.t.Helper()
	return e.env().Submit(token, slug, body)
}

// waitReady waits until every case of every problem is solved.
func (e *apiEnv) waitReady() { e.t.Helper(); e.env().WaitReady() }

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

// result waits until submission id is judged and returns it as token sees it.
func (e *apiEnv) result(token string, id int64) submissionJSON {
	e.t.Helper()
	var s submissionJSON
	e.env().Result(token, id, &s)
	return s
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

// loadDocument loads the API's OpenAPI document once for all tests.
var loadDocument = sync.OnceValues(func() (*openapitest.Validator, error) {
	return openapitest.New(OpenAPIDocument())
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
