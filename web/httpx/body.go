package httpx

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// MaxBodyBytes bounds every request body: larger bodies get 413.
const MaxBodyBytes = 1 << 20

// LimitBody caps every request body at n bytes; reading past it fails with
// *http.MaxBytesError, which WriteError answers with 413 (and the pages with
// their own 413 page).
func LimitBody(n int64) gin.HandlerFunc { return LimitBodyExcept(n, nil) }

// LimitBodyExcept is LimitBody with other caps for some routes, keyed by the
// path they are registered with (gin's FullPath), such as a package upload.
func LimitBodyExcept(n int64, routes map[string]int64) gin.HandlerFunc {
	return func(c *gin.Context) {
		n := n
		if m, ok := routes[c.FullPath()]; ok {
			n = m
		}
		if c.Request.ContentLength > n {
			Fail(c, nil, ETOOLARGE, "request body is larger than %d bytes", n)
			return
		}
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, n)
		c.Next()
	}
}
