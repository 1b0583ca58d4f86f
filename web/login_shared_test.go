package web

import (
	"context"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
	"puzzlejudge/web/httpx"
)

// sharedServers starts two web servers over one SQLite file, as two web
// processes share PostgreSQL, with the test catalogue and the instructor
// admin (adminPassword); adjust, when set, sees each server before it
// serves. Their services are not started: no worker, no solver.
func sharedServers(t *testing.T, adjust func(*Server)) ([]*webtest.Env, []string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "shared.db")
	secret := []byte("a session secret shared by both processes")
	var envs []*webtest.Env
	var bases []string
	for i := range 2 {
		db, err := store.OpenWith("sqlite", path, nil, webtest.TestStore)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		// The lowest bcrypt cost, as webtest's: the limits count refusals,
		// whatever a hash costs.
		svc := service.NewService(db, service.Config{RegistrationOpen: true, BcryptCost: bcrypt.MinCost}, nil)
		if i == 0 {
			ctx := context.Background()
			if _, _, err := svc.EnsureAdmin(ctx, adminPassword); err != nil {
				t.Fatal(err)
			}
			for _, p := range webtest.Catalogue() {
				if err := svc.SyncProblem(ctx, p.Problem, p.Cases); err != nil {
					t.Fatal(err)
				}
			}
		}
		srv := NewServer(svc, nil, nil, Options{SessionSecret: secret, Logins: db})
		if adjust != nil {
			adjust(srv)
		}
		h := srv.Router()
		hs := httptest.NewServer(h)
		t.Cleanup(hs.Close)
		envs = append(envs, &webtest.Env{T: t, Handler: h, Svc: svc, Catalogue: webtest.Catalogue(), Document: documentValidator(t)})
		bases = append(bases, hs.URL)
	}
	return envs, bases
}

// TestLoginLockoutAcrossProcesses runs two web servers over one SQLite
// file, as two web processes behind a proxy share PostgreSQL: wrong
// passwords sent half through one and half through the other lock the
// username out on both, for the API's POST /tokens and the login form
// alike, although neither server alone saw enough of them.
func TestLoginLockoutAcrossProcesses(t *testing.T) {
	envs, bases := sharedServers(t, func(srv *Server) {
		if srv.API.Options.Logins.Store == nil {
			t.Fatal("the login limiter keeps its buckets in memory, not in the database")
		}
		frozen := time.Now()
		srv.API.Options.Logins.Now = func() time.Time { return frozen }
	})
	envs[0].Student("vera") // password pass-vera
	wrong := webtest.Credentials{Username: "vera", Password: "guess"}
	for i := range httpx.LoginFailuresPerUser {
		envs[i%2].Do("POST", "/api/v1/tokens", "", wrong).Want(t, 401, "unauthorized")
	}
	right := webtest.Credentials{Username: "vera", Password: "pass-vera"}
	for i, e := range envs {
		r := e.Do("POST", "/api/v1/tokens", "", right)
		r.Want(t, 429, "rate_limited")
		if r.Header.Get("Retry-After") == "" {
			t.Errorf("server %d: 429 without Retry-After", i)
		}
	}
	// The form, through both servers from one address (the browsers'):
	// the same shared buckets.
	envs[1].Student("walt")
	browsers := []*webtest.Browser{webtest.NewBrowser(t, bases[0]), webtest.NewBrowser(t, bases[1])}
	for _, b := range browsers {
		b.Get("/login")
	}
	for i := range httpx.LoginFailuresPerUser {
		browsers[i%2].Post("/login", url.Values{"username": {"walt"}, "password": {"guess"}}).Want(t, 401, "Wrong username or password")
	}
	for _, b := range browsers {
		b.Post("/login", url.Values{"username": {"walt"}, "password": {"pass-walt"}}).Want(t, 429, "Too many failed logins")
	}
	// The API's client has another address: the lock is the username's
	// and the address's together, so walt logs in there on both servers.
	for _, e := range envs {
		e.Login("walt", "pass-walt")
	}
}
