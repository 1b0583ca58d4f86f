package web

import (
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"

	"puzzlejudge/web/httpx"
)

// TestWorkerRouterErrorsAreJSON checks the HTTP face of a worker process:
// /healthz and /metrics answer, and every other path is a 404 in the JSON
// shape of every error of the server (it was gin's text "404 page not
// found", which a probe or a script reading the error cannot parse).
func TestWorkerRouterErrorsAreJSON(t *testing.T) {
	e := newAPIEnv(t, Options{})
	h := e.server.WorkerRouter()
	for _, path := range []string{"/healthz", "/metrics"} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("GET", path, nil)
		req.Header.Set("Authorization", "Bearer "+e.admin)
		h.ServeHTTP(rec, req)
		if rec.Code != 200 {
			t.Errorf("GET %s = %d, want 200", path, rec.Code)
		}
	}
	for _, req := range [][2]string{{"GET", "/"}, {"GET", "/api/v1/problems"}, {"POST", "/api/v1/problems/flood/submissions"}, {"POST", "/healthz"}} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(req[0], req[1], strings.NewReader("{}")))
		var eb httpx.ErrorBody
		if rec.Code != 404 || json.Unmarshal(rec.Body.Bytes(), &eb) != nil || eb.Error.Code != "not_found" || eb.Error.Message == "" {
			t.Errorf("%s %s on a worker = %d %q, want 404 with a JSON not_found error", req[0], req[1], rec.Code, rec.Body.String())
		}
	}
}
