package web

import (
	"context"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/api"
	"puzzlejudge/web/httpx"
	"puzzlejudge/web/pages"
)

// Router returns the Gin engine with every route of the server: the JSON API
// under /api/v1 (so that the page routes, /, /login, /problems/{slug}, ...,
// stay free for HTML), the pages, and the server's own endpoints.
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
	r.Use(httpx.Recovery(s.Logger))
	// Before everything that answers, so that no answer waits on a client
	// that stopped reading longer than httpx.WriteIdle.
	r.Use(httpx.SlowReaders(httpx.WriteIdle))
	if s.Metrics != nil {
		r.GET("/metrics", s.metricsGate(), gin.WrapH(s.Metrics.Handler()))
	}
	r.Use(httpx.LimitBodyExcept(MaxBodyBytes, map[string]int64{api.ImportPath: api.ImportMaxBody, pages.ImportPath: api.ImportMaxBody,
		api.ContestImportPath: api.ContestImportMaxBody}))
	r.GET("/healthz", s.healthz)
	// Streams are out of the requests' bound; the event feed admits them
	// itself once it knows the caller (api.Options.Streams).
	r.Use(httpx.Bound(httpx.Limits{Requests: s.Options.MaxInFlight, IsStream: api.IsStream}, s.Logger))

	s.API.Register(r)
	s.Pages.Register(r)

	// An unknown path under /api/ is a script's mistake and gets the JSON
	// error; any other is a browser's, and gets a page.
	r.NoRoute(append([]gin.HandlerFunc{func(c *gin.Context) {
		if p := c.Request.URL.Path; api.IsCCSPath(p) {
			s.API.CCSNoRoute(c) // the Contest API's failure body
		} else if httpx.IsAPIPath(p) {
			httpx.Fail(c, s.Logger, judge.ENOTFOUND, "no route %s %s", c.Request.Method, p)
		}
	}}, s.Pages.NotFound()...)...)
	// The same split for a known path and the wrong method.
	r.NoMethod(append([]gin.HandlerFunc{func(c *gin.Context) {
		if api.IsCCSPath(c.Request.URL.Path) {
			s.API.CCSNoMethod(c)
		} else if httpx.IsAPIPath(c.Request.URL.Path) {
			c.AbortWithStatusJSON(http.StatusMethodNotAllowed, httpx.ErrorBody{Error: httpx.ErrorDetail{
				Code: "method_not_allowed", Message: "method " + c.Request.Method + " is not allowed on " + c.Request.URL.Path}})
		}
	}}, s.Pages.MethodNotAllowed()...)...)
	return r
}

// healthz answers 200 whenever the server serves: "ok", or "degraded"
// with the reasons when a part the configuration asks for does not work
// (the sandbox); 503 when the database does not answer or take a write.
// Its sandbox field says whether programs are judged here, and why not;
// the sandbox starts before the server listens, so its first answer is
// already the sandbox's final state. references.solving counts the
// reference solves running (submissions that need them wait). Its
// similarity field says whether similarity reports (Dolos) can be made;
// they are optional, so their absence does not degrade the server.
func (s *Server) healthz(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	sandbox := gin.H{"status": "ok"}
	if ok, reason := s.Service.SandboxState(); !ok {
		sandbox = gin.H{"status": "unavailable", "reason": reason}
	}
	similarity := gin.H{"status": "ok"}
	if ok, reason := s.Service.SimilarityState(); !ok {
		// Only similarity reports answer 503 then.
		similarity = gin.H{"status": "unavailable", "reason": reason}
	}
	h := s.Service.Health(ctx)
	if !h.OK {
		c.JSON(http.StatusServiceUnavailable, gin.H{"status": "degraded", "reason": h.Reason, "reasons": []string{h.Reason}, "sandbox": sandbox, "similarity": similarity})
		return
	}
	body := gin.H{"status": "ok", "database": "ok", "sandbox": sandbox, "similarity": similarity, "references": gin.H{"solving": h.Solving}}
	if len(h.Degraded) > 0 {
		body["status"], body["reasons"] = "degraded", h.Degraded
	}
	c.JSON(http.StatusOK, body)
}
