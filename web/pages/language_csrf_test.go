package pages

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestLanguageSwitchRefusesOtherSites: another site's form cannot flip a
// visitor's language (issue 32: POST /language without a form token set
// the cookie). A token sent is checked, signed in or not; a signed-in
// viewer must send one; an anonymous post without one (the cached problem
// page's switch has none) is refused when it says it comes from elsewhere,
// by Sec-Fetch-Site or Origin.
func TestLanguageSwitchRefusesOtherSites(t *testing.T) {
	e := newPagesEnv(t, Options{})
	// A visitor who read a page: the token of that page, or 403.
	b := e.browser()
	b.get("/").want(t, 200)
	b.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}, "csrf": {"forged"}}).want(t, 403)
	if got := b.get("/"); !strings.Contains(got.body, `<html lang="en">`) {
		t.Errorf("a refused switch changed the language")
	}
	b.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}}).redirectTo(t, "/")
	b.get("/").want(t, 200, `<html lang="zh-CN">`)

	// Signed in: the token, always.
	u := e.browser()
	u.register("mei", "mei-password-1")
	u.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}, "csrf": {""}}).want(t, 403)

	// No token (a first request, or the cached problem page): refused when
	// the browser tells of another site.
	post := func(header, value string) int {
		t.Helper()
		req, _ := http.NewRequest("POST", e.srv.URL+"/language", strings.NewReader(url.Values{"lang": {"zh-CN"}, "next": {"/"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if header != "" {
			req.Header.Set(header, value)
		}
		client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		for _, ck := range resp.Cookies() {
			if ck.Name == langCookie && resp.StatusCode != http.StatusSeeOther {
				t.Errorf("%s: %s: the language cookie set on a %d", header, value, resp.StatusCode)
			}
		}
		return resp.StatusCode
	}
	host := strings.TrimPrefix(e.srv.URL, "http://")
	for _, tc := range []struct {
		header, value string
		want          int
	}{
		{"Sec-Fetch-Site", "cross-site", 403},
		{"Sec-Fetch-Site", "same-site", 403},
		{"Origin", "https://evil.example", 403},
		{"Origin", "null", 403},
		{"Sec-Fetch-Site", "same-origin", 303},
		{"Origin", "http://" + host, 303},
		{"", "", 303}, // a script, or an old browser: nothing says it is another site
	} {
		if got := post(tc.header, tc.value); got != tc.want {
			t.Errorf("POST /language without a cookie, %s: %s = %d, want %d", tc.header, tc.value, got, tc.want)
		}
	}
}
