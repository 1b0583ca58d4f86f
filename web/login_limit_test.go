package web

import (
	"net/url"
	"sync"
	"testing"
	"time"
)

// TestLoginLimiter checks the buckets with a fake clock: ten attempts of one
// username from one address, or fifty from one address, block further
// logins of that kind for a while, which the refill ends; a success gives
// its attempt back; the same name from another address goes on.
func TestLoginLimiter(t *testing.T) {
	l := newLoginLimiter()
	now := time.Unix(1_000_000, 0)
	l.now = func() time.Time { return now }
	for i := range loginFailuresPerUser {
		if _, w := l.begin("Bob", "10.0.0.1"); w != 0 {
			t.Fatalf("attempt %d: wait %s, want 0", i+1, w)
		}
	}
	if _, w := l.begin(" BOB", "10.0.0.1"); w <= 0 || w > 6*time.Second {
		t.Errorf("bob after %d failures: wait %s, want (0, 6s]", loginFailuresPerUser, w)
	}
	if _, w := l.begin("bob", "10.0.0.9"); w != 0 {
		t.Errorf("bob from another address: wait %s, want 0 (strangers cannot lock an account)", w)
	}
	if _, w := l.begin("carol", "10.0.0.1"); w != 0 {
		t.Errorf("another user from the same address: wait %s, want 0", w)
	}
	now = now.Add(6 * time.Second)
	if _, w := l.begin("bob", "10.0.0.1"); w != 0 {
		t.Errorf("bob a refill later: wait %s, want 0", w)
	}

	for i := range loginFailuresPerAddr {
		ok, w := l.begin("user"+itoa64(int64(i)), "10.0.0.2")
		if w != 0 {
			t.Fatalf("attempt %d from 10.0.0.2: wait %s", i+1, w)
		}
		if i == 0 {
			ok() // a success gives its attempt back
		}
	}
	if _, w := l.begin("fresh", "10.0.0.2"); w != 0 {
		t.Errorf("the 50th failure from one address (after a success): wait %s, want 0", w)
	}
	if _, w := l.begin("fresh2", "10.0.0.2"); w <= 0 {
		t.Errorf("a fresh user from an address with %d failures: wait %s, want > 0", loginFailuresPerAddr, w)
	}
	if _, w := l.begin("fresh", "10.0.0.3"); w != 0 {
		t.Errorf("a fresh user from another address: wait %s, want 0", w)
	}
	var nilLimiter *loginLimiter
	if ok, w := nilLimiter.begin("x", "y"); w != 0 {
		t.Errorf("a nil limiter waits %s", w)
	} else {
		ok()
	}
}

// TestLoginAttacks performs the attacks of issue 11.2 through the engine:
// 40 concurrent wrong guesses for one user all reached bcrypt (limit 10),
// 150 from one address all ran (limit 50), and ten failures as ADMIN made
// the admin's right password get 429 from anywhere.
func TestLoginAttacks(t *testing.T) {
	e := newAPIEnv(t, Options{RegistrationOpen: true})
	stopClock(e.server.logins)
	e.student("victim")
	from := func(addr string, body any) response {
		req := e.request("POST", "/api/v1/tokens", body)
		req.RemoteAddr = addr + ":4000"
		return e.serve(req)
	}
	count := func(n int, f func(i int) response) map[int]int {
		var mu sync.Mutex
		got := map[int]int{}
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				r := f(i)
				mu.Lock()
				got[r.status]++
				mu.Unlock()
			})
		}
		wg.Wait()
		return got
	}
	got := count(40, func(int) response { return from("198.51.100.1", credentials{"victim", "guess"}) })
	if got[401] != loginFailuresPerUser || got[429] != 40-loginFailuresPerUser {
		t.Errorf("40 concurrent guesses for one user: %v, want %d checked (401) and the rest 429", got, loginFailuresPerUser)
	}
	got = count(150, func(i int) response {
		return from("198.51.100.2", credentials{"user" + itoa64(int64(i)), "guess"})
	})
	if got[401] != loginFailuresPerAddr || got[429] != 150-loginFailuresPerAddr {
		t.Errorf("150 guesses from one address: %v, want %d checked (401) and the rest 429", got, loginFailuresPerAddr)
	}
	for i := range loginFailuresPerUser {
		name := []string{"ADMIN", "Admin", "admin ", "aDmIn"}[i%4]
		from("198.51.100.3", credentials{name, "guess"}).want(t, 401, "unauthorized")
	}
	from("198.51.100.3", credentials{"admin", adminPassword}).want(t, 429, ERATELIMITED)
	from("198.51.100.4", credentials{"admin", adminPassword}).want(t, 201, "")
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
