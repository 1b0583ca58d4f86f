package pages

import (
	"net/url"
	"testing"
	"time"

	"puzzlejudge/web/httpx"
)

// TestLoginFormRateLimited checks the login form: after ten wrong passwords
// the form answers 429 with a message, even for the right password.
func TestLoginFormRateLimited(t *testing.T) {
	e := newPagesEnv(t, Options{})
	stopClock(e.server.Logins)
	b := e.browser()
	b.register("vera", "vera-password")
	b.post("/logout", url.Values{})
	b.get("/login")
	for range httpx.LoginFailuresPerUser {
		b.post("/login", url.Values{"username": {"vera"}, "password": {"guess"}}).want(t, 401, "Wrong username or password")
	}
	b.post("/login", url.Values{"username": {"vera"}, "password": {"vera-password"}}).want(t, 429, "Too many failed logins", `value="vera"`)
}

// stopClock freezes the limiter's clock, so that no failure is forgiven
// while a slow test (bcrypt under the race detector) makes the next.
func stopClock(l *httpx.LoginLimiter) {
	t := time.Now()
	l.Now = func() time.Time { return t }
}
