package web

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	webapi "puzzlejudge/web/api"
)

// Router returns the Gin engine with every route of the server. It is the one
// place where routes are declared: the JSON API lives under /api/v1, so that
// the page routes (/, /login, /problems/{slug}, ...) stay free for HTML.
func (s *Server) Router() *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.HandleMethodNotAllowed = true
	if err := r.SetTrustedProxies(s.Options.TrustedProxies); err != nil {
		// The configuration validates the list; this is a last resort that
		// trusts no proxy rather than every one.
		s.Logger.Error("trusted proxies refused; trusting none", "err", err)
		_ = r.SetTrustedProxies(nil)
	}
	if s.Metrics != nil {
		// Outermost, so that a request that panicked is counted as the 500
		// that recovery answers.
		r.Use(s.Metrics.middleware())
	}
	r.Use(s.recovery())
	if s.Metrics != nil {
		r.GET("/metrics", gin.WrapH(s.Metrics.Handler()))
	}
	r.Use(s.limitBody(MaxBodyBytes))
	r.GET("/healthz", s.healthz)

	api := r.Group("/api/v1", s.authenticate())
	user := s.requireUser()
	instructor := s.requireRole(judge.RoleInstructor)

	api.POST("/register", s.register)
	api.POST("/tokens", s.createToken)
	api.DELETE("/tokens", user, s.revokeToken)

	api.GET("/problems", s.listProblems)
	api.GET("/problems/:slug", s.getProblem)
	api.GET("/problems/:slug/input", s.judgeInput)
	api.POST("/problems/:slug/submissions", user, s.rateLimit(), s.submit)
	api.POST("/problems/:slug/cases", instructor, s.addCase)
	api.GET("/problems/:slug/cases/:id", s.getCase)
	api.DELETE("/problems/:slug/cases/:id", instructor, s.deleteCase)
	api.POST("/problems/:slug/rejudge", instructor, s.rejudge)

	webapi.RegisterDocs(r)

	api.GET("/submissions", user, s.listSubmissions)
	api.GET("/submissions/:id", user, s.getSubmission)
	api.POST("/check", user, s.rateLimit(), s.check)

	pages := &Pages{Service: s.Service, Logger: s.Logger, RegistrationOpen: s.Options.RegistrationOpen,
		SecureCookies: s.Options.SecureCookies, Secret: s.Options.SessionSecret, Allow: s.limiter.allow, logins: s.logins}
	pages.Register(r)

	// An unknown path under /api/ is a script's mistake and gets the JSON
	// error; any other is a browser's, and gets a page.
	r.NoRoute(append([]gin.HandlerFunc{func(c *gin.Context) {
		if p := c.Request.URL.Path; p == "/api" || strings.HasPrefix(p, "/api/") {
			s.fail(c, judge.ENOTFOUND, "no route %s %s", c.Request.Method, p)
		}
	}}, pages.notFound()...)...)
	r.NoMethod(func(c *gin.Context) {
		c.AbortWithStatusJSON(http.StatusMethodNotAllowed, errorBody{Error: errorDetail{
			Code: "method_not_allowed", Message: "method " + c.Request.Method + " is not allowed on " + c.Request.URL.Path}})
	})
	return r
}

// limitBody caps every request body at n bytes; reading past it fails with
// *http.MaxBytesError, which writeError answers with 413.
func (s *Server) limitBody(n int64) gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.Request.ContentLength > n {
			s.fail(c, ETOOLARGE, "request body is larger than %d bytes", n)
			return
		}
		c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, n)
		c.Next()
	}
}

// healthz answers 200 when the database answers, 503 otherwise.
func (s *Server) healthz(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if err := s.Service.Ping(ctx); err != nil {
		s.Logger.Warn("health check failed", "err", err)
		c.JSON(http.StatusServiceUnavailable, gin.H{"status": "unavailable", "database": "unreachable"})
		return
	}
	c.JSON(http.StatusOK, gin.H{"status": "ok", "database": "ok"})
}
