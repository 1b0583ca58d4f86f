package web

import (
	"net/url"
	"testing"
	"time"
)

// TestLoginLimiter checks the buckets with a fake clock: ten failures of one
// username, or fifty from one address, block every further login of it for
// a while, which the refill ends; other names and addresses go on.
func TestLoginLimiter(t *testing.T) {
	l := newLoginLimiter()
	now := time.Unix(1_000_000, 0)
	for i := range loginFailuresPerUser {
		if w := l.wait("Bob", "10.0.0.1", now); w != 0 {
			t.Fatalf("failure %d: wait %s, want 0", i+1, w)
		}
		l.failed("Bob", "10.0.0.1", now)
	}
	if w := l.wait(" bob", "10.0.0.9", now); w <= 0 || w > 6*time.Second {
		t.Errorf("bob after %d failures: wait %s, want (0, 6s]", loginFailuresPerUser, w)
	}
	if w := l.wait("carol", "10.0.0.1", now); w != 0 {
		t.Errorf("another user from the same address: wait %s, want 0", w)
	}
	if w := l.wait("bob", "10.0.0.1", now.Add(6*time.Second)); w != 0 {
		t.Errorf("bob a refill later: wait %s, want 0", w)
	}

	for i := range loginFailuresPerAddr {
		l.failed("user"+itoa64(int64(i)), "10.0.0.2", now)
	}
	if w := l.wait("fresh", "10.0.0.2", now); w <= 0 {
		t.Errorf("a fresh user from an address with %d failures: wait %s, want > 0", loginFailuresPerAddr, w)
	}
	if w := l.wait("fresh", "10.0.0.3", now); w != 0 {
		t.Errorf("a fresh user from another address: wait %s, want 0", w)
	}
	var nilLimiter *loginLimiter
	nilLimiter.failed("x", "y", now)
	if w := nilLimiter.wait("x", "y", now); w != 0 {
		t.Errorf("a nil limiter waits %s", w)
	}
}

// TestTokensRateLimited checks POST /api/v1/tokens: after ten wrong
// passwords for one username, even the right one gets 429 with Retry-After,
// while another user logs in.
func TestTokensRateLimited(t *testing.T) {
	e := newAPIEnv(t, Options{RegistrationOpen: true})
	stopClock(e.server.logins)
	e.student("victim")
	e.student("bystander")
	for range loginFailuresPerUser {
		e.do("POST", "/api/v1/tokens", "", credentials{"victim", "guess"}).want(t, 401, "unauthorized")
	}
	r := e.do("POST", "/api/v1/tokens", "", credentials{"victim", "pass-victim"}).want(t, 429, ERATELIMITED)
	if r.header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	e.login("bystander", "pass-bystander")
}

// TestLoginFormRateLimited checks the login form: after ten wrong passwords
// the form answers 429 with a message, even for the right password.
func TestLoginFormRateLimited(t *testing.T) {
	e := newPagesEnv(t, Options{RegistrationOpen: true})
	stopClock(e.server.logins)
	b := e.browser()
	b.register("vera", "vera-password")
	b.post("/logout", url.Values{})
	b.get("/login")
	for range loginFailuresPerUser {
		b.post("/login", url.Values{"username": {"vera"}, "password": {"guess"}}).want(t, 401, "Wrong username or password")
	}
	b.post("/login", url.Values{"username": {"vera"}, "password": {"vera-password"}}).want(t, 429, "Too many failed logins", `value="vera"`)
}

// stopClock freezes the limiter's clock, so that no failure is forgiven
// while a slow test (bcrypt under the race detector) makes the next.
func stopClock(l *loginLimiter) {
	t := time.Now()
	l.now = func() time.Time { return t }
}

// TestForwardedForIgnored checks that, with no trusted proxy, a client cannot
// escape the per-address login limit by sending its own X-Forwarded-For.
func TestForwardedForIgnored(t *testing.T) {
	e := newAPIEnv(t, Options{RegistrationOpen: true})
	stopClock(e.server.logins)
	e.student("late")
	for i := range loginFailuresPerAddr {
		req := e.request("POST", "/api/v1/tokens", credentials{"nobody" + itoa64(int64(i)), "guess"})
		req.Header.Set("X-Forwarded-For", "10.9.0."+itoa64(int64(i)))
		e.serve(req).want(t, 401, "unauthorized")
	}
	req := e.request("POST", "/api/v1/tokens", credentials{"late", "pass-late"})
	req.Header.Set("X-Forwarded-For", "10.9.1.1")
	e.serve(req).want(t, 429, ERATELIMITED)
}

// TestForwardedForTrusted checks that, behind a trusted proxy, the address
// the proxy names is the one counted: another client behind it logs in.
func TestForwardedForTrusted(t *testing.T) {
	e := newAPIEnv(t, Options{RegistrationOpen: true, TrustedProxies: []string{"192.0.2.0/24"}})
	stopClock(e.server.logins)
	e.student("other")
	for i := range loginFailuresPerAddr {
		req := e.request("POST", "/api/v1/tokens", credentials{"nobody" + itoa64(int64(i)), "guess"})
		req.Header.Set("X-Forwarded-For", "10.9.0.1")
		e.serve(req).want(t, 401, "unauthorized")
	}
	req := e.request("POST", "/api/v1/tokens", credentials{"other", "pass-other"})
	req.Header.Set("X-Forwarded-For", "10.9.0.2")
	e.serve(req).want(t, 201, "token")
}
