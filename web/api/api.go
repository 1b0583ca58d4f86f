// Package api serves the JSON API of the judge under /api/v1, for scripts,
// course tools and the command-line client. Its handlers translate HTTP to
// calls of the judge's service and back; what a caller may do is decided by
// the service.
package api

import (
	"log/slog"
	"sync"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/internal/cache"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

// Options are the API's settings and the limiters it shares with the pages.
type Options struct {
	// Limiter bounds the submissions (and /check calls) of each user; nil
	// means no limit.
	Limiter *httpx.RateLimiter
	// Runs bounds the runs on one's own input of each user (POST
	// /problems/{slug}/run); nil means no limit. The pages' run form
	// shares it.
	Runs *httpx.RateLimiter
	// Logins slows down password guessing on POST /tokens; nil means no limit.
	Logins *httpx.LoginLimiter
	// Registrations bounds the accounts registered per client address;
	// nil means no limit.
	Registrations *httpx.AddrLimiter
	// Replays bounds the public replays of each address; nil means
	// DefaultReplaysPerMinute.
	Replays *httpx.RateLimiter
	// Streams admits the event feeds that stream, by who opens them
	// (httpx.StreamSlots); nil admits every one.
	Streams *httpx.StreamSlots
	// FeedPoll and FeedKeepAlive time the Contest API's event feed; 0
	// means DefaultFeedPoll and DefaultFeedKeepAlive.
	FeedPoll, FeedKeepAlive time.Duration
}

// API holds the dependencies of the API's handlers. Build it with New and
// add its routes to a router with Register.
type API struct {
	Service *service.Service
	Logger  *slog.Logger
	Options

	replayOnce sync.Once
	// boards keeps the last scoreboards encoded, by contest and ETag
	// (contests.go).
	boards cache.Memo[string, []byte]
}

// New returns the API over svc.
func New(svc *service.Service, logger *slog.Logger, opts Options) *API {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &API{Service: svc, Logger: logger, Options: opts}
}

// Register adds the routes of the API to r, under /api/v1. Authentication
// is by Bearer token only, never by the pages' cookie, so that another site
// cannot make a browser call the API with its session.
func (s *API) Register(r gin.IRouter) {
	api := r.Group("/api/v1", contentLanguage, s.authenticate())
	user := s.requireUser()
	cases, rejudge, author := s.allow(judge.CanEditCases), s.allow(judge.CanRejudge), s.allow(judge.CanAuthor)

	api.POST("/register", s.register)
	api.POST("/tokens", s.createToken)
	api.DELETE("/tokens", user, s.revokeToken)
	api.GET("/tokens", user, s.listTokens)
	api.DELETE("/tokens/:id", user, s.deleteToken)

	api.GET("/problems", s.listProblems)
	api.GET("/problems/:slug", s.getProblem)
	api.GET("/problems/:slug/input", s.judgeInput)
	api.GET("/problems/:slug/input.zip", s.inputZip)
	api.POST("/problems/:slug/submissions", user, s.rateLimit(), s.submit)
	api.POST("/problems/:slug/run", user, s.runLimit(), s.run)
	api.GET("/problems/:slug/progress", user, s.standing)
	api.POST("/problems/:slug/cases", cases, s.addCase)
	api.GET("/problems/:slug/cases/:id", s.getCase)
	api.DELETE("/problems/:slug/cases/:id", cases, s.deleteCase)
	api.POST("/problems/:slug/rejudge", rejudge, s.rejudge)

	api.POST("/problems", author, s.createProblem)
	api.PATCH("/problems/:slug", author, s.updateProblem)
	api.DELETE("/problems/:slug", author, s.archiveProblem)
	api.POST("/problems/:slug/cases/generate", author, s.generate)
	api.GET("/problems/:slug/generations/:id", author, s.generation)
	api.DELETE("/problems/:slug/generations/:id", author, s.cancelGeneration)
	api.GET("/problems/:slug/package.zip", author, s.exportPackage)
	api.POST("/problems/import", author, s.importPackage)

	api.GET("/languages", s.languages)
	api.GET("/submissions", user, s.listSubmissions)
	api.GET("/submissions/:id", user, s.getSubmission)
	api.POST("/check", user, s.rateLimit(), s.check)

	// The API's document and its page need no token, and a bad one does
	// not hide them: they are outside the authenticated group.
	r.GET("/api/v1/openapi.json", serveOpenAPI)
	r.GET("/api/docs", serveDocs)
	s.registerCourses(api, user)
	s.registerContests(api, user)
	s.registerContestPackages(api)
	api.POST("/replay", s.addressLimit(), s.replay)
	api.POST("/problems/:slug/cases/:id/hint", user, s.rateLimit(), s.hint)
	api.GET("/submissions/:id/replay", user, s.addressLimit(), s.submissionReplay)
	s.registerClarifications(api, user)
	s.registerCCS(r)
	s.registerSimilarity(api)
}

// writeError answers err as the API's JSON error.
func (s *API) writeError(c *gin.Context, err error) { httpx.WriteError(c, s.Logger, err) }

// fail answers a new error with code and message.
func (s *API) fail(c *gin.Context, code, format string, args ...any) {
	httpx.Fail(c, s.Logger, code, format, args...)
}

// contentLanguage says the language of every answer of the API: its
// messages are English whatever the caller's page language (the codes are
// the contract; the pages translate).
func contentLanguage(c *gin.Context) {
	c.Header("Content-Language", "en")
	c.Next()
}
