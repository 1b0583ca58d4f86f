package web

import (
	"net/http/httptest"
	"testing"
)

// BenchmarkProblemPageAnonymous serves an anonymous visitor's problem page
// (gzip accepted) through the whole router, from the page cache: what is
// left per request is the catalogue version's read, the middleware and the
// write. docs/PERFORMANCE.md has the figures:
//
//	go test ./web -run '^$' -bench ProblemPageAnonymous -benchtime 20000x -count 3
func BenchmarkProblemPageAnonymous(b *testing.B) {
	e := newAPIEnv(b, Options{})
	for b.Loop() {
		req := httptest.NewRequest("GET", "/problems/flood", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		w := httptest.NewRecorder()
		e.Handler.ServeHTTP(w, req)
		if w.Code != 200 || w.Header().Get("Content-Encoding") != "gzip" {
			b.Fatalf("%d %q", w.Code, w.Header().Get("Content-Encoding"))
		}
	}
}
