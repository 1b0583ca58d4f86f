package web

import (
	"crypto/subtle"
	"strings"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// metricsGate keeps /metrics to those who may read it: a scraper that
// sends the configured metrics token, or an instructor's API token, as
// "Authorization: Bearer". The figures count verdicts as they are given
// (a frozen contest's accepted tries too), so they are not for everyone:
// anyone else gets 401, a student 403.
func (s *Server) metricsGate() gin.HandlerFunc {
	want := []byte(s.Options.MetricsToken)
	return func(c *gin.Context) {
		scheme, token, _ := strings.Cut(strings.TrimSpace(c.GetHeader("Authorization")), " ")
		token = strings.TrimSpace(token)
		if !strings.EqualFold(scheme, "Bearer") || token == "" {
			c.Header("WWW-Authenticate", `Bearer realm="metrics"`)
			httpx.Fail(c, s.Logger, judge.EUNAUTHORIZED, "/metrics needs \"Authorization: Bearer <token>\": the metrics token of the configuration or an instructor's API token")
			return
		}
		if len(want) > 0 && subtle.ConstantTimeCompare([]byte(token), want) == 1 {
			c.Next()
			return
		}
		u, err := s.Service.UserByToken(c.Request.Context(), token)
		if err != nil {
			httpx.WriteError(c, s.Logger, err)
			return
		}
		if !judge.CanReadMetrics(u) {
			httpx.Fail(c, s.Logger, judge.EFORBIDDEN, "/metrics is for instructors and the configured metrics token")
			return
		}
		c.Next()
	}
}
