package api

import (
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// bearerToken extracts the token of an "Authorization: Bearer <token>" header.
// ok is false when there is no Authorization header at all; a header in
// another scheme yields ok true and an empty token, which is rejected.
func bearerToken(header string) (token string, ok bool) {
	if header == "" {
		return "", false
	}
	scheme, rest, found := strings.Cut(strings.TrimSpace(header), " ")
	if !found || !strings.EqualFold(scheme, "Bearer") {
		return "", true
	}
	return strings.TrimSpace(rest), true
}

// authenticate identifies the caller from a Bearer token when one is sent.
// A request without one goes on anonymously (some routes are public); a
// request with a bad one is refused at once, so a script with an expired
// token learns it instead of silently seeing the public view.
func (s *API) authenticate() gin.HandlerFunc {
	return func(c *gin.Context) {
		token, ok := bearerToken(c.GetHeader("Authorization"))
		if !ok {
			c.Next()
			return
		}
		if token == "" {
			s.fail(c, judge.EUNAUTHORIZED, "the Authorization header must be \"Bearer <token>\"")
			return
		}
		u, err := s.Service.UserByToken(c.Request.Context(), token)
		if err != nil {
			s.writeError(c, err)
			return
		}
		httpx.SetUser(c, u)
		c.Next()
	}
}

// requireUser refuses anonymous requests with 401.
func (s *API) requireUser() gin.HandlerFunc {
	return func(c *gin.Context) {
		if _, ok := httpx.CurrentUser(c); !ok {
			s.fail(c, judge.EUNAUTHORIZED, "this needs a token: POST /api/v1/tokens, then send \"Authorization: Bearer <token>\"")
			return
		}
		c.Next()
	}
}

// allow refuses anonymous requests with 401 and, with 403, a user whom the
// rule (one of judge's Can functions, all of them instructors' rights here)
// refuses. It is only a first gate, so that a student learns at once what
// the route is for; the service decides each rule again on its own.
func (s *API) allow(may func(judge.User) bool) gin.HandlerFunc {
	return func(c *gin.Context) {
		u, ok := httpx.CurrentUser(c)
		if !ok {
			s.fail(c, judge.EUNAUTHORIZED, "this needs a token: POST /api/v1/tokens, then send \"Authorization: Bearer <token>\"")
			return
		}
		if !may(u) {
			s.fail(c, judge.EFORBIDDEN, "only an instructor may do this")
			return
		}
		c.Next()
	}
}

// rateLimit refuses with 429 a user who submits faster than Options.Limiter.
func (s *API) rateLimit() gin.HandlerFunc { return s.userLimit(s.Options.Limiter, "submissions") }

// userLimit refuses with 429 a user past l's budget of what (nil: no
// limit). It runs after requireUser, so the bucket is the user's, not the
// address's.
func (s *API) userLimit(l *httpx.RateLimiter, what string) gin.HandlerFunc {
	return func(c *gin.Context) {
		u, _ := httpx.CurrentUser(c)
		if ok, wait := l.Allow(u.ID, time.Now()); !ok {
			s.writeError(c, httpx.RateLimited(wait, "too many "+what+": at most %d per minute, try again in %d s", l.PerMinute()))
			return
		}
		c.Next()
	}
}
