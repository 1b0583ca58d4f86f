package web

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestMetricsLabelsAreBounded performs the attack of issue 11.1: requests
// with made-up methods and paths, each of which used to become a series of
// its own. 10,000 random methods on known and unknown paths must add only
// a handful of series, and /metrics must stay small.
func TestMetricsLabelsAreBounded(t *testing.T) {
	e := newAPIEnv(t, Options{})
	rng := rand.New(rand.NewPCG(11, 1))
	letters := "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	paths := []string{"/", "/api/v1/problems", "/api/v1/problems/flood", "/no/such/page"}
	for i := range 10_000 {
		var m strings.Builder
		for range 4 + rng.IntN(8) {
			m.WriteByte(letters[rng.IntN(len(letters))])
		}
		path := paths[i%len(paths)]
		if i%3 == 0 {
			path += "/x" + itoa64(int64(i)) // a raw path must not become a label either
		}
		e.Serve(e.Request(m.String(), path, nil))
	}
	body := e.Do("GET", "/metrics", e.admin, nil).Want(t, 200, "").Body
	series := 0
	for _, line := range bytes.Split(body, []byte("\n")) {
		if bytes.HasPrefix(line, []byte("puzzlejudge_http_requests_total{")) {
			series++
			if bytes.Contains(line, []byte(`/x`)) {
				t.Errorf("a raw path is a label: %s", line)
			}
		}
	}
	if series > 20 {
		t.Errorf("%d request series after 10,000 made-up methods, want a handful", series)
	}
	if !bytes.Contains(body, []byte(`method="other"`)) {
		t.Error(`made-up methods are not counted as method="other"`)
	}
	if len(body) > 200_000 {
		t.Errorf("/metrics is %d bytes after the attack", len(body))
	}
}
