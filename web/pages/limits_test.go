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

// TestRegisterFormRateLimited checks issue 11.5 on the form: registrations
// from one address beyond Options.Registrations get 429 with a message,
// and the form says which characters a username may hold.
func TestRegisterFormRateLimited(t *testing.T) {
	regs := httpx.NewAddrLimiter(2)
	frozen := time.Now()
	regs.Now = func() time.Time { return frozen }
	e := newPagesEnv(t, Options{Registrations: regs})
	for i, name := range []string{"spam1", "spam2"} {
		b := e.browser()
		if i == 0 {
			b.get("/register").want(t, 200, "a-z and A-Z")
		}
		b.register(name, "spam-password")
	}
	b := e.browser()
	b.get("/register")
	b.post("/register", url.Values{"username": {"spam3"}, "password": {"spam-password"}, "password2": {"spam-password"}}).
		want(t, 429, "Too many registrations from this address")
}
