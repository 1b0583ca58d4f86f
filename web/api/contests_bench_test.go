package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/internal/testkit/contesttest"
	"puzzlejudge/judge"
)

// BenchmarkScoreboardRequest is GET /api/v1/contests/{id}/scoreboard of
// issue 25's contest (500 contestants, 10 problems, 20,000 submissions)
// through the real engine, by an anonymous reader of a public board:
//
//	full: the whole board as JSON (a first read, or one after a change)
//	poll: the same request with the ETag of the last answer: 304, what a
//	      page that polls its board costs each second while nothing changes
//
// p99-ms is the 99th percentile of the requests' times.
func BenchmarkScoreboardRequest(b *testing.B) {
	gin.SetMode(gin.ReleaseMode)
	c := contesttest.New(b, contesttest.Issue25)
	public := true
	if _, err := c.Svc.UpdateContest(context.Background(), c.Jury, c.Contest.ID, judge.ContestPatch{Public: &public}); err != nil {
		b.Fatal(err)
	}
	engine := gin.New()
	New(c.Svc, nil, Options{}).Register(engine)
	path := "/api/v1/contests/" + itoa64(c.Contest.ID) + "/scoreboard"
	first := httptest.NewRecorder()
	engine.ServeHTTP(first, httptest.NewRequest("GET", path, nil))
	if first.Code != http.StatusOK {
		b.Fatalf("GET %s = %d: %s", path, first.Code, first.Body)
	}
	etag := first.Header().Get("ETag")
	b.Logf("a full board is %d bytes", first.Body.Len())
	for _, tc := range []struct {
		name string
		etag string
		want int
	}{{"full", "", http.StatusOK}, {"poll", etag, http.StatusNotModified}} {
		b.Run(tc.name, func(b *testing.B) {
			var times []time.Duration
			for b.Loop() {
				req := httptest.NewRequest("GET", path, nil)
				if tc.etag != "" {
					req.Header.Set("If-None-Match", tc.etag)
				}
				w := httptest.NewRecorder()
				t0 := time.Now()
				engine.ServeHTTP(w, req)
				times = append(times, time.Since(t0))
				if w.Code != tc.want {
					b.Fatalf("GET = %d, want %d", w.Code, tc.want)
				}
			}
			slices.Sort(times)
			b.ReportMetric(float64(times[len(times)*99/100])/1e6, "p99-ms")
		})
	}
}
