package httpx

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

// WriteIdle is how long one write of an answer may wait for the client to
// take it. The server's WriteTimeout (the solve budget and more) is far too
// long for a client that sends a request and never reads: 256 such sockets
// held every slot of MaxInFlight, and the answers buffered for them, for
// minutes (issue 24).
const WriteIdle = 10 * time.Second

// SlowReaders gives every write of an answer its own deadline, idle after
// the write starts: a client that takes the bytes, however slowly, keeps
// its connection; one that stops reading for idle has it closed, so that
// the request's slot and its buffers are freed. The time spent before the
// first write (a solve) is not counted. idle <= 0 means no deadline.
func SlowReaders(idle time.Duration) gin.HandlerFunc {
	if idle <= 0 {
		return func(c *gin.Context) { c.Next() }
	}
	return func(c *gin.Context) {
		c.Writer = &deadlineWriter{ResponseWriter: c.Writer, rc: http.NewResponseController(c.Writer), idle: idle}
		c.Next()
	}
}

// deadlineWriter sets the connection's write deadline before each write.
type deadlineWriter struct {
	gin.ResponseWriter
	rc   *http.ResponseController
	idle time.Duration
}

func (w *deadlineWriter) arm() {
	// A writer without deadlines (a test recorder, HTTP/2 before Go
	// supports it) is served without one.
	_ = w.rc.SetWriteDeadline(time.Now().Add(w.idle))
}

func (w *deadlineWriter) Write(b []byte) (int, error) {
	w.arm()
	return w.ResponseWriter.Write(b)
}

func (w *deadlineWriter) WriteString(s string) (int, error) {
	w.arm()
	return w.ResponseWriter.WriteString(s)
}

func (w *deadlineWriter) Flush() {
	w.arm()
	w.ResponseWriter.Flush()
}

// Unwrap lets http.ResponseController reach the connection beneath.
func (w *deadlineWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
