package webtest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/openapitest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

// Env calls the JSON API of Handler in process, as one test (T) does.
type Env struct {
	T         testing.TB
	Handler   http.Handler
	Svc       *service.Service
	Catalogue []Fixture
	// Document, when set, checks every answer against the API's OpenAPI
	// document: a mismatch fails T.
	Document *openapitest.Validator
}

// Response is an answered request.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// Do sends a request with an optional JSON body (see Request) and, when
// token is not "", a bearer token.
func (e *Env) Do(method, path, token string, body any) Response {
	e.T.Helper()
	req := e.Request(method, path, body)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return e.Serve(req)
}

// Request builds a request with an optional JSON body: a value to marshal,
// or a string or []byte sent as is.
func (e *Env) Request(method, path string, body any) *http.Request {
	e.T.Helper()
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
			e.T.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req := httptest.NewRequest(method, path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

// Serve runs req through the handler.
func (e *Env) Serve(req *http.Request) Response {
	rec := httptest.NewRecorder()
	e.Handler.ServeHTTP(rec, req)
	if e.Document != nil {
		if err := e.Document.Check(req, rec.Code, rec.Header(), rec.Body.Bytes()); err != nil {
			e.T.Error(err)
		}
	}
	return Response{Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
}

// JSON decodes the body into v, failing the test on malformed JSON.
func (r Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("body %q: %v", r.Body, err)
	}
}

// Want fails the test unless the status is status; for an error status it
// also checks the JSON error shape and that its code is code (when not "").
// It returns r, for a chained JSON.
func (r Response) Want(t testing.TB, status int, code string) Response {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d; body %s", r.Status, status, r.Body)
	}
	if status >= 400 {
		var eb httpx.ErrorBody
		if err := json.Unmarshal(r.Body, &eb); err != nil || eb.Error.Message == "" {
			t.Fatalf("error body %q is not {\"error\":{\"code\",\"message\"}}", r.Body)
		}
		if code != "" && eb.Error.Code != code {
			t.Fatalf("error code %q, want %q (message %q)", eb.Error.Code, code, eb.Error.Message)
		}
	}
	return r
}

// ErrorMessage returns the message of an error answer.
func (r Response) ErrorMessage(t testing.TB) string {
	t.Helper()
	var eb httpx.ErrorBody
	r.JSON(t, &eb)
	return eb.Error.Message
}

// Credentials is the body of POST /register and POST /tokens.
type Credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

func (e *Env) call(method, path, token string, body any, status int, out any) {
	e.T.Helper()
	r := e.Do(method, path, token, body)
	r.Want(e.T, status, "")
	if out != nil {
		r.JSON(e.T, out)
	}
}

// Login asks for a token.
func (e *Env) Login(username, password string) string {
	e.T.Helper()
	var tok struct {
		Token string `json:"token"`
	}
	e.call("POST", "/api/v1/tokens", "", Credentials{username, password}, 201, &tok)
	if tok.Token == "" {
		e.T.Fatal("empty token")
	}
	return tok.Token
}

// Student registers a student (password "pass-"+name) and returns its token.
func (e *Env) Student(name string) string {
	e.T.Helper()
	e.call("POST", "/api/v1/register", "", Credentials{name, "pass-" + name}, 201, nil)
	return e.Login(name, "pass-"+name)
}

// Submit posts a submission and returns its id, failing unless it is
// accepted as pending.
func (e *Env) Submit(token, slug string, body any) int64 {
	e.T.Helper()
	var out struct {
		ID     int64        `json:"id"`
		Status judge.Status `json:"status"`
	}
	e.call("POST", "/api/v1/problems/"+slug+"/submissions", token, body, 202, &out)
	if out.ID == 0 || out.Status != judge.StatusPending {
		e.T.Fatalf("submit answered %+v, want an id and status pending", out)
	}
	return out.ID
}

// Result waits until submission id is judged and decodes it, as token
// sees it, into v (when not nil).
func (e *Env) Result(token string, id int64, v any) {
	e.T.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		r := e.Do("GET", "/api/v1/submissions/"+strconv.FormatInt(id, 10), token, nil)
		r.Want(e.T, 200, "")
		var s struct {
			Status judge.Status `json:"status"`
		}
		r.JSON(e.T, &s)
		if s.Status == judge.StatusDone {
			if v != nil {
				r.JSON(e.T, v)
			}
			return
		}
		if time.Now().After(deadline) {
			e.T.Fatalf("submission %d still %s", id, s.Status)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// WaitReady waits until every case of every problem is solved (the
// catalogue's and those a test added since), failing if one could not be.
func (e *Env) WaitReady() {
	e.T.Helper()
	problems, err := e.Svc.Problems(context.Background(), Staff)
	if err != nil {
		e.T.Fatal(err)
	}
	for _, p := range problems {
		for _, c := range WaitCases(e.T, e.Svc, p.Slug) {
			if c.Status != judge.CaseReady {
				e.T.Fatalf("case %d of %s: status %s (%s)", c.ID, p.Slug, c.Status, c.SolveError)
			}
		}
	}
}
