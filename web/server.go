// Package web serves puzzlejudge over HTTP: the JSON API under /api/v1, the
// health and metrics endpoints, and the middleware they share (recovery,
// body limit, authentication, rate limit).
package web

import (
	"log/slog"
	"time"

	"puzzlejudge/judge"
)

// MaxBodyBytes bounds every request body: larger bodies get 413.
const MaxBodyBytes = 1 << 20

// Options are the settings of the HTTP layer that come from the configuration.
type Options struct {
	// RegistrationOpen lets anyone create a student account.
	RegistrationOpen bool
	// SubmitRate is the number of submissions (and /check calls) a user may
	// make per minute; 0 means no limit.
	SubmitRate int
	// SecureCookies marks the page cookies Secure even on plain HTTP
	// (Pages.SecureCookies).
	SecureCookies bool
	// SessionSecret keys the pages' CSRF tokens (Pages.Secret); empty means
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
	// lasts as long (judge.Config.TokenTTL expires the token itself).
	TokenTTL time.Duration
}

// Server holds the dependencies of every handler. Build it with NewServer
// (which sets up the rate limiter) and serve Router().
type Server struct {
	Service *judge.Service
	Logger  *slog.Logger
	Metrics *Metrics // may be nil: nothing is counted
	Options Options

	limiter *rateLimiter
	logins  *loginLimiter
}

// NewServer returns a Server over svc.
func NewServer(svc *judge.Service, logger *slog.Logger, metrics *Metrics, opts Options) *Server {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Server{Service: svc, Logger: logger, Metrics: metrics, Options: opts, limiter: newRateLimiter(opts.SubmitRate), logins: newLoginLimiter()}
}
