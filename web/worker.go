package web

import (
	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// WorkerRouter returns the routes of a judged process that only judges
// (role worker): /healthz for the supervisor and /metrics for the
// monitoring. Every other path is 404: a worker is not a web server.
func (s *Server) WorkerRouter() *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	if s.Metrics != nil {
		r.Use(s.Metrics.middleware())
	}
	r.Use(httpx.Recovery(s.Logger))
	if s.Metrics != nil {
		r.GET("/metrics", s.metricsGate(), gin.WrapH(s.Metrics.Handler()))
	}
	r.GET("/healthz", s.healthz)
	r.NoRoute(func(c *gin.Context) {
		httpx.Fail(c, s.Logger, judge.ENOTFOUND, "no route %s %s: this process only judges (role worker); it serves /healthz and /metrics", c.Request.Method, c.Request.URL.Path)
	})
	return r
}
