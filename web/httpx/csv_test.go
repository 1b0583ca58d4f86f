package httpx

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
)

// TestCSVDownloads: the grades and the similarity pairs are handed out as
// named, uncached CSV files, made whole before anything is sent.
func TestCSVDownloads(t *testing.T) {
	gin.SetMode(gin.TestMode)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	tests := []struct {
		name   string
		answer func(*gin.Context)
		file   string
		header string // the first line of the body
	}{
		{"grades", func(c *gin.Context) { GradesCSV(c, log, judge.Gradebook{Assignment: judge.Assignment{ID: 7}}) }, "assignment-7-grades.csv", "username"},
		{"similarity", func(c *gin.Context) { SimilarityCSV(c, log, judge.SimilarityReport{ID: 12}) }, "similarity-12.csv", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := httptest.NewRecorder()
			c, _ := gin.CreateTestContext(w)
			c.Request = httptest.NewRequest(http.MethodGet, "/", nil)
			tc.answer(c)
			if w.Code != http.StatusOK {
				t.Fatalf("status %d, body %q", w.Code, w.Body)
			}
			if got, want := w.Header().Get("Content-Disposition"), `attachment; filename="`+tc.file+`"`; got != want {
				t.Errorf("Content-Disposition = %q, want %q", got, want)
			}
			if got := w.Header().Get("Cache-Control"); got != "no-store" {
				t.Errorf("Cache-Control = %q, want no-store", got)
			}
			if got := w.Header().Get("Content-Type"); got != "text/csv; charset=utf-8" {
				t.Errorf("Content-Type = %q", got)
			}
			if !strings.HasPrefix(w.Body.String(), tc.header) || w.Body.Len() == 0 {
				t.Errorf("body %q, want a CSV starting with %q", w.Body, tc.header)
			}
		})
	}
}
