package httpx

import (
	"errors"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
)

// statusOf is the one table from the judge's error codes to HTTP statuses.
// Codes the web layer makes itself (too_large, rate_limited, bad_request)
// are in it too, so that every error answer goes through WriteError.
var statusOf = map[string]int{
	judge.EINVALID:          http.StatusBadRequest,
	judge.EUNAUTHORIZED:     http.StatusUnauthorized,
	judge.EFORBIDDEN:        http.StatusForbidden,
	judge.ENOTFOUND:         http.StatusNotFound,
	judge.ECONFLICT:         http.StatusConflict,
	judge.ESTALEINPUT:       http.StatusConflict,
	ETOOLARGE:               http.StatusRequestEntityTooLarge,
	ERATELIMITED:            http.StatusTooManyRequests,
	judge.EBUSY:             http.StatusServiceUnavailable,
	judge.EHIDDENBOARD:      http.StatusForbidden,
	judge.EREGISTRATIONCODE: http.StatusForbidden,
	judge.EUNAVAILABLE:      http.StatusServiceUnavailable,
	judge.EINTERNAL:         http.StatusInternalServerError,
}

// Error codes that only the HTTP layer produces.
const (
	ETOOLARGE    = judge.ETOOLARGE
	ERATELIMITED = judge.ERATELIMITED
)

// StatusOf returns the HTTP status for err (500 for anything that is not a
// *judge.Error with a known code). Pages use it as well as the API.
func StatusOf(err error) int {
	if st, ok := statusOf[judge.ErrorCode(err)]; ok {
		return st
	}
	return http.StatusInternalServerError
}

// ErrorBody is the JSON shape of every error answer.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail is the code and message of an error answer.
type ErrorDetail struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// WriteError answers err as JSON with its status and aborts the chain. Only
// internal errors are logged (to log, which may be nil): they are the
// server's fault, and their text (SQL, stack) is replaced by a neutral message.
func WriteError(c *gin.Context, log *slog.Logger, err error) {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		err = judge.Errorf(ETOOLARGE, "request body is larger than %d bytes", mbe.Limit)
	}
	code := judge.ErrorCode(err)
	status := StatusOf(err)
	msg := judge.ErrorMessage(err)
	SetRetryAfterOf(c, err)
	if status == http.StatusInternalServerError {
		if log != nil {
			log.Error("internal error", "method", c.Request.Method, "path", c.Request.URL.Path, "err", err)
		}
		code, msg = judge.EINTERNAL, "internal error"
	}
	c.AbortWithStatusJSON(status, ErrorBody{Error: ErrorDetail{Code: code, Message: msg}})
}

// RetrySeconds is wait in whole seconds, rounded up and at least 1: the
// Retry-After of an answer and the "try again in" of its message.
func RetrySeconds(wait time.Duration) int {
	return max(1, int((wait+time.Second-1)/time.Second))
}

// SetRetryAfter sets the Retry-After header for wait and returns the
// seconds it says, for a message that names them.
func SetRetryAfter(c *gin.Context, wait time.Duration) int {
	secs := RetrySeconds(wait)
	c.Header("Retry-After", strconv.Itoa(secs))
	return secs
}

// SetRetryAfterOf sets the Retry-After that the answer of err needs: an
// error that knows when to come back says so (a busy solver pool, a
// limiter); any other 503 (a full storage) is worth a try a minute later.
func SetRetryAfterOf(c *gin.Context, err error) {
	var retry *judge.RetryError
	switch {
	case errors.As(err, &retry):
		SetRetryAfter(c, retry.After)
	case StatusOf(err) == http.StatusServiceUnavailable:
		c.Header("Retry-After", "60")
	}
}

// RateLimited is the error of a limiter that refuses for wait: the code
// rate_limited, WriteError's Retry-After, and a message whose last verb is
// filled with the seconds to wait (as the header says them).
func RateLimited(wait time.Duration, format string, args ...any) error {
	args = append(args, RetrySeconds(wait))
	return &judge.RetryError{After: wait, Err: judge.Errorf(ERATELIMITED, format, args...)}
}

// Fail answers a new error with code and message.
func Fail(c *gin.Context, log *slog.Logger, code, format string, args ...any) {
	WriteError(c, log, judge.Errorf(code, format, args...))
}

// Recovery turns a panic in a handler into a logged JSON 500, the last resort
// for a bug: nothing a user sends is supposed to get here.
func Recovery(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		defer func() {
			if r := recover(); r != nil {
				if r == http.ErrAbortHandler {
					panic(r)
				}
				log.Error("panic in handler", "method", c.Request.Method, "path", c.Request.URL.Path, "panic", r, "stack", string(debug.Stack()))
				if !c.Writer.Written() {
					c.AbortWithStatusJSON(http.StatusInternalServerError,
						ErrorBody{Error: ErrorDetail{Code: judge.EINTERNAL, Message: "internal error"}})
				} else {
					c.Abort()
				}
			}
		}()
		c.Next()
	}
}
