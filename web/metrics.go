package web

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// Metrics are the Prometheus series of one server. They live in their own
// registry (not the global one) so that tests can run several servers.
type Metrics struct {
	registry  *prometheus.Registry
	requests  *prometheus.CounterVec
	latency   *prometheus.HistogramVec
	verdicts  *prometheus.CounterVec
	solveTime *prometheus.HistogramVec
}

// NewMetrics registers the server's series, plus the Go runtime and process ones.
func NewMetrics() *Metrics {
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "puzzlejudge_http_requests_total",
			Help: "HTTP requests answered, by method, route pattern and status.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "puzzlejudge_http_request_duration_seconds",
			Help:    "Time to answer HTTP requests, by route pattern.",
			Buckets: prometheus.DefBuckets,
		}, []string{"route"}),
		verdicts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "puzzlejudge_submissions_judged_total",
			Help: "Submissions judged, by verdict.",
		}, []string{"verdict"}),
		solveTime: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "puzzlejudge_solver_seconds",
			Help:    "Time the reference solver took per case, by puzzle.",
			Buckets: []float64{0.001, 0.01, 0.1, 0.5, 1, 5, 15, 60, 300},
		}, []string{"puzzle"}),
	}
	m.registry.MustRegister(m.requests, m.latency, m.verdicts, m.solveTime,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// ObserveVerdict counts one judged submission; it is the service's
// service.Config.OnJudged hook.
func (m *Metrics) ObserveVerdict(v judge.Verdict) {
	m.verdicts.WithLabelValues(string(v)).Inc()
}

// ObserveSolve records one reference solve; it is the service's
// service.Config.OnSolved hook.
func (m *Metrics) ObserveSolve(puzzle string, d time.Duration) {
	m.solveTime.WithLabelValues(puzzle).Observe(d.Seconds())
}

// WatchQueue exports the number of pending submissions, read from svc at
// each scrape (bounded, so a locked database cannot hang the scrape).
func (m *Metrics) WatchQueue(svc *service.Service) {
	m.registry.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "puzzlejudge_queue_length",
		Help: "Submissions waiting to be judged.",
	}, func() float64 {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		n, err := svc.QueueLength(ctx)
		if err != nil {
			return -1
		}
		return float64(n)
	}))
}

// Handler serves the series in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

// middleware counts every request by its method and route pattern. Both
// labels come from closed sets: a method the server does not know is
// "other", a path no route matches is "unmatched", never the raw text. The
// raw method was a label once, and 200,000 requests with made-up methods
// made 200,058 series that grew /metrics to 17 MB and the process by 180 MB,
// never freed. maxSeries caps the label sets as a last resort.
func (m *Metrics) middleware() gin.HandlerFunc {
	var (
		mu   sync.Mutex
		seen = map[[3]string]bool{}
	)
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		route := c.FullPath()
		if route == "" {
			route = "unmatched"
		}
		labels := [3]string{metricMethod(c.Request.Method), route, strconv.Itoa(c.Writer.Status())}
		mu.Lock()
		if !seen[labels] {
			if len(seen) >= maxSeries {
				labels = [3]string{"other", "other", "other"}
			} else {
				seen[labels] = true
			}
		}
		mu.Unlock()
		m.requests.WithLabelValues(labels[0], labels[1], labels[2]).Inc()
		m.latency.WithLabelValues(labels[1]).Observe(time.Since(start).Seconds())
	}
}

// maxSeries bounds the (method, route, status) sets counted apart; routes
// times the known methods times the statuses in use stay far below it.
const maxSeries = 1000

// metricMethod returns the method as a metric label: one of the standard
// methods, or "other".
func metricMethod(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodConnect, http.MethodOptions, http.MethodTrace:
		return method
	}
	return "other"
}
