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
