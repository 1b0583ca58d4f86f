package httpx

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
)

// TestRetryAfter checks the Retry-After of the answers that may be tried
// again: the RetryError's own time for a busy solver pool or a user's
// running solve, a minute for another 503.
func TestRetryAfter(t *testing.T) {
	for _, tc := range []struct {
		err    error
		status int
		after  string
	}{
		{&judge.RetryError{After: 3 * time.Second, Err: judge.Errorf(judge.EBUSY, "busy")}, 503, "3"},
		{&judge.RetryError{After: 1500 * time.Millisecond, Err: judge.Errorf(judge.ERATELIMITED, "wait")}, 429, "2"},
		{RateLimited(2*time.Second, "too many: try again in %d s"), 429, "2"},
		{RateLimited(0, "too many: try again in %d s"), 429, "1"},
		{judge.Errorf(judge.EUNAVAILABLE, "full"), 503, "60"},
		{judge.Errorf(judge.EHIDDENBOARD, "hidden"), 403, ""},
		{judge.Errorf(judge.EREGISTRATIONCODE, "code"), 403, ""},
	} {
		rec := httptest.NewRecorder()
		c, _ := gin.CreateTestContext(rec)
		c.Request = httptest.NewRequest("POST", "/api/v1/check", nil)
		WriteError(c, nil, tc.err)
		if rec.Code != tc.status || rec.Header().Get("Retry-After") != tc.after {
			t.Errorf("WriteError(%v) = %d, Retry-After %q; want %d, %q", tc.err, rec.Code, rec.Header().Get("Retry-After"), tc.status, tc.after)
		}
		// A limiter's message names the seconds the header gives.
		if strings.Contains(judge.ErrorMessage(tc.err), "try again") && !strings.Contains(rec.Body.String(), "in "+tc.after+" s") {
			t.Errorf("WriteError(%v) body %s, want it to say %s s", tc.err, rec.Body, tc.after)
		}
	}
}
