package api

import (
	"strings"
	"testing"

	"puzzlejudge/judge"
)

// TestShippedSlugAPI: renaming a problem of the shipped catalogue answers
// 409 saying where its slug comes from; the problem keeps its slug.
func TestShippedSlugAPI(t *testing.T) {
	e := newAPIEnv(t, Options{})
	msg := e.do("PATCH", "/api/v1/problems/flood", e.admin, map[string]any{"slug": "my-flood"}).want(t, 409, judge.ECONFLICT).errorMessage(t)
	if !strings.Contains(msg, "problems/flood") {
		t.Errorf("PATCH slug of a shipped problem: %q, want it to name problems/flood", msg)
	}
	e.do("GET", "/api/v1/problems/my-flood", e.admin, nil).want(t, 404, judge.ENOTFOUND)
	e.do("PATCH", "/api/v1/problems/flood", e.admin, map[string]any{"slug": "flood", "title": "Flood"}).want(t, 200, "")
}
