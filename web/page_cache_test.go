package web

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"puzzlejudge/internal/testkit/webtest"
)

// TestProblemPageCacheAcrossProcesses checks the problem page's cache
// (web/pages/page_cache.go) against the changes an instructor makes
// through another process on the same database: an edited statement, a new
// sample board and a deleted one show on the next anonymous request of
// both servers, gzipped or not, and a logged-in student's page (drawn for
// them, not cached) shows them too.
func TestProblemPageCacheAcrossProcesses(t *testing.T) {
	envs, bases := sharedServers(t, nil)
	// page answers GET /problems/flood anonymously through server i: once
	// over HTTP with gzip (Go's client asks for it and decodes it), once
	// without, which must be the same page.
	page := func(i int) string {
		t.Helper()
		resp, err := http.Get(bases[i] + "/problems/flood")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || !resp.Uncompressed {
			t.Fatalf("server %d: status %d, gzipped %v", i, resp.StatusCode, resp.Uncompressed)
		}
		plain := envs[i].Serve(envs[i].Request("GET", "/problems/flood", nil))
		if plain.Status != 200 || plain.Header.Get("Content-Encoding") != "" || string(plain.Body) != string(body) {
			t.Fatalf("server %d: the plain page (%d, %q) differs from the gzipped one", i, plain.Status, plain.Header.Get("Content-Encoding"))
		}
		return string(body)
	}
	want := func(what string, contains, lacks string) {
		t.Helper()
		for i := range envs {
			for range 2 { // drawn, then from the cache
				body := page(i)
				if !strings.Contains(body, contains) {
					t.Errorf("%s: server %d's page lacks %q", what, i, contains)
				}
				if lacks != "" && strings.Contains(body, lacks) {
					t.Errorf("%s: server %d's page still shows %q", what, i, lacks)
				}
			}
		}
	}
	want("at first", "Flood the board.", "")

	admin := envs[0].Login("admin", adminPassword)
	envs[0].Do("PATCH", "/api/v1/problems/flood", admin, map[string]any{"statement": "Flood it all, at once."}).Want(t, 200, "")
	want("an edited statement", "Flood it all, at once.", "Flood the board.")

	r := envs[1].Do("POST", "/api/v1/problems/flood/cases", admin, map[string]any{"name": "04-fresh-sample", "input": "2\n1 0\n0 1\n", "sample": true})
	r.Want(t, 201, "")
	var c struct {
		ID int64 `json:"id"`
	}
	r.JSON(t, &c)
	want("a new sample board", "04-fresh-sample", "")

	envs[0].Do("DELETE", "/api/v1/problems/flood/cases/"+itoa64(c.ID), admin, nil).Want(t, 204, "")
	want("a deleted board", "Flood it all, at once.", "04-fresh-sample")

	// A student's page is drawn for them, from the same cached problem.
	b := webtest.NewBrowser(t, bases[1])
	b.Register("sam", "sam-password-1")
	b.Get("/problems/flood").Want(t, 200, "Flood it all, at once.", "Your progress")
}
