package httpx

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/gin-gonic/gin"
)

// TestMaxInFlight checks the bound on requests served at once: with one
// request in its handler and a bound of 1, the next gets 503 busy with
// Retry-After at once; once the first is answered, requests pass again.
func TestMaxInFlight(t *testing.T) {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	r.Use(MaxInFlight(1, nil))
	entered, release := make(chan struct{}), make(chan struct{})
	r.GET("/slow", func(c *gin.Context) {
		close(entered)
		<-release
		c.String(200, "slow")
	})
	r.GET("/fast", func(c *gin.Context) { c.String(200, "fast") })
	var wg sync.WaitGroup
	wg.Go(func() {
		w := httptest.NewRecorder()
		r.ServeHTTP(w, httptest.NewRequest("GET", "/slow", nil))
		if w.Code != 200 {
			t.Errorf("the request in flight: %d", w.Code)
		}
	})
	<-entered
	w := httptest.NewRecorder()
	r.ServeHTTP(w, httptest.NewRequest("GET", "/fast", nil))
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") != "1" || !strings.Contains(w.Body.String(), `"code":"busy"`) {
		t.Errorf("past the bound: %d, Retry-After %q, %s; want 503 busy with Retry-After 1", w.Code, w.Header().Get("Retry-After"), w.Body)
	}
	close(release)
	wg.Wait()
	w = httptest.NewRecorder()
	r.ServeHTTP(w, httptest.NewRequest("GET", "/fast", nil))
	if w.Code != 200 {
		t.Errorf("after the slow request ended: %d, want 200", w.Code)
	}
}

// TestBoundStreams checks that streams and requests have bounds of their
// own: a held stream takes no request's slot, a held request no
// stream's, and a stream past its bound gets 503 busy with Retry-After 10.
func TestBoundStreams(t *testing.T) {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	r.Use(Bound(Limits{Requests: 1, Streams: 1, IsStream: func(c *gin.Context) bool { return c.FullPath() == "/stream" }}, nil))
	entered, release := make(chan struct{}, 2), make(chan struct{})
	hold := func(c *gin.Context) {
		entered <- struct{}{}
		<-release
		c.String(200, "held")
	}
	r.GET("/stream", hold)
	r.GET("/slow", hold)
	r.GET("/fast", func(c *gin.Context) { c.String(200, "fast") })
	serve := func(path string) *httptest.ResponseRecorder {
		w := httptest.NewRecorder()
		r.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		return w
	}
	var wg sync.WaitGroup
	wg.Go(func() { serve("/stream") })
	<-entered
	if w := serve("/fast"); w.Code != 200 {
		t.Errorf("a request beside an open stream: %d, want 200", w.Code)
	}
	wg.Go(func() { serve("/slow") })
	<-entered
	w := serve("/stream")
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") != "10" || !strings.Contains(w.Body.String(), `"code":"busy"`) {
		t.Errorf("a stream past its bound: %d, Retry-After %q, %s; want 503 busy with Retry-After 10", w.Code, w.Header().Get("Retry-After"), w.Body)
	}
	if w := serve("/fast"); w.Code != http.StatusServiceUnavailable {
		t.Errorf("a request past its bound: %d, want 503", w.Code)
	}
	close(release)
	wg.Wait()
}
