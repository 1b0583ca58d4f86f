package web

import (
	"net/http"
	"runtime/debug"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// recovery turns a panic in a handler into a logged JSON 500, the last resort
// for a bug: nothing a user sends is supposed to get here.
func (s *Server) recovery() gin.HandlerFunc {
	return func(c *gin.Context) {
		defer func() {
			if r := recover(); r != nil {
				if r == http.ErrAbortHandler {
					panic(r)
				}
				s.Logger.Error("panic in handler", "method", c.Request.Method, "path", c.Request.URL.Path, "panic", r, "stack", string(debug.Stack()))
				if !c.Writer.Written() {
					c.AbortWithStatusJSON(http.StatusInternalServerError,
						httpx.ErrorBody{Error: httpx.ErrorDetail{Code: judge.EINTERNAL, Message: "internal error"}})
				} else {
					c.Abort()
				}
			}
		}()
		c.Next()
	}
}
