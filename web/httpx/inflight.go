package httpx

import (
	"log/slog"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
)

// MaxInFlight bounds the requests served at once: past n, a request is
// answered at once with 503 busy and Retry-After: 1 instead of waiting. An
// open-loop load beyond the server's capacity (the 30-minute soak at 500
// submissions/s on a 2-core machine that other jobs kept at a load of 20)
// otherwise piles up requests waiting for the database, each with its
// connection's buffers, until the process held over a gigabyte and answered
// nothing within the clients' timeouts. n <= 0 means no bound.
func MaxInFlight(n int, log *slog.Logger) gin.HandlerFunc {
	if n <= 0 {
		return func(c *gin.Context) { c.Next() }
	}
	slots := make(chan struct{}, n)
	return func(c *gin.Context) {
		select {
		case slots <- struct{}{}:
		default:
			WriteError(c, log, &judge.RetryError{After: time.Second, Err: judge.Errorf(judge.EBUSY, "the server is busy: try again in a second")})
			return
		}
		defer func() { <-slots }()
		c.Next()
	}
}
