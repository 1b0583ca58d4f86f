package api

import (
	"testing"
	"time"

	"puzzlejudge/web/httpx"
)

func TestRateLimit(t *testing.T) {
	e := newAPIEnv(t, Options{Limiter: httpx.NewRateLimiter(3)})
	mia, noah := e.student("mia"), e.student("noah")
	body := map[string]any{"kind": "answer", "output": "0\n"}
	for i := 0; i < 3; i++ {
		e.do("POST", "/api/v1/problems/flood/submissions", mia, body).want(t, 202, "")
	}
	r := e.do("POST", "/api/v1/problems/flood/submissions", mia, body).want(t, 429, httpx.ERATELIMITED)
	if r.header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	e.do("POST", "/api/v1/check", mia, map[string]any{"puzzle": "floodit", "board": "2\n0 0\n0 0\n"}).want(t, 429, httpx.ERATELIMITED)
	// Another user has a bucket of their own; reading is not limited.
	e.do("POST", "/api/v1/problems/flood/submissions", noah, body).want(t, 202, "")
	e.do("GET", "/api/v1/submissions", mia, nil).want(t, 200, "")
}

// TestTokensRateLimited checks POST /api/v1/tokens: after ten wrong
// passwords for one username, even the right one gets 429 with Retry-After,
// while another user logs in.
func TestTokensRateLimited(t *testing.T) {
	e := newAPIEnv(t, Options{})
	stopClock(e.server.Options.Logins)
	e.student("victim")
	e.student("bystander")
	for range httpx.LoginFailuresPerUser {
		e.do("POST", "/api/v1/tokens", "", credentials{"victim", "guess"}).want(t, 401, "unauthorized")
	}
	r := e.do("POST", "/api/v1/tokens", "", credentials{"victim", "pass-victim"}).want(t, 429, httpx.ERATELIMITED)
	if r.header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	e.login("bystander", "pass-bystander")
}

// stopClock freezes the limiter's clock, so that no failure is forgiven
// while a slow test (bcrypt under the race detector) makes the next.
func stopClock(l *httpx.LoginLimiter) {
	t := time.Now()
	l.Now = func() time.Time { return t }
}
