package pages

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/gin-gonic/gin"

	"puzzlejudge/internal/testkit/contesttest"
	"puzzlejudge/judge"
)

// BenchmarkScoreboardPoll is what one open board page costs the server on
// issue 25's contest (500 contestants, 10 problems, 20,000 submissions):
// its poll of the table, ?fragment=1, by an anonymous reader of a public
// board, with gzip as a browser asks for it:
//
//	changed:   the board changed since the page's ETag (the table, drawn
//	           once per change and view, compressed for each reader)
//	unchanged: the ETag is current: 304
func BenchmarkScoreboardPoll(b *testing.B) {
	gin.SetMode(gin.ReleaseMode)
	c := contesttest.New(b, contesttest.Issue25)
	public := true
	if _, err := c.Svc.UpdateContest(context.Background(), c.Jury, c.Contest.ID, judge.ContestPatch{Public: &public}); err != nil {
		b.Fatal(err)
	}
	engine := gin.New()
	New(c.Svc, nil, Options{}).Register(engine)
	path := "/contests/" + strconv.FormatInt(c.Contest.ID, 10) + "/scoreboard?fragment=1"
	first := httptest.NewRecorder()
	req := httptest.NewRequest("GET", path, nil)
	req.Header.Set("Accept-Encoding", "gzip")
	engine.ServeHTTP(first, req)
	if first.Code != http.StatusOK {
		b.Fatalf("GET %s = %d", path, first.Code)
	}
	b.Logf("the table is %d bytes gzipped", first.Body.Len())
	for _, tc := range []struct {
		name, etag string
		want       int
	}{{"changed", `"0p"`, http.StatusOK}, {"unchanged", first.Header().Get("ETag"), http.StatusNotModified}} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				req := httptest.NewRequest("GET", path, nil)
				req.Header.Set("Accept-Encoding", "gzip")
				req.Header.Set("If-None-Match", tc.etag)
				w := httptest.NewRecorder()
				engine.ServeHTTP(w, req)
				if w.Code != tc.want {
					b.Fatalf("GET = %d, want %d", w.Code, tc.want)
				}
			}
		})
	}
}
