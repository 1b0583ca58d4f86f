package api

import (
	"sync"
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

// TestLoginAttacks performs the attacks of issue 11.2 through the engine:
// 40 concurrent wrong guesses for one user all reached bcrypt (limit 10),
// 150 from one address all ran (limit 50), and ten failures as ADMIN made
// the admin's right password get 429 from anywhere.
func TestLoginAttacks(t *testing.T) {
	e := newAPIEnv(t, Options{})
	stopClock(e.server.Options.Logins)
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
	if got[401] != httpx.LoginFailuresPerUser || got[429] != 40-httpx.LoginFailuresPerUser {
		t.Errorf("40 concurrent guesses for one user: %v, want %d checked (401) and the rest 429", got, httpx.LoginFailuresPerUser)
	}
	got = count(150, func(i int) response {
		return from("198.51.100.2", credentials{"user" + itoa64(int64(i)), "guess"})
	})
	if got[401] != httpx.LoginFailuresPerAddr || got[429] != 150-httpx.LoginFailuresPerAddr {
		t.Errorf("150 guesses from one address: %v, want %d checked (401) and the rest 429", got, httpx.LoginFailuresPerAddr)
	}
	for i := range httpx.LoginFailuresPerUser {
		name := []string{"ADMIN", "Admin", "admin ", "aDmIn"}[i%4]
		from("198.51.100.3", credentials{name, "guess"}).want(t, 401, "unauthorized")
	}
	from("198.51.100.3", credentials{"admin", adminPassword}).want(t, 429, httpx.ERATELIMITED)
	from("198.51.100.4", credentials{"admin", adminPassword}).want(t, 201, "")
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
