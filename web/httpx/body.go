package httpx

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
)

// MaxBodyBytes bounds every request body: larger bodies get 413.
const MaxBodyBytes = 1 << 20

// LimitBodyExcept caps every request body at n bytes, or at routes[path]
// for the routes registered with that path (gin's FullPath), such as a
// package upload; reading past it fails with *http.MaxBytesError, which
// WriteError answers with 413 (and the pages with their own 413 page).
// A body whose Content-Length is already too large is refused at once under
// /api/ only: the pages read every form within the limit and answer their
// own 413 page, where this JSON would show a browser raw text.
func LimitBodyExcept(n int64, routes map[string]int64) gin.HandlerFunc {
	return func(c *gin.Context) {
		n := n
		if m, ok := routes[c.FullPath()]; ok {
			n = m
		}
		if c.Request.ContentLength > n && IsAPIPath(c.Request.URL.Path) {
			Fail(c, nil, ETOOLARGE, "request body is larger than %d bytes", n)
			return
		}
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, n)
		c.Next()
	}
}

// IsAPIPath reports whether path is the JSON API's (under /api/), whose
// errors are JSON; any other path is a browser's, whose errors are pages.
func IsAPIPath(path string) bool {
	return path == "/api" || strings.HasPrefix(path, "/api/")
}
