package web

import "testing"

// TestHeadOnPages checks issue 11.7: HEAD on a page answered 405. It answers
// as GET does, without a body.
func TestHeadOnPages(t *testing.T) {
	e := newAPIEnv(t, Options{})
	for _, tc := range []struct {
		path   string
		status int
	}{
		{"/", 200},
		{"/login", 200},
		{"/problems/flood", 200},
		{"/static/pages.css", 200},
		{"/problems/nope", 404},
		{"/no/such/page", 404},
	} {
		get := e.Serve(e.Request("GET", tc.path, nil))
		head := e.Serve(e.Request("HEAD", tc.path, nil))
		if head.Status != tc.status || get.Status != tc.status {
			t.Errorf("HEAD %s = %d, GET = %d; want %d", tc.path, head.Status, get.Status, tc.status)
		}
		if len(head.Body) != 0 {
			t.Errorf("HEAD %s has a body of %d bytes", tc.path, len(head.Body))
		}
		if got, want := head.Header.Get("Content-Type"), get.Header.Get("Content-Type"); got != want {
			t.Errorf("HEAD %s: Content-Type %q, GET's is %q", tc.path, got, want)
		}
	}
}
