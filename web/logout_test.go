package web

import (
	"net/http"
	"net/url"
	"testing"
)

// TestLogoutRevokesToken checks that logging out through the page revokes
// the session's token, so that a copy of the cookie no longer works.
func TestLogoutRevokesToken(t *testing.T) {
	e := newPagesEnv(t, Options{})
	b := e.browser()
	b.Register("dora", "dora-password")
	u, _ := url.Parse(e.srv.URL)
	var token string
	for _, ck := range b.Client.Jar.Cookies(u) {
		if ck.Name == sessionCookie {
			token = ck.Value
		}
	}
	if token == "" {
		t.Fatal("no session cookie after registering")
	}
	apiGet := func() int {
		req, _ := http.NewRequest("GET", e.srv.URL+"/api/v1/submissions", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := apiGet(); got != http.StatusOK {
		t.Fatalf("the session's token before logout: status %d, want 200", got)
	}
	b.Post("/logout", url.Values{}).RedirectTo(t, "/")
	if got := apiGet(); got != http.StatusUnauthorized {
		t.Errorf("the session's token after logout: status %d, want 401", got)
	}
	// A stolen copy of the cookie is refused too: the page is anonymous.
	thief := e.browser()
	thief.Client.Jar.SetCookies(u, []*http.Cookie{{Name: sessionCookie, Value: token, Path: "/"}})
	if home := thief.Get("/").Want(t, 200, `href="/login"`); home.Status != 200 {
		t.Fatal(home.Status)
	}
}

// TestAPIRevokeToken checks DELETE /api/v1/tokens: 204, then the token is
// refused with 401, and the user's other tokens still work.
func TestAPIRevokeToken(t *testing.T) {
	e := newAPIEnv(t, Options{})
	tok := e.Student("erin")
	other := e.Login("erin", "pass-erin")
	e.Do("DELETE", "/api/v1/tokens", "", nil).Want(t, 401, "unauthorized")
	e.Do("DELETE", "/api/v1/tokens", tok, nil).Want(t, 204, "")
	e.Do("GET", "/api/v1/submissions", tok, nil).Want(t, 401, "unauthorized")
	e.Do("DELETE", "/api/v1/tokens", tok, nil).Want(t, 401, "unauthorized")
	e.Do("GET", "/api/v1/submissions", other, nil).Want(t, 200, "")
}
