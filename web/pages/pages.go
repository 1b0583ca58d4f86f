// Package pages serves the judge to browsers: server-rendered pages built
// from embedded templates, boards drawn as inline SVG by one drawer per
// puzzle, sessions held in a cookie and forms guarded against CSRF. Its
// handlers translate forms to calls of the judge's service and back; what a
// user may do is decided by the service.
package pages

import (
	"bytes"
	"context"
	"crypto/rand"
	"embed"
	"html/template"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/internal/cache"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

// Options are the settings of the pages and the limiters they share with
// the API.
type Options struct {
	// SecureCookies marks the session and CSRF cookies Secure even on plain
	// HTTP (they always are on HTTPS); see secureRequest.
	SecureCookies bool
	// Secret keys the CSRF tokens; a random one is drawn when it is empty,
	// which only means that forms left open across a restart must be
	// reloaded before they are sent.
	Secret []byte
	// Limiter, when set, is asked before each submission; the API's
	// limiter, so that a user has one budget whichever face they use.
	Limiter *httpx.RateLimiter
	// Runs, when set, is asked before each run of the problem page's run
	// form; the API's POST /problems/{slug}/run shares it.
	Runs *httpx.RateLimiter
	// Logins limits password guessing on the login form; nil: no limit.
	Logins *httpx.LoginLimiter
	// Registrations bounds the accounts registered per client address,
	// shared with the API; nil: no limit.
	Registrations *httpx.AddrLimiter
	// Replays bounds the moves the play page sends (GET /play/move) per
	// client address, shared with the API's public replay; nil: no limit.
	Replays *httpx.RateLimiter
	// SessionTTL is the life of the session cookie, the tokens' TTL;
	// 0 means 30 days.
	SessionTTL time.Duration
	// DefaultLanguage is the pages' language when neither the user nor
	// the browser chooses one of judge.PageLanguages; "" is English.
	DefaultLanguage string
	// TimeZone is the zone of the times on the pages for users who chose
	// none (the course's); nil is UTC.
	TimeZone *time.Location
}

// Pages serves the HTML side of the judge: server-rendered pages for
// students and instructors, built from the embedded templates/ and static/.
// Build it with New and add its routes to a router with Register.
type Pages struct {
	Service *service.Service
	Logger  *slog.Logger
	Options

	once   sync.Once
	secret []byte
	zone   *time.Location
	md     *markdown
	// pages and pictures cache what the problem page draws (page_cache.go).
	pages    cache.Versioned[cachedPage]
	pictures pictureCache
	// sources keeps the highlighted sources of the programs last shown:
	// a judging program's page reloads every second, and a source never
	// changes once submitted.
	sources *cache.FIFO[int64, template.HTML]
	// boards keeps the last scoreboard tables drawn, by contest and ETag
	// (contests.go).
	boards cache.Memo[string, drawnBoard]
}

// New returns the pages over svc.
func New(svc *service.Service, logger *slog.Logger, opts Options) *Pages {
	p := &Pages{Service: svc, Logger: logger, Options: opts}
	p.init()
	return p
}

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// NotFound is the handler chain of a path no route knows: the 404 page,
// drawn for the logged-in user like any other page. The form token is
// only read, not checked: whatever was posted there, the answer is 404.
func (p *Pages) NotFound() []gin.HandlerFunc {
	return p.fallback(http.StatusNotFound, func(c *gin.Context) string {
		return p.tr(c, "error_no_page", "Path", c.Request.URL.Path)
	})
}

// MethodNotAllowed is NotFound for a page path that exists but not for the
// request's method (a POST to a problem's page): a 405 page, not the API's
// JSON, since it is a browser's request.
func (p *Pages) MethodNotAllowed() []gin.HandlerFunc {
	return p.fallback(http.StatusMethodNotAllowed, func(c *gin.Context) string {
		return p.tr(c, "error_method", "Path", c.Request.URL.Path, "Method", c.Request.Method)
	})
}

// fallback is the chain of an error page that no route drew: the pages'
// headers and session, so that it is drawn for the logged-in user, then the
// page with status and message.
func (p *Pages) fallback(status int, message func(*gin.Context) string) []gin.HandlerFunc {
	p.init()
	csrf := p.csrf()
	return []gin.HandlerFunc{p.headers(), p.session(), p.localize(), func(c *gin.Context) {
		if c.Request.Method == http.MethodHead {
			c.Writer = noBodyWriter{c.Writer}
		}
		if c.Request.Method == http.MethodGet || c.Request.Method == http.MethodHead {
			csrf(c)
			return
		}
		c.Next()
	}, func(c *gin.Context) {
		p.errorPage(c, status, message(c))
	}}
}

func (p *Pages) init() {
	p.once.Do(func() {
		p.secret = p.Secret
		if len(p.secret) == 0 {
			p.secret = []byte(rand.Text() + rand.Text())
		}
		p.md = newMarkdown()
		p.zone = p.TimeZone
		if p.zone == nil {
			p.zone = time.UTC
		}
		if !judge.ValidPageLanguage(p.DefaultLanguage) || p.DefaultLanguage == "" {
			p.DefaultLanguage = judge.PageLanguages[0]
		}
		p.sources = cache.NewFIFO[int64, template.HTML](sourceCacheSize)
	})
}

func (p *Pages) logger() *slog.Logger {
	if p.Logger == nil {
		return slog.New(slog.DiscardHandler)
	}
	return p.Logger
}

// headers sets the security headers of every page: no framing, no sniffing,
// and a Content-Security-Policy that allows only this site's own styles and
// scripts, so that even a statement that slipped past the sanitiser could
// not load or run anything.
func (p *Pages) headers() gin.HandlerFunc {
	return func(c *gin.Context) {
		h := c.Writer.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Set("Cache-Control", "no-store")
		c.Next()
	}
}

// staticFiles serves the embedded static/ folder with a short cache lifetime.
func staticFiles(fsys http.FileSystem) gin.HandlerFunc {
	files := http.FileServer(fsys)
	return func(c *gin.Context) {
		c.Header("Cache-Control", "public, max-age=3600")
		c.Header("X-Content-Type-Options", "nosniff")
		name := c.Param("filepath")
		if strings.HasSuffix(name, "/") {
			// No directory listings.
			c.Status(http.StatusNotFound)
			return
		}
		req := c.Request.Clone(c.Request.Context())
		req.URL.Path = name
		files.ServeHTTP(c.Writer, req)
	}
}

// view is what every template receives: the page's own data in Data, and
// what the layout needs (the user for the menu, the CSRF token for forms).
type view struct {
	*locale
	// Path is the page's own address, where the language switch returns.
	Path    string
	Title   string
	User    *judge.User
	CSRF    string
	Refresh int // seconds before the page reloads itself; 0 for never
	Flash   string
	// RegistrationOpen shows the Register links.
	RegistrationOpen bool
	Data             any
}

// render executes the page template name into a buffer first, so that a
// template error gives a clean 500 instead of half a page.
func (p *Pages) render(c *gin.Context, status int, name, title string, data any) {
	l := p.localeOf(c)
	v := view{locale: l, Path: c.Request.URL.RequestURI(), Title: title, Data: data, Flash: p.takeFlash(c), RegistrationOpen: p.Service.RegistrationOpen()}
	if u, ok := httpx.CurrentUser(c); ok {
		v.User = &u
	}
	v.CSRF = c.GetString(csrfKey)
	if r, ok := data.(interface{ refresh() int }); ok {
		v.Refresh = r.refresh()
	}
	var buf bytes.Buffer
	if err := pageTemplates[l.Lang].execute(&buf, name, v); err != nil {
		p.logger().Error("page template failed", "page", name, "err", err)
		c.Data(http.StatusInternalServerError, "text/plain; charset=utf-8", []byte("internal error: the page could not be drawn\n"))
		c.Abort()
		return
	}
	c.Data(status, "text/html; charset=utf-8", buf.Bytes())
}

// errorPage answers with the error template and status.
func (p *Pages) errorPage(c *gin.Context, status int, message string) {
	title := http.StatusText(status)
	if s, ok := p.localeOf(c).lookup("http_" + strconv.Itoa(status)); ok {
		title = s
	}
	p.render(c, status, "error", title, errorView{Status: status, Message: message})
	c.Abort()
}

type errorView struct {
	Status  int
	Message string
}

// fail answers err as a page: its status from the one table the API uses
// too (httpx.StatusOf), its message when it is the user's business, a
// neutral one when it is the server's.
func (p *Pages) fail(c *gin.Context, err error) {
	status := httpx.StatusOf(err)
	msg := p.errorText(c, err)
	if status == http.StatusInternalServerError {
		p.logger().Error("internal error", "method", c.Request.Method, "path", c.Request.URL.Path, "err", err)
		msg = p.tr(c, "error_internal")
	}
	p.errorPage(c, status, msg)
}

// finishForm ends the POST of a create or edit form: after err, the page
// shows the form again with its error (show, at the status formError
// chooses; other errors get their own page); without one, the browser goes
// to path with the flash message.
func (p *Pages) finishForm(c *gin.Context, err error, formError *string, show func(status int), path, flash string) {
	if err != nil {
		if st, ok := p.formError(c, err); ok {
			*formError = p.errorText(c, err)
			show(st)
		}
		return
	}
	p.redirect(c, path, flash)
}

// finishAction ends the POST of a button that changes something without a
// form to show again (delete, archive, cancel, rejudge): err's page, or the
// browser sent to path with the flash message.
func (p *Pages) finishAction(c *gin.Context, err error, path, flash string) {
	if err != nil {
		p.fail(c, err)
		return
	}
	p.redirect(c, path, flash)
}

// formError is the one rule of the pages' forms: it reports whether err is
// the user's to fix on the form they sent, and the status with which the
// form is then shown again with the service's message: a refusal of what
// was typed or asked (400, 403, 409, 413, 429). What no form can fix (a
// page that is not there, 404; a session that ended, 401; the server's own
// failure, 5xx) fails the page instead, and formError reports false.
func (p *Pages) formError(c *gin.Context, err error) (int, bool) {
	status := httpx.StatusOf(err)
	if status == http.StatusNotFound || status == http.StatusUnauthorized || status >= http.StatusInternalServerError {
		p.fail(c, err)
		return 0, false
	}
	return status, true
}

// needUser returns the logged-in user, or sends the browser to the login
// page (coming back here afterwards) and returns false.
func (p *Pages) needUser(c *gin.Context) (judge.User, bool) {
	u, ok := httpx.CurrentUser(c)
	if !ok {
		next := c.Request.URL.RequestURI()
		if c.Request.Method != http.MethodGet {
			// After logging in, go back to the page of the form, not to
			// the POST route.
			next = "/"
			if ref, err := url.Parse(c.Request.Referer()); err == nil && ref.Host == c.Request.Host {
				next = ref.RequestURI()
			}
		}
		c.Redirect(http.StatusSeeOther, "/login?next="+url.QueryEscape(safeNext(next)))
		c.Abort()
	}
	return u, ok
}

// needTo returns the gate of the pages of one of judge's Can rules (all of
// them instructors' rights here): it returns the logged-in user the rule
// allows; anyone else is sent to log in or refused with 403. It is the
// first gate of the instructors' pages, so that a student gets a page that
// says so; the service decides each rule again on its own.
func (p *Pages) needTo(may func(judge.User) bool) func(*gin.Context) (judge.User, bool) {
	return func(c *gin.Context) (judge.User, bool) {
		u, ok := p.needUser(c)
		if !ok {
			return u, false
		}
		if !may(u) {
			p.errorPage(c, http.StatusForbidden, p.tr(c, "error_instructors_only"))
			return u, false
		}
		return u, true
	}
}

// needID is the gate of a page about one numbered thing: need (needUser or
// needTo) first, so that a visitor is sent to log in whatever the
// path holds, then the path's :id, read as pathID does for a what.
func (p *Pages) needID(c *gin.Context, need func(*gin.Context) (judge.User, bool), what string) (judge.User, int64, bool) {
	u, ok := need(c)
	if !ok {
		return u, 0, false
	}
	id, ok := p.pathID(c, "id", what)
	return u, id, ok
}

// anyone is the gate of a page everyone may ask for (what the service
// shows them is its own decision): the viewer, signed in or not.
func (p *Pages) anyone(c *gin.Context) (judge.User, bool) { return httpx.Viewer(c), true }

// needRead is needID, then read of the path's id for the user: the one
// thing a page is about (an assignment, a contest, a replay). On a failure
// it answers (the sign-in, the not-found or the error page) and reports
// false.
func needRead[T any](p *Pages, c *gin.Context, need func(*gin.Context) (judge.User, bool), what string,
	read func(context.Context, judge.User, int64) (T, error)) (u judge.User, x T, id int64, ok bool) {
	if u, id, ok = p.needID(c, need, what); !ok {
		return u, x, id, false
	}
	x, err := read(c.Request.Context(), u, id)
	if err != nil {
		p.fail(c, err)
		return u, x, id, false
	}
	return u, x, id, true
}

// safeNext keeps a redirect target only when it is a path on this site, so
// that /login?next= cannot send a user elsewhere after logging in ("//host"
// and "/\\host" are other hosts to a browser).
func safeNext(next string) string {
	local := func(s string) bool {
		return strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") && !strings.HasPrefix(s, "/\\")
	}
	if !local(next) {
		return "/"
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" {
		return "/"
	}
	// Normalising can itself make a host appear ("/%2F" is "//"), so the
	// result is checked again.
	if next = u.RequestURI(); !local(next) {
		return "/"
	}
	return next
}

// flashCookie carries a one-line message from a POST to the page the
// browser is sent to next ("Board 12 added."). A cookie rather than a query
// parameter, so that nobody can craft a link that shows their text on the
// site.
const flashCookie = "pj_flash"

// redirect sends the browser to path after a POST, with an optional message
// for the top of the next page.
func (p *Pages) redirect(c *gin.Context, path, flash string) {
	if flash != "" {
		if len(flash) > 300 {
			flash = flash[:300]
		}
		p.setCookie(c, flashCookie, url.QueryEscape(flash), time.Minute)
	}
	c.Redirect(http.StatusSeeOther, path)
}

// takeFlash returns the pending message, if any, and clears it.
func (p *Pages) takeFlash(c *gin.Context) string {
	ck, err := c.Request.Cookie(flashCookie)
	if err != nil || ck.Value == "" {
		return ""
	}
	p.setCookie(c, flashCookie, "", -1)
	msg, err := url.QueryUnescape(ck.Value)
	if err != nil {
		return ""
	}
	return msg
}
