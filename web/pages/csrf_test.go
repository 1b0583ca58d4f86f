package pages

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// TestPagesCSRF sends the forms without their token, with a wrong one and
// with another browser's: each is refused with 403 and changes nothing.
func TestPagesCSRF(t *testing.T) {
	e := newPagesEnv(t, Options{})
	b := e.browser()
	b.register("frank", "frank-password")
	b.get("/problems/flood").want(t, 200, `name="csrf"`)
	good := b.csrf

	other := e.browser()
	other.get("/login")
	foreign := other.csrf
	if foreign == good {
		t.Fatalf("two browsers got the same CSRF token %q", good)
	}

	submit := url.Values{"kind": {"answer"}, "output": {"0\n3\n4\n"}}
	for _, tc := range []struct {
		name, token string
	}{
		{"missing", ""},
		{"wrong", "not-a-token"},
		{"another browser's", foreign},
		{"cut short", good[:len(good)-1]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			form := url.Values{}
			for k, v := range submit {
				form[k] = v
			}
			form.Set("csrf", tc.token)
			b.post("/problems/flood/submissions", form).want(t, 403, "did not come from this site")
			noTemplateError(t, b.get("/"))
			b.csrf = good
		})
	}
	_, total, err := e.svc.Submissions(context.Background(), staff, judge.SubmissionFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if total != 0 {
		t.Errorf("%d submissions stored from forged forms, want 0", total)
	}

	// Logging out, logging in and registering need the token too.
	b.post("/logout", url.Values{"csrf": {""}}).want(t, 403)
	b.get("/").want(t, 200, "frank")
	anon := e.browser()
	anon.get("/login")
	anon.post("/login", url.Values{"username": {"frank"}, "password": {"frank-password"}, "csrf": {"x"}}).want(t, 403)
	anon.post("/register", url.Values{"username": {"gina"}, "password": {"gina-password"}, "password2": {"gina-password"}, "csrf": {""}}).want(t, 403)
	if _, err := e.svc.Authenticate(context.Background(), "gina", "gina-password"); err == nil {
		t.Errorf("account created by a forged registration form")
	}

	// A browser that never loaded a page has no CSRF cookie at all.
	fresh := e.browser()
	fresh.post("/login", url.Values{"username": {"frank"}, "password": {"frank-password"}, "csrf": {good}}).want(t, 403)

	// With the token, the same submission goes through.
	b.post("/problems/flood/submissions", submit).redirectTo(t, "/submissions/")
}

// TestPagesFormTooLarge sends a form larger than the body limit without a
// Content-Length (chunked), which only reading the body can catch: the
// answer is a 413 page, not a CSRF refusal.
func TestPagesFormTooLarge(t *testing.T) {
	e := newPagesEnv(t, Options{})
	b := e.browser()
	b.register("nina", "nina-password")
	b.get("/problems/flood")
	body := io.MultiReader(strings.NewReader("csrf="+url.QueryEscape(b.csrf)+"&kind=answer&output="), strings.NewReader(strings.Repeat("1", httpx.MaxBodyBytes)))
	req, err := http.NewRequest("POST", e.srv.URL+"/problems/flood/submissions", body)
	if err != nil {
		t.Fatal(err)
	}
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	b.do(req).want(t, http.StatusRequestEntityTooLarge, "larger than")

	b.get("/static/").want(t, 404)
}

// TestCSRFBoundToSession performs the attack of issue 11.7: the form token
// was bound to its own cookie, so an attacker who planted a CSRF cookie of
// theirs on a victim's browser (from a sibling domain, say) could forge the
// victim's forms with the token the site gave the attacker for that cookie.
// Once the victim is logged in, the token is bound to the session instead.
func TestCSRFBoundToSession(t *testing.T) {
	e := newPagesEnv(t, Options{})
	attacker := e.browser()
	attacker.get("/login").want(t, 200, `name="csrf"`)
	planted, token := "", attacker.csrf
	base, _ := url.Parse(e.srv.URL)
	for _, ck := range attacker.c.Jar.Cookies(base) {
		if ck.Name == csrfCookie {
			planted = ck.Value
		}
	}
	if planted == "" {
		t.Fatal("the login page set no CSRF cookie")
	}

	victim := e.browser()
	victim.c.Jar.SetCookies(base, []*http.Cookie{{Name: csrfCookie, Value: planted, Path: "/"}})
	victim.register("victor", "victor-password")
	victim.get("/problems/flood").want(t, 200, `name="csrf"`)
	if victim.csrf == token {
		t.Fatal("the logged-in victim's form token is the one the attacker holds")
	}
	form := url.Values{"kind": {"answer"}, "output": {"0\n3\n4\n"}, "csrf": {token}}
	victim.post("/problems/flood/submissions", form).want(t, 403, "did not come from this site")
	form.Set("csrf", victim.csrf)
	if p := victim.post("/problems/flood/submissions", form); p.status != http.StatusSeeOther {
		t.Errorf("the victim's own form = %d, want 303", p.status)
	}
}
