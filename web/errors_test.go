package web

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

func TestBodyTooLarge(t *testing.T) {
	e := newAPIEnv(t, Options{})
	student := e.Student("liam")
	big := `{"kind":"answer","output":"` + strings.Repeat("1 ", MaxBodyBytes/2+10) + `"}`
	// With a Content-Length: refused before reading.
	e.Do("POST", "/api/v1/problems/flood/submissions", student, big).Want(t, 413, httpx.ETOOLARGE)
	// Streamed without a length: refused while reading.
	req := e.Request("POST", "/api/v1/problems/flood/submissions", nil)
	req.Body = io.NopCloser(strings.NewReader(big))
	req.ContentLength = -1
	req.Header.Set("Authorization", "Bearer "+student)
	e.Serve(req).Want(t, 413, httpx.ETOOLARGE)
	// A valid object followed by a huge tail is too large as well.
	e.Do("POST", "/api/v1/check", student, `{"puzzle":"floodit"}`+strings.Repeat(" ", MaxBodyBytes)).Want(t, 413, httpx.ETOOLARGE)
	// Just under the limit is fine (and judged wrong, not refused).
	ok := `{"kind":"answer","output":"` + strings.Repeat("1 ", (MaxBodyBytes-100)/2) + `"}`
	e.Do("POST", "/api/v1/problems/flood/submissions", student, ok).Want(t, 202, "")
}

func TestNotFoundAndMethods(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.Do("GET", "/api/v1/nothing", "", nil).Want(t, 404, judge.ENOTFOUND)
	r := e.Do("PUT", "/api/v1/problems", "", nil)
	if r.Status != http.StatusMethodNotAllowed {
		t.Errorf("PUT /api/v1/problems = %d, want 405", r.Status)
	}
}

func TestRecovery(t *testing.T) {
	e := newAPIEnv(t, Options{})
	engine := e.Handler.(*gin.Engine)
	engine.GET("/test-panic", func(c *gin.Context) { panic("a bug") })
	r := e.Do("GET", "/test-panic", "", nil).Want(t, 500, judge.EINTERNAL)
	if strings.Contains(string(r.Body), "a bug") {
		t.Errorf("500 body leaks the panic: %s", r.Body)
	}
	// The server goes on, and counted the failure.
	e.Do("GET", "/api/v1/problems", "", nil).Want(t, 200, "")
	if m := e.Do("GET", "/metrics", e.admin, nil); !bytes.Contains(m.Body, []byte(`route="/test-panic",status="500"} 1`)) {
		t.Error("/metrics did not count the 500 of the panic")
	}
}

func TestHealthz(t *testing.T) {
	e := newAPIEnv(t, Options{})
	var out struct {
		Status, Database string
		Sandbox          struct{ Status, Reason string }
	}
	e.Do("GET", "/healthz", "", nil).Want(t, 200, "").JSON(t, &out)
	if out.Status != "ok" || out.Database != "ok" {
		t.Errorf("healthz = %+v", out)
	}
	// This server has no sandbox: /healthz says so, in a field of its own,
	// and the server is not degraded by it.
	if out.Sandbox.Status != "unavailable" || !strings.Contains(out.Sandbox.Reason, "sandbox") {
		t.Errorf("healthz sandbox = %+v, want unavailable with the reason", out.Sandbox)
	}
}

func TestMetrics(t *testing.T) {
	e := newAPIEnv(t, Options{})
	student := e.Student("olga")
	e.WaitReady()
	e.Result(student, e.Submit(student, "flood", map[string]any{"kind": "answer", "output": "0\n"}), nil)
	// The worker counts a verdict just after it is stored, so the counter
	// may lag the result the test has read: wait for it a little.
	var r webtest.Response
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		r = e.Do("GET", "/metrics", e.admin, nil).Want(t, 200, "")
		if bytes.Contains(r.Body, []byte(`puzzlejudge_submissions_judged_total{verdict="wrong_answer"} 1`)) || time.Now().After(deadline) {
			break
		}
	}
	for _, want := range []string{
		`puzzlejudge_http_requests_total{method="POST",route="/api/v1/problems/:slug/submissions",status="202"} 1`,
		`puzzlejudge_submissions_judged_total{verdict="wrong_answer"} 1`,
		`puzzlejudge_queue_length 0`,
		`puzzlejudge_solver_seconds_count{puzzle="floodit"}`,
		`go_goroutines`,
	} {
		if !bytes.Contains(r.Body, []byte(want)) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}

// FuzzAPI sends arbitrary bodies to the routes that read one: whatever the
// body, the answer is a JSON document and never a 500.
func FuzzAPI(f *testing.F) {
	f.Add(0, `{"kind":"answer","output":"0\n3\n"}`)
	f.Add(0, `{"kind":"moves","case":1,"moves":"1 2 1"}`)
	f.Add(1, `{"puzzle":"floodit","board":"2\n0 0\n0 0\n","moves":"1"}`)
	f.Add(1, `{"puzzle":"mayan","board":"1\n1 1 0\n1 0\n0\n0\n0\n","moves":"0 0 1"}`)
	f.Add(2, `{"input":"3\n0 1 2\n1 1 2\n2 2 1\n","name":"x","sample":true}`)
	f.Add(3, `{"username":"u","password":"p"}`)
	f.Add(4, `{"username":"admin","password":"`+adminPassword+`"}`)
	f.Add(0, `{"kind":"moves","case":-9223372036854775808}`)
	f.Add(1, `null`)
	// Byte order marks, as Windows Notepad writes them: one leading mark is
	// dropped, any other is an input error, never a 500.
	f.Add(0, `{"kind":"answer","output":"\ufeff0\r\n3\r\n"}`)
	f.Add(1, `{"puzzle":"floodit","board":"\ufeff2\n0 0\n0 0\n","moves":"\ufeff1"}`)
	f.Add(2, `{"input":"\ufeff\ufeff3\n0 1 2\n1 1 2\n2 2 1\n","name":"y"}`)
	paths := []string{"/api/v1/problems/flood/submissions", "/api/v1/check", "/api/v1/problems/flood/cases", "/api/v1/register", "/api/v1/tokens"}
	e := newAPIEnv(f, Options{})
	f.Fuzz(func(t *testing.T, route int, body string) {
		path := paths[(route%len(paths)+len(paths))%len(paths)]
		req := httptest.NewRequest("POST", path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+e.admin)
		rec := httptest.NewRecorder()
		e.Handler.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("POST %s %q = %d %s", path, body, rec.Code, rec.Body)
		}
		if rec.Code >= 400 && !json.Valid(rec.Body.Bytes()) {
			t.Fatalf("POST %s %q = %d with a body that is not JSON: %s", path, body, rec.Code, rec.Body)
		}
	})
}

// TestForwardedForIgnored checks that, with no trusted proxy, a client cannot
// escape the per-address login limit by sending its own X-Forwarded-For.
func TestForwardedForIgnored(t *testing.T) {
	e := newAPIEnv(t, Options{})
	stopClock(e.server.API.Options.Logins)
	e.Student("late")
	for i := range httpx.LoginFailuresPerAddr {
		req := e.Request("POST", "/api/v1/tokens", credentials{"nobody" + itoa64(int64(i)), "guess"})
		req.Header.Set("X-Forwarded-For", "10.9.0."+itoa64(int64(i)))
		e.Serve(req).Want(t, 401, "unauthorized")
	}
	req := e.Request("POST", "/api/v1/tokens", credentials{"late", "pass-late"})
	req.Header.Set("X-Forwarded-For", "10.9.1.1")
	e.Serve(req).Want(t, 429, httpx.ERATELIMITED)
}

// TestForwardedForTrusted checks that, behind a trusted proxy, the address
// the proxy names is the one counted: another client behind it logs in.
func TestForwardedForTrusted(t *testing.T) {
	e := newAPIEnv(t, Options{TrustedProxies: []string{"192.0.2.0/24"}})
	stopClock(e.server.API.Options.Logins)
	e.Student("other")
	for i := range httpx.LoginFailuresPerAddr {
		req := e.Request("POST", "/api/v1/tokens", credentials{"nobody" + itoa64(int64(i)), "guess"})
		req.Header.Set("X-Forwarded-For", "10.9.0.1")
		e.Serve(req).Want(t, 401, "unauthorized")
	}
	req := e.Request("POST", "/api/v1/tokens", credentials{"other", "pass-other"})
	req.Header.Set("X-Forwarded-For", "10.9.0.2")
	e.Serve(req).Want(t, 201, "token")
}

// TestAPIErrorsStayEnglish: the errors the pages render in the reader's
// language (judge.Errort) keep their English message in the JSON API,
// whatever the client's Accept-Language.
func TestAPIErrorsStayEnglish(t *testing.T) {
	e := newAPIEnv(t, Options{})
	req := e.Request("POST", "/api/v1/register", map[string]string{"username": "n", "password": "noah-pass-123"})
	req.Header.Set("Accept-Language", "zh-CN,zh;q=0.9")
	r := e.Serve(req).Want(t, 400, judge.EINVALID)
	if got, want := r.ErrorMessage(t), "the username must have 3 to 32 characters"; got != want {
		t.Errorf("a Chinese client's refusal = %q, want the English %q", got, want)
	}
}

// TestCCSUnknownRoute: an unknown route under the Contest API fails as its
// other requests do, with the specification's code (the status, a number)
// and message beside the house error; a method other than GET too.
func TestCCSUnknownRoute(t *testing.T) {
	e := newAPIEnv(t, Options{})
	for _, tc := range []struct {
		method, path string
		status       int
	}{
		{"GET", "/api/ccs/contests/1/doesnt-exist", 404},
		{"GET", "/api/ccs/contests/1/commentary", 404},
		{"GET", "/api/ccs/nothing/here", 404},
		{"POST", "/api/ccs/contests", 405},
	} {
		r := e.Do(tc.method, tc.path, "", nil)
		var body struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
			Error   struct {
				Code string `json:"code"`
			} `json:"error"`
		}
		if r.Status != tc.status || json.Unmarshal(r.Body, &body) != nil || body.Code != tc.status || body.Message == "" || body.Error.Code == "" {
			t.Errorf("%s %s = %d %s, want %d with code %d and a message", tc.method, tc.path, r.Status, r.Body, tc.status, tc.status)
		}
	}
}
