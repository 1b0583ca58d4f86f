package web

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"puzzlejudge/web/httpx"
)

// TestNotFound checks the answer for a path no route knows: a page for a
// browser (drawn for the logged-in user), the JSON error under /api/.
func TestNotFound(t *testing.T) {
	e := newPagesEnv(t, Options{})
	b := e.browser()
	for _, path := range []string{"/nope", "/problems/flood/nope/more", "/%3Cscript%3E"} {
		p := b.Get(path).Want(t, 404, "404", "There is no page at", `href="/login"`)
		if ct := p.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
			t.Errorf("GET %s: Content-Type %q, want text/html", path, ct)
		}
		if strings.Contains(p.Body, "<script>") {
			t.Errorf("GET %s: the path is not escaped:\n%s", path, p.Body)
		}
	}
	b.Register("nina", "nina-password")
	b.Get("/nope").Want(t, 404, "There is no page", "nina")
	b.Post("/nope", url.Values{}).Want(t, 404, "There is no page")

	for _, path := range []string{"/api/v1/nope", "/api/nope", "/api"} {
		p := b.Get(path)
		var eb httpx.ErrorBody
		if p.Status != 404 || json.Unmarshal([]byte(p.Body), &eb) != nil || eb.Error.Code != "not_found" {
			t.Errorf("GET %s = %d %q, want 404 with a JSON not_found error", path, p.Status, p.Body)
		}
		if ct := p.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			t.Errorf("GET %s: Content-Type %q, want application/json", path, ct)
		}
	}
}
