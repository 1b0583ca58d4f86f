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
// nothing within the clients' timeouts. n <= 0 means no bound. It is
// Bound without streams.
func MaxInFlight(n int, log *slog.Logger) gin.HandlerFunc {
	return Bound(Limits{Requests: n}, log)
}

// Limits are the bounds of Bound.
type Limits struct {
	// Requests bounds the ordinary requests served at once; <= 0: no
	// bound.
	Requests int
	// Streams bounds the open streams (IsStream) apart from Requests;
	// <= 0: no bound.
	Streams int
	// IsStream reports a request that streams its answer for as long as
	// its client keeps it open (the ICPC event feed). Such a request
	// costs a goroutine and a few buffers while it waits, not a share of
	// the database or the CPU, and counted with the others 256 open feeds
	// answered every other request 503. Nil: none is.
	IsStream func(*gin.Context) bool
}

// StreamRetry is the Retry-After of a stream refused at Limits.Streams:
// a stream's slot frees when a client leaves, which takes longer than a
// request's.
const StreamRetry = 10 * time.Second

// Bound bounds the requests served at once by l: past the bound of its
// class, a request is answered at once with 503 busy and Retry-After.
// The route must be known (c.FullPath) when it runs: use it after the
// router matched, as gin's global middleware is.
func Bound(l Limits, log *slog.Logger) gin.HandlerFunc {
	requests, streams := slotsOf(l.Requests), slotsOf(l.Streams)
	return func(c *gin.Context) {
		slots, busy := requests, &judge.RetryError{After: time.Second, Err: judge.Errorf(judge.EBUSY, "the server is busy: try again in a second")}
		if l.IsStream != nil && l.IsStream(c) {
			slots, busy = streams, &judge.RetryError{After: StreamRetry,
				Err: judge.Errorf(judge.EBUSY, "the server has as many open streams as it serves: try again in %d seconds", int(StreamRetry/time.Second))}
		}
		if slots == nil {
			c.Next()
			return
		}
		select {
		case slots <- struct{}{}:
		default:
			WriteError(c, log, busy)
			return
		}
		defer func() { <-slots }()
		c.Next()
	}
}

// slotsOf returns a semaphore of n slots, nil for no bound.
func slotsOf(n int) chan struct{} {
	if n <= 0 {
		return nil
	}
	return make(chan struct{}, n)
}
