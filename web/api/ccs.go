package api

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/judge/ccs"
	"puzzlejudge/web/httpx"
)

// The ICPC Contest API (release 2026-01), read-only, under /api/ccs: the
// face of contests that the ICPC tools read (docs/CONTEST_API.md). The
// same tokens and roles as /api/v1, and HTTP basic authentication as the
// specification requires. Its answers are built by the service
// (ccs.CCSObjects): each endpoint answers the objects its viewer sees.

// CCSPath is the base of the Contest API.
const CCSPath = "/api/ccs"

// IsStream reports a request whose answer streams for as long as its client
// keeps it open: the event feed, unless ?stream=false. The server bounds
// these apart from the other requests (httpx.Limits.Streams).
func IsStream(c *gin.Context) bool {
	return c.FullPath() == CCSPath+"/contests/:id/event-feed" && feedStreams(c)
}

// feedStreams reports whether the event feed is asked to stream.
func feedStreams(c *gin.Context) bool {
	return c.Query("stream") != "false" && c.Query("stream") != "0"
}

// ccsCollections are the collection endpoints of a contest, in the order
// of the specification's table.
var ccsCollections = []string{ccs.CCSJudgementTypes, ccs.CCSLanguages, ccs.CCSProblems, ccs.CCSGroups, ccs.CCSOrganizations,
	ccs.CCSPersons, ccs.CCSAccounts, ccs.CCSTeams, ccs.CCSSubmissions, ccs.CCSJudgements, ccs.CCSRuns, ccs.CCSClarifications, ccs.CCSAwards}

func (s *API) registerCCS(r gin.IRouter) {
	g := r.Group(CCSPath, s.ccsHeaders(), s.ccsAuthenticate())
	g.GET("", s.ccsInfo)
	g.GET("/", s.ccsInfo)
	g.GET("/contests", s.ccsContests)
	g.GET("/contests/:id", s.ccsContest)
	g.GET("/contests/:id/access", s.ccsAccess)
	g.GET("/contests/:id/state", s.ccsState)
	g.GET("/contests/:id/scoreboard", s.ccsScoreboard)
	g.GET("/contests/:id/event-feed", s.ccsEventFeed)
	for _, typ := range ccsCollections {
		g.GET("/contests/:id/"+typ, s.ccsCollection(typ))
		g.GET("/contests/:id/"+typ+"/:oid", s.ccsObject(typ))
	}
	g.GET("/contests/:id/submissions/:oid/files", s.ccsSubmissionFiles)
	g.GET("/contests/:id/account", s.ccsAccount)
}

// ccsHeaders lets other sites' pages (scoreboard displays) read the API,
// as the specification asks.
func (s *API) ccsHeaders() gin.HandlerFunc {
	return func(c *gin.Context) {
		c.Header("Access-Control-Allow-Origin", "*")
		c.Next()
	}
}

// ccsAuthenticate takes a Bearer token as /api/v1 does, or HTTP basic
// authentication (username and password, through the login limiter), which
// the specification requires and the ICPC tools send.
func (s *API) ccsAuthenticate() gin.HandlerFunc {
	bearer := s.authenticate()
	return func(c *gin.Context) {
		scheme, rest, _ := strings.Cut(strings.TrimSpace(c.GetHeader("Authorization")), " ")
		if !strings.EqualFold(scheme, "Basic") {
			bearer(c)
			return
		}
		raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(rest))
		user, pass, ok := strings.Cut(string(raw), ":")
		if err != nil || !ok {
			s.ccsFail(c, judge.Errorf(judge.EUNAUTHORIZED, "the Authorization header must be \"Basic <base64 of username:password>\" or \"Bearer <token>\""))
			return
		}
		u, err := s.login(c, user, pass)
		if err != nil {
			s.ccsFail(c, err)
			return
		}
		httpx.SetUser(c, u)
		c.Next()
	}
}

// ccsError is an error answer of the Contest API: the specification's
// {code: <HTTP status>, message} and this server's {error: {code,
// message}} in one object, so that both kinds of client read it.
type ccsError struct {
	Code    int               `json:"code"`
	Message string            `json:"message"`
	Error   httpx.ErrorDetail `json:"error"`
}

// ccsFail answers err as the Contest API's error.
func (s *API) ccsFail(c *gin.Context, err error) {
	status := httpx.StatusOf(err)
	code, msg := judge.ErrorCode(err), judge.ErrorMessage(err)
	httpx.SetRetryAfterOf(c, err)
	if status == http.StatusInternalServerError {
		s.Logger.Error("internal error", "method", c.Request.Method, "path", c.Request.URL.Path, "err", err)
		code, msg = judge.EINTERNAL, "internal error"
	}
	c.AbortWithStatusJSON(status, ccsError{Code: status, Message: msg, Error: httpx.ErrorDetail{Code: code, Message: msg}})
}

// IsCCSPath reports a path under the Contest API.
func IsCCSPath(p string) bool { return p == CCSPath || strings.HasPrefix(p, CCSPath+"/") }

// CCSNoRoute answers an unknown route under the Contest API as its other
// failures are, with the specification's code and message
// (/api/ccs/contests/1/doesnt-exist).
func (s *API) CCSNoRoute(c *gin.Context) {
	s.ccsFail(c, judge.Errorf(judge.ENOTFOUND, "no route %s %s", c.Request.Method, c.Request.URL.Path))
}

// CCSNoMethod answers a known route of the Contest API asked with another
// method than GET: 405, with code and message.
func (s *API) CCSNoMethod(c *gin.Context) {
	msg := "method " + c.Request.Method + " is not allowed on " + c.Request.URL.Path + ": the Contest API is read-only here"
	c.AbortWithStatusJSON(http.StatusMethodNotAllowed, ccsError{Code: http.StatusMethodNotAllowed, Message: msg,
		Error: httpx.ErrorDetail{Code: "method_not_allowed", Message: msg}})
}

// ccsInfo answers the API information.
func (s *API) ccsInfo(c *gin.Context) { c.JSON(http.StatusOK, ccsInfoJSON()) }

// ccsInfoJSON is the API information (a package's api.json too).
func ccsInfoJSON() gin.H {
	return gin.H{"version": ccs.CCSVersion, "version_url": ccs.CCSVersionURL, "provider": gin.H{"name": "puzzlejudge"}}
}

// ccsContests lists the contests the caller may read.
func (s *API) ccsContests(c *gin.Context) {
	cs, err := s.Service.CCSContests(c.Request.Context(), httpx.Viewer(c))
	if err != nil {
		s.ccsFail(c, err)
		return
	}
	out := make([]map[string]any, 0, len(cs))
	for _, k := range cs {
		out = append(out, ccs.CCSContestObject(k))
	}
	c.JSON(http.StatusOK, out)
}

// ccsContestID reads the :id of a Contest API path: a contest's number.
func (s *API) ccsContestID(c *gin.Context) (int64, bool) {
	id, ok := ccs.ParseCCSContestID(c.Param("id"))
	if !ok {
		s.ccsFail(c, judge.Errorf(judge.ENOTFOUND, "contest %q not found", c.Param("id")))
	}
	return id, ok
}

// ccsObjects returns the objects of the path's contest the caller reads.
func (s *API) ccsObjects(c *gin.Context) ([]ccs.CCSObject, ccs.CCSInput, ccs.CCSView, bool) {
	id, ok := s.ccsContestID(c)
	if !ok {
		return nil, ccs.CCSInput{}, ccs.CCSView{}, false
	}
	objs, in, view, err := s.Service.CCSObjects(c.Request.Context(), httpx.Viewer(c), id)
	if err != nil {
		s.ccsFail(c, err)
		return nil, in, view, false
	}
	return objs, in, view, true
}

// ccsSingleton answers the one object of type typ (the contest, the state).
func (s *API) ccsSingleton(c *gin.Context, typ string) {
	objs, _, _, ok := s.ccsObjects(c)
	if !ok {
		return
	}
	for _, o := range objs {
		if o.Type == typ {
			c.Data(http.StatusOK, "application/json; charset=utf-8", o.Data)
			return
		}
	}
	s.ccsFail(c, judge.Errorf(judge.ENOTFOUND, "no %s", typ))
}

func (s *API) ccsContest(c *gin.Context) { s.ccsSingleton(c, ccs.CCSContest) }
func (s *API) ccsState(c *gin.Context)   { s.ccsSingleton(c, ccs.CCSState) }

// ccsAccount answers the caller's own account (contests/{id}/account), by
// which a client tells which account, team and person it is: a member's,
// or an instructor's (type admin); 404 for anyone else, the public too,
// as the specification asks of a client not authenticated.
func (s *API) ccsAccount(c *gin.Context) {
	objs, _, _, ok := s.ccsObjects(c)
	if !ok {
		return
	}
	if v := httpx.Viewer(c); !v.Anonymous() {
		id := strconv.FormatInt(v.ID, 10)
		for _, o := range objs {
			if o.Type == ccs.CCSAccounts && o.ID == id {
				c.Data(http.StatusOK, "application/json; charset=utf-8", o.Data)
				return
			}
		}
	}
	s.ccsFail(c, judge.Errorf(judge.ENOTFOUND, "no account of yours takes part in this contest"))
}

// ccsCollection answers the objects of type typ, filtered by the query's
// ID properties (team_id=5, problem_id=, ...) as the specification asks:
// an empty value matches null.
func (s *API) ccsCollection(typ string) gin.HandlerFunc {
	return func(c *gin.Context) {
		objs, _, _, ok := s.ccsObjects(c)
		if !ok {
			return
		}
		filters := map[string]string{}
		for k, v := range c.Request.URL.Query() {
			if strings.HasSuffix(k, "_id") && len(v) > 0 {
				filters[k] = v[0]
			}
		}
		out := []json.RawMessage{}
		for _, o := range objs {
			if o.Type == typ && ccsMatches(o.Data, filters) {
				out = append(out, o.Data)
			}
		}
		c.JSON(http.StatusOK, out)
	}
}

func ccsMatches(data json.RawMessage, filters map[string]string) bool {
	if len(filters) == 0 {
		return true
	}
	var m map[string]any
	if json.Unmarshal(data, &m) != nil {
		return false
	}
	for k, want := range filters {
		switch v := m[k].(type) {
		case nil:
			if want != "" {
				return false
			}
		case string:
			if v != want {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// ccsObject answers one object of type typ by its id.
func (s *API) ccsObject(typ string) gin.HandlerFunc {
	return func(c *gin.Context) {
		objs, _, _, ok := s.ccsObjects(c)
		if !ok {
			return
		}
		for _, o := range objs {
			if o.Type == typ && o.ID == c.Param("oid") {
				c.Data(http.StatusOK, "application/json; charset=utf-8", o.Data)
				return
			}
		}
		s.ccsFail(c, judge.Errorf(judge.ENOTFOUND, "%s %q not found", strings.TrimSuffix(typ, "s"), c.Param("oid")))
	}
}
