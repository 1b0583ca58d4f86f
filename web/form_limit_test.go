package web

import (
	"net/url"
	"strings"
	"testing"

	"puzzlejudge/web/httpx"
)

// TestPagesFormOverLimitIsAPage sends a page form larger than the body
// limit the way a browser does, with its Content-Length: the answer is the
// pages' 413 page, not the API's JSON error (a student who pasted or chose
// an output over 1 MiB saw raw JSON). The API keeps its JSON 413.
func TestPagesFormOverLimitIsAPage(t *testing.T) {
	e := newPagesEnv(t, Options{})
	b := e.browser()
	b.Register("nina", "nina-password")
	b.Get("/problems/flood")
	big := strings.Repeat("1\n", httpx.MaxBodyBytes/2+1)
	p := b.Post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {big}})
	p.Want(t, 413, "larger than")
	if ct := p.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("a page form over the limit: Content-Type %q, want text/html; body:\n%.300s", ct, p.Body)
	}
	u := b.Upload("/problems/flood/submissions", url.Values{"kind": {"answer"}}, "file", "out.txt", big)
	u.Want(t, 413, "larger than")
	if ct := u.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("an upload over the limit: Content-Type %q, want text/html", ct)
	}

	api := b.Post("/api/v1/problems/flood/submissions", url.Values{"output": {big}})
	if api.Status != 413 || !strings.Contains(api.Body, `"too_large"`) {
		t.Errorf("the API over the limit = %d %.200s, want 413 too_large", api.Status, api.Body)
	}
}
