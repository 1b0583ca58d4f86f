// Package web puts the two faces of puzzlejudge over HTTP together: the
// JSON API (web/api) and the pages (web/pages) on one Gin engine, with what
// is the whole server's rather than one face's (recovery, metrics, the body
// limit, trusted proxies, /healthz, /metrics, and the answer for unknown
// paths and methods).
package web

import (
	"log/slog"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/api"
	"puzzlejudge/web/httpx"
	"puzzlejudge/web/pages"
)

// MaxBodyBytes bounds every request body: larger bodies get 413.
const MaxBodyBytes = httpx.MaxBodyBytes

// Options are the settings of the HTTP layer that come from the configuration.
type Options struct {
	// SubmitRate is the number of submissions (and /check calls) a user may
	// make per minute; 0 means no limit.
	SubmitRate int
	// RunRate is the number of runs on one's own input (POST
	// /problems/{slug}/run, and the problem page's run form) a user may
	// make per minute; 0 means no limit.
	RunRate int
	// SecureCookies marks the page cookies Secure even on plain HTTP
	// (pages.Options.SecureCookies).
	SecureCookies bool
	// SessionSecret keys the pages' CSRF tokens (pages.Options.Secret); empty means
	// random per process, so several processes serving one site need the
	// same one.
	SessionSecret []byte
	// TrustedProxies lists the addresses or CIDR ranges of the reverse
	// proxies whose X-Forwarded-For names the client. Empty: none, so the
	// client is the connection's address and a client cannot pick the
	// address the login limiter counts by sending the header itself.
	TrustedProxies []string
	// RegisterRate is the number of accounts one client address may
	// register per minute; 0 means no limit.
	RegisterRate int
	// TokenTTL is how long a session lives after its last use; its cookie
	// lasts as long (service.Config.TokenTTL expires the token itself).
	TokenTTL time.Duration
	// Logins keeps the login limiter's buckets: the database, so that every
	// web process counts the same failed logins (cmd/judged passes it). Nil
	// keeps them in this process's memory.
	Logins judge.LoginStore
	// MaxInFlight bounds the requests served at once (httpx.MaxInFlight):
	// past it a request gets 503 busy at once. 0 means no bound. /healthz
	// and /metrics are not counted.
	MaxInFlight int
	// MaxStreams bounds the open streams (the ICPC event feed), which
	// MaxInFlight does not count: past it a stream gets 503 busy at once.
	// 0 means no bound. The jury's feeds are always admitted, and the
	// anonymous share three quarters of it (httpx.StreamSlots).
	MaxStreams int
	// MaxStreamsPerAddress bounds the anonymous streams of one client
	// address: past it 429. 0 means no bound.
	MaxStreamsPerAddress int
	// MetricsToken, when not empty, is a token that reads /metrics (sent
	// as "Authorization: Bearer"), for a scraper without an account; an
	// instructor's API token reads it too, and nobody else.
	MetricsToken string
	// DefaultLanguage and TimeZone are the pages' language when neither
	// the user nor the browser chooses, and their zone for users who
	// chose none (pages.Options).
	DefaultLanguage string
	TimeZone        *time.Location
}

// Server is the whole HTTP side: the two faces and what they share. Build
// it with NewServer and serve Router().
type Server struct {
	Service *service.Service
	Logger  *slog.Logger
	Metrics *Metrics // may be nil: nothing is counted
	Options Options

	// API and Pages are the two faces; they share the submission limiter
	// (one budget per user, whichever face submits) and the login limiter.
	API   *api.API
	Pages *pages.Pages
}

// NewServer returns a Server over svc with both faces built from opts.
func NewServer(svc *service.Service, logger *slog.Logger, metrics *Metrics, opts Options) *Server {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	limiter, logins := httpx.NewRateLimiter(opts.SubmitRate), httpx.NewLoginLimiter()
	runs := httpx.NewRateLimiter(opts.RunRate)
	if opts.Logins != nil {
		logins.Store = opts.Logins
	}
	registrations := httpx.NewAddrLimiter(opts.RegisterRate)
	// One budget of public replays per address, whether a script calls
	// POST /api/v1/replay or the play page asks GET /play/move.
	replays := httpx.NewRateLimiter(api.DefaultReplaysPerMinute)
	return &Server{
		Service: svc, Logger: logger, Metrics: metrics, Options: opts,
		API: api.New(svc, logger, api.Options{Limiter: limiter, Runs: runs, Logins: logins, Registrations: registrations, Replays: replays,
			Streams: &httpx.StreamSlots{Max: opts.MaxStreams, PerAddress: opts.MaxStreamsPerAddress}}),
		Pages: pages.New(svc, logger, pages.Options{SecureCookies: opts.SecureCookies,
			Secret: opts.SessionSecret, Limiter: limiter, Runs: runs, Logins: logins, Registrations: registrations, Replays: replays, SessionTTL: opts.TokenTTL,
			DefaultLanguage: opts.DefaultLanguage, TimeZone: opts.TimeZone}),
	}
}
