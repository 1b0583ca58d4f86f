package web

import (
	"strings"
	"testing"

	"puzzlejudge/internal/testkit/similaritytest"
	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge/service"
	"puzzlejudge/tools/similarity"
)

// healthOf answers /healthz of a server whose similarity reports run on
// engine.
func healthOf(t *testing.T, engine similarity.Engine) (status int, similarityStatus, reason string) {
	t.Helper()
	cfg := service.Config{Similarity: service.SimilarityConfig{Engine: engine}}
	svc, _, logger := webtest.NewService(t, webtest.Setup{Config: cfg, AdminPassword: adminPassword, Catalogue: webtest.Catalogue()})
	e := newEnvOver(t, NewServer(svc, logger, nil, Options{}), svc)
	var out struct {
		Status     string
		Similarity struct{ Status, Reason string }
	}
	r := e.Do("GET", "/healthz", "", nil)
	r.JSON(t, &out)
	return r.Status, out.Similarity.Status, out.Similarity.Reason
}

// /healthz has a line for the similarity reports: unavailable with the
// reason where Dolos cannot run, and the server is not degraded by it.
func TestHealthzSimilarity(t *testing.T) {
	status, sim, reason := healthOf(t, similarity.Engine{Dir: t.TempDir()})
	if status != 200 || sim != "unavailable" || !strings.Contains(reason, "tools/similarity/install") {
		t.Errorf("healthz without Dolos: %d, similarity %s %q; want 200 and unavailable with the reason", status, sim, reason)
	}
	t.Run("installed", func(t *testing.T) {
		status, sim, reason := healthOf(t, similaritytest.Engine(t))
		if status != 200 || sim != "ok" || reason != "" {
			t.Errorf("healthz with Dolos: %d, similarity %s %q; want ok", status, sim, reason)
		}
	})
}
