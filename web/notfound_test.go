package web

import (
	"encoding/json"
	"net/http"
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

	// A page path with the wrong method is a browser's mistake too: a 405
	// page, not the API's JSON, which stays for /api/.
	for _, path := range []string{"/problems/flood", "/play/board"} {
		p := b.Post(path, url.Values{}).Want(t, 405, "405", "does not take a POST request", "nina")
		if ct := p.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
			t.Errorf("POST %s: Content-Type %q, want text/html", path, ct)
		}
	}
	var eb httpx.ErrorBody
	req, _ := http.NewRequest("PUT", b.Base+"/api/v1/problems", nil)
	if p := b.Do(req); p.Status != 405 || json.Unmarshal([]byte(p.Body), &eb) != nil || eb.Error.Code != "method_not_allowed" {
		t.Errorf("PUT /api/v1/problems = %d %q, want 405 with a JSON method_not_allowed error", p.Status, p.Body)
	}

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
