package web

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestMetricsGate: /metrics counts verdicts as they are given, a frozen
// contest's accepted tries too, so it is not for everyone (issue 32): no
// token is 401, a student's 403, an instructor's API token and the
// configured metrics token 200, on the web and on a worker's router.
func TestMetricsGate(t *testing.T) {
	const scrape = "prometheus-scrape-token-1"
	e := newAPIEnv(t, Options{MetricsToken: scrape})
	student := e.Student("olga")
	for name, h := range map[string]http.Handler{"web": e.Handler, "worker": e.server.WorkerRouter()} {
		for _, tc := range []struct {
			who, header string
			want        int
		}{
			{"anonymous", "", 401},
			{"wrong scheme", "Basic " + scrape, 401},
			{"unknown token", "Bearer not-a-token-of-anyone", 401},
			{"student", "Bearer " + student, 403},
			{"instructor", "Bearer " + e.admin, 200},
			{"metrics token", "Bearer " + scrape, 200},
		} {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("GET", "/metrics", nil)
			if tc.header != "" {
				req.Header.Set("Authorization", tc.header)
			}
			h.ServeHTTP(rec, req)
			if rec.Code != tc.want {
				t.Errorf("%s: GET /metrics as %s = %d, want %d: %.200s", name, tc.who, rec.Code, tc.want, rec.Body)
			}
		}
	}
	// Without a metrics token configured, only instructors read it.
	plain := newAPIEnv(t, Options{})
	plain.Do("GET", "/metrics", "", nil).Want(t, 401, "unauthorized")
	plain.Do("GET", "/metrics", plain.admin, nil).Want(t, 200, "")
}
