package pages

import (
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// A page session is an API token in a cookie. Logging in through the form
// asks the service for a token (Service.IssueToken) exactly as POST
// /api/v1/tokens does, and every page request turns it back into a user with
// Service.UserByToken: pages and scripts share one way of authenticating,
// and the cookie never holds anything the database does not already vouch for.
const (
	sessionCookie = "pj_session"
	sessionMaxAge = 30 * 24 * time.Hour
)

// secureRequest reports whether the browser reached us over HTTPS, directly
// or through a proxy that says so. Cookies are marked Secure then, or always
// when Options.SecureCookies is set. They are not marked Secure on plain HTTP
// by default because a browser (Safari, or any browser on an address other
// than localhost) drops a Secure cookie set over http://, and a newcomer
// running the server locally could then never stay logged in.
func (p *Pages) secureRequest(r *http.Request) bool {
	return p.SecureCookies || r.TLS != nil || strings.EqualFold(r.Header.Get("X-Forwarded-Proto"), "https")
}

// setCookie writes an HttpOnly, SameSite=Lax cookie for the whole site;
// maxAge < 0 deletes it.
func (p *Pages) setCookie(c *gin.Context, name, value string, maxAge time.Duration) {
	ck := &http.Cookie{
		Name:     name,
		Value:    value,
		Path:     "/",
		HttpOnly: true,
		Secure:   p.secureRequest(c.Request),
		SameSite: http.SameSiteLaxMode,
	}
	if maxAge < 0 {
		ck.MaxAge = -1
		ck.Expires = time.Unix(1, 0)
	} else {
		ck.MaxAge = int(maxAge / time.Second)
	}
	http.SetCookie(c.Writer, ck)
}

// startSession gives the browser a session for the user who owns token.
func (p *Pages) startSession(c *gin.Context, token string) {
	ttl := p.SessionTTL
	if ttl <= 0 {
		ttl = sessionMaxAge
	}
	p.setCookie(c, sessionCookie, token, ttl)
}

// endSession makes the browser forget its session.
func (p *Pages) endSession(c *gin.Context) {
	p.setCookie(c, sessionCookie, "", -1)
}

// session identifies the user of a page request from its session cookie and
// records it with httpx.SetUser, so that httpx.CurrentUser works in page handlers as in
// the API. A cookie whose token the service no longer knows (database reset,
// token revoked) is deleted and the request goes on anonymously.
func (p *Pages) session() gin.HandlerFunc {
	return func(c *gin.Context) {
		ck, err := c.Request.Cookie(sessionCookie)
		if err != nil || ck.Value == "" {
			c.Next()
			return
		}
		u, err := p.Service.UserByToken(c.Request.Context(), ck.Value)
		if err != nil {
			// Only a token the service rejects ends the session; a database
			// hiccup should not log everybody out.
			if judge.ErrorCode(err) == judge.EUNAUTHORIZED {
				p.endSession(c)
			} else {
				p.logger().Warn("session lookup failed", "err", err)
			}
			c.Next()
			return
		}
		httpx.SetUser(c, u)
		c.Next()
	}
}
