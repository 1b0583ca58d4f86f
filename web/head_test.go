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
		get := e.serve(e.request("GET", tc.path, nil))
		head := e.serve(e.request("HEAD", tc.path, nil))
		if head.status != tc.status || get.status != tc.status {
			t.Errorf("HEAD %s = %d, GET = %d; want %d", tc.path, head.status, get.status, tc.status)
		}
		if len(head.body) != 0 {
			t.Errorf("HEAD %s has a body of %d bytes", tc.path, len(head.body))
		}
		if got, want := head.header.Get("Content-Type"), get.header.Get("Content-Type"); got != want {
			t.Errorf("HEAD %s: Content-Type %q, GET's is %q", tc.path, got, want)
		}
	}
}
