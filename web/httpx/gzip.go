package httpx

import (
	"compress/gzip"
	"net/http"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"
)

// Gzip compresses the answers whose type is text (HTML, CSS, JavaScript,
// SVG, JSON) for clients that accept gzip: a page and its stylesheet shrink
// to about a fifth. Partial and empty answers are left alone.
func Gzip() gin.HandlerFunc {
	return func(c *gin.Context) {
		if !strings.Contains(c.GetHeader("Accept-Encoding"), "gzip") || c.Request.Method == http.MethodHead {
			c.Next()
			return
		}
		c.Header("Vary", "Accept-Encoding")
		w := &gzipWriter{ResponseWriter: c.Writer}
		c.Writer = w
		defer w.close()
		c.Next()
	}
}

var gzipPool = sync.Pool{New: func() any { return gzip.NewWriter(nil) }}

// gzipWriter decides at the first Write, when the handler has set the
// Content-Type and the status, and before gin sends the headers.
type gzipWriter struct {
	gin.ResponseWriter
	gz      *gzip.Writer
	decided bool
}

func (w *gzipWriter) decide() {
	if w.decided {
		return
	}
	w.decided = true
	h := w.Header()
	switch w.Status() {
	case http.StatusPartialContent, http.StatusNoContent, http.StatusNotModified:
		return
	}
	if h.Get("Content-Encoding") != "" || !compressible(h.Get("Content-Type")) {
		return
	}
	h.Set("Content-Encoding", "gzip")
	h.Del("Content-Length")
	w.gz = gzipPool.Get().(*gzip.Writer)
	w.gz.Reset(w.ResponseWriter)
}

func (w *gzipWriter) Write(b []byte) (int, error) {
	w.decide()
	if w.gz == nil {
		return w.ResponseWriter.Write(b)
	}
	return w.gz.Write(b)
}

func (w *gzipWriter) WriteString(s string) (int, error) { return w.Write([]byte(s)) }

func (w *gzipWriter) close() {
	if w.gz != nil {
		w.gz.Close()
		gzipPool.Put(w.gz)
		w.gz = nil
	}
}

// compressible reports whether a Content-Type is text worth compressing.
func compressible(ct string) bool {
	ct, _, _ = strings.Cut(ct, ";")
	switch strings.TrimSpace(ct) {
	case "text/html", "text/css", "text/plain", "text/javascript", "application/javascript", "image/svg+xml", "application/json":
		return true
	}
	return false
}
