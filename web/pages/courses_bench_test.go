package pages

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/internal/coursetest"
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
			cpu := cpuTime()
			for b.Loop() {
				req := httptest.NewRequest("GET", path, nil)
				req.AddCookie(&http.Cookie{Name: sessionCookie, Value: token})
				rec := httptest.NewRecorder()
				r.ServeHTTP(rec, req)
				if rec.Code != 200 || rec.Body.Len() < 10000 {
					b.Fatalf("GET %s = %d, %d bytes", path, rec.Code, rec.Body.Len())
				}
			}
			b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// cpuTime returns the user and system CPU time of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
