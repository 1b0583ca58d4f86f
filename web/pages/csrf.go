package pages

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"

	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/web/httpx"
)

// Every page form carries a CSRF token in the hidden field csrfField, and
// every page POST is refused unless it matches. The token is an HMAC, keyed
// with the server's secret, of the session: for a logged-in browser its
// session token (so a form token is worth nothing in another session, and
// a token obtained for a cookie value an attacker planted on the browser
// does not pass once the victim is logged in), and before login a random
// value the browser keeps in an HttpOnly cookie (a signed double-submit
// cookie). Another site can make the browser send the cookies but can
// neither read them nor compute the HMAC, so it cannot fill in the field.
// Login and registration forms are covered too, which stops a site from
// logging a visitor into an account of its own.
const (
	csrfCookie = "pj_csrf"
	csrfField  = "csrf"
	csrfMaxAge = 365 * 24 * time.Hour
	csrfKey    = "puzzlejudge.csrf" // gin context key of the request's token
)

// csrfToken returns the form token bound to a session binding (see csrfBinding).
func (p *Pages) csrfToken(binding string) string {
	m := hmac.New(sha256.New, p.secret)
	m.Write([]byte(binding))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// csrfBinding returns what the request's form token is bound to: the
// session of a logged-in viewer, else the browser's CSRF cookie value
// (cookie, "" when it has none); "" when there is neither.
func csrfBinding(c *gin.Context, cookie string) string {
	if !httpx.Viewer(c).Anonymous() {
		if ck, err := c.Request.Cookie(sessionCookie); err == nil && ck.Value != "" {
			return "session\x00" + ck.Value
		}
	}
	if cookie == "" {
		return ""
	}
	return "browser\x00" + cookie
}

// csrf makes sure the browser has a CSRF cookie and records the matching
// form token for the templates; on POST it refuses (403) a request whose
// form field does not match the cookie.
func (p *Pages) csrf() gin.HandlerFunc {
	return func(c *gin.Context) {
		ck, err := c.Request.Cookie(csrfCookie)
		value := ""
		if err == nil && len(ck.Value) >= 16 && len(ck.Value) <= 128 {
			value = ck.Value
		}
		if c.Request.Method == "POST" {
			if err := parseForm(c.Request); err != nil {
				var tooLarge *http.MaxBytesError
				if errors.As(err, &tooLarge) {
					p.errorPage(c, http.StatusRequestEntityTooLarge, p.tr(c, "error_form_too_large", "Limit", tooLarge.Limit))
					return
				}
				p.errorPage(c, http.StatusBadRequest, p.tr(c, "error_form_unreadable"))
				return
			}
			if !p.tokenMatches(c, value) {
				p.forbiddenForm(c)
				return
			}
		}
		if value == "" {
			value = rand.Text()
			p.setCookie(c, csrfCookie, value, csrfMaxAge)
		}
		c.Set(csrfKey, p.csrfToken(csrfBinding(c, value)))
		c.Next()
	}
}

// tokenMatches reports whether the posted form token is the one of the
// browser's CSRF cookie value (or of its session).
func (p *Pages) tokenMatches(c *gin.Context, cookie string) bool {
	sent, bound := c.PostForm(csrfField), csrfBinding(c, cookie)
	return bound != "" && sent != "" && hmac.Equal([]byte(sent), []byte(p.csrfToken(bound)))
}

// csrfCookieValue is the browser's CSRF cookie value, "" when it has none
// that is well formed.
func csrfCookieValue(c *gin.Context) string {
	ck, err := c.Request.Cookie(csrfCookie)
	if err == nil && len(ck.Value) >= 16 && len(ck.Value) <= 128 {
		return ck.Value
	}
	return ""
}

// parseForm reads a URL-encoded or multipart body, within the router's body
// limit, so that the handlers' PostForm and FormFile find it parsed.
func parseForm(r *http.Request) error {
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		return r.ParseMultipartForm(httpx.MaxBodyBytes)
	}
	return r.ParseForm()
}

// forbiddenForm answers a POST whose CSRF token is missing or wrong.
func (p *Pages) forbiddenForm(c *gin.Context) {
	p.errorPage(c, 403, p.tr(c, "error_form_expired"))
}
