package pages

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/gin-gonic/gin"

	"puzzlejudge/internal/testkit/coursetest"
	"puzzlejudge/internal/testutil"
)

// BenchmarkCoursePages serves the progress page and the grades CSV of issue
// 13's course (300 students x 6 problems x 20 submissions each) through the
// router, as an instructor's browser asks for them; the goal is under 200 ms
// each on SQLite. Figures: docs/PERFORMANCE.md, "Grades and progress".
func BenchmarkCoursePages(b *testing.B) {
	ctx := context.Background()
	svc, a, prof := coursetest.New(b, coursetest.Issue13)
	token, err := svc.IssueToken(ctx, prof.ID, "bench")
	if err != nil {
		b.Fatal(err)
	}
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	New(svc, nil, Options{}).Register(r)
	base := "/assignments/" + strconv.FormatInt(a.ID, 10)
	for _, path := range []string{base + "/progress", base + "/grades.csv"} {
		b.Run(filepath.Base(path), func(b *testing.B) {
			cpu := testutil.CPUTime()
			for b.Loop() {
				req := httptest.NewRequest("GET", path, nil)
				req.AddCookie(&http.Cookie{Name: sessionCookie, Value: token})
				rec := httptest.NewRecorder()
				r.ServeHTTP(rec, req)
				if rec.Code != 200 || rec.Body.Len() < 10000 {
					b.Fatalf("GET %s = %d, %d bytes", path, rec.Code, rec.Body.Len())
				}
			}
			b.ReportMetric(float64((testutil.CPUTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}
