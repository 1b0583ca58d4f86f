package web

import (
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// TestPageOptions checks that Options reach the pages: SecureCookies marks
// the cookies Secure on plain HTTP, and servers sharing a SessionSecret
// accept each other's forms, which servers with random secrets refuse.
func TestPageOptions(t *testing.T) {
	e := newAPIEnv(t, Options{})
	secret := []byte(strings.Repeat("k", 32))
	a := NewServer(e.Svc, nil, nil, Options{SecureCookies: true, SessionSecret: secret}).Router()
	b := NewServer(e.Svc, nil, nil, Options{SessionSecret: secret}).Router()
	random := NewServer(e.Svc, nil, nil, Options{}).Router()

	rec := httptest.NewRecorder()
	a.ServeHTTP(rec, httptest.NewRequest("GET", "/login", nil))
	var csrf *http.Cookie
	for _, ck := range rec.Result().Cookies() {
		if ck.Name == csrfCookie {
			csrf = ck
		}
	}
	if csrf == nil || !csrf.Secure {
		t.Fatalf("GET /login with SecureCookies: csrf cookie %+v, want one marked Secure", csrf)
	}
	m := csrfInput.FindStringSubmatch(rec.Body.String())
	if m == nil {
		t.Fatal("no form token on the login page")
	}
	post := func(h http.Handler) int {
		form := url.Values{"csrf": {html.UnescapeString(m[1])}, "username": {"admin"}, "password": {"wrong"}}
		req := httptest.NewRequest("POST", "/login", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.AddCookie(&http.Cookie{Name: csrfCookie, Value: csrf.Value})
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Code
	}
	if got := post(b); got != http.StatusUnauthorized {
		t.Errorf("a form of one server posted to another with the same secret: %d, want 401 (wrong password)", got)
	}
	if got := post(random); got != http.StatusForbidden {
		t.Errorf("a form posted to a server with another secret: %d, want 403", got)
	}
}
