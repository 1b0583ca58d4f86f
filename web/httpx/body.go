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
func LimitBody(n int64) gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.Request.ContentLength > n {
			Fail(c, nil, ETOOLARGE, "request body is larger than %d bytes", n)
			return
		}
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, n)
		c.Next()
	}
}
