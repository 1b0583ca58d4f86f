package api

import (
	"bytes"
	"encoding/json"
	"hash/crc32"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
	"puzzlejudge/web/wire"
)

// registerContests adds the routes of issue 25: contests and their boards.
func (s *API) registerContests(api gin.IRouter, user gin.HandlerFunc) {
	jury := s.allow(judge.CanManageContests)
	api.GET("/contests", s.listContests)
	api.POST("/contests", jury, s.createContest)
	api.GET("/contests/:id", s.getContest)
	api.PATCH("/contests/:id", jury, s.updateContest)
	api.POST("/contests/:id/join", user, s.joinContest)
	api.GET("/contests/:id/scoreboard", s.scoreboard)
	api.GET("/contests/:id/scoreboard.csv", s.scoreboardCSV)
	api.GET("/contests/:id/teams", s.contestTeams)
	api.POST("/contests/:id/teams/import", jury, s.importContestTeams)
}

// contestProblemRef is a problem of a contest in a request.
type contestProblemRef struct {
	Slug  string `json:"slug"`
	Label string `json:"label"`
}

func (r contestProblemRef) spec() judge.ContestProblemSpec { return judge.ContestProblemSpec(r) }

// contestRequest is the body of POST /contests. Duration and freeze are
// "5h", "90m", "5:00:00" or a number of seconds (a JSON string or number);
// participants absent means everyone.
type contestRequest struct {
	Title            string              `json:"title"`
	Problems         []contestProblemRef `json:"problems"`
	StartTime        json.RawMessage     `json:"start_time"`
	Duration         json.RawMessage     `json:"duration"`
	Freeze           json.RawMessage     `json:"freeze"`
	Scoring          judge.Scoring       `json:"scoring"`
	Participants     []string            `json:"participants"`
	RegistrationCode string              `json:"registration_code"`
	Public           bool                `json:"public"`
	// Teams are teams of several members; participants are teams of one.
	Teams         []teamRequest         `json:"teams"`
	Organizations []organizationRequest `json:"organizations"`
	Groups        []groupRequest        `json:"groups"`
}

// contestPatchRequest is the body of PATCH /contests/{id}: absent fields
// stay; "participants": null opens the contest to everyone; "unfrozen":
// true reveals the final board, false freezes it again.
type contestPatchRequest struct {
	Title            *string              `json:"title"`
	Problems         *[]contestProblemRef `json:"problems"`
	StartTime        json.RawMessage      `json:"start_time"`
	Duration         json.RawMessage      `json:"duration"`
	Freeze           json.RawMessage      `json:"freeze"`
	Scoring          *judge.Scoring       `json:"scoring"`
	Participants     json.RawMessage      `json:"participants"`
	RegistrationCode *string              `json:"registration_code"`
	Public           *bool                `json:"public"`
	Unfrozen         *bool                `json:"unfrozen"`
	// Teams replace the contest's teams (with participants, teams of
	// one); organizations and groups define or change those named.
	Teams         *[]teamRequest        `json:"teams"`
	Organizations []organizationRequest `json:"organizations"`
	Groups        []groupRequest        `json:"groups"`
}

// durationOf reads a duration field: a JSON number of seconds, or a string
// ParseContestDuration reads. Absent or null is 0 with present false.
func durationOf(field string, raw json.RawMessage) (d time.Duration, present bool, err error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return 0, false, nil
	}
	var s string
	if raw[0] == '"' {
		if err := json.Unmarshal(raw, &s); err != nil {
			return 0, true, judge.Errorf(judge.EINVALID, "field %q: %v", field, err)
		}
	} else {
		s = string(raw)
	}
	d, err = judge.ParseContestDuration(s)
	if err != nil {
		return 0, true, judge.Errorf(judge.EINVALID, "field %q: %s", field, judge.ErrorMessage(err))
	}
	return d, true, nil
}

// contestJSON is a contest as the API shows it (wire.Contest, which pj
// reads too).
type contestJSON = wire.Contest

// contestProblemJSON is a problem of a contest under its label.
type contestProblemJSON = wire.ContestProblem

// The contest statuses (wire.ContestStatus).
const (
	contestScheduled = wire.ContestScheduled
	contestRunning   = wire.ContestRunning
	contestOver      = wire.ContestOver
)

func toContestProblemJSON(p judge.ContestProblem) contestProblemJSON {
	return contestProblemJSON{Label: p.Label, Slug: p.Slug, Title: p.Title}
}

func toContestJSON(c judge.Contest, now time.Time) contestJSON {
	out := contestJSON{ID: c.ID, Title: c.Title, Problems: mapped(c.Problems, toContestProblemJSON), StartTime: c.StartTime,
		EndTime: c.EndTime(), Duration: judge.FormatContestDuration(c.Duration), DurationSeconds: int64(c.Duration / time.Second),
		Freeze: judge.FormatContestDuration(c.Freeze), FreezeSeconds: int64(c.Freeze / time.Second), Scoring: c.Scoring,
		Everyone: c.Everyone, Participants: c.Participants, RegistrationCode: c.RegistrationCode, Registration: c.RegistrationCode != "",
		Public: c.Public, Frozen: c.Frozen(now), UnfrozenAt: c.UnfrozenAt}
	if at, ok := c.FreezeTime(); ok {
		out.FreezeTime = &at
	}
	teams := toContestTeamsJSON(c)
	out.Teams, out.Organizations, out.Groups = teams.Teams, teams.Organizations, teams.Groups
	switch {
	case !c.Started(now):
		out.Status, out.SecondsLeft = contestScheduled, int64(c.StartTime.Sub(now)/time.Second)
	case c.Running(now):
		out.Status, out.SecondsLeft = contestRunning, int64(c.EndTime().Sub(now)/time.Second)
	default:
		out.Status = contestOver
	}
	return out
}

// listContests lists the contests by start time.
func (s *API) listContests(c *gin.Context) {
	now := s.Service.Now()
	answerList(s, c, s.Service.Contests, func(ct judge.Contest) contestJSON { return toContestJSON(ct, now) })
}

// createContest answers 201 with the new contest.
func (s *API) createContest(c *gin.Context) {
	var req contestRequest
	if !s.readJSON(c, &req) {
		return
	}
	d, present, err := durationOf("duration", req.Duration)
	if err == nil && !present {
		err = judge.Errorf(judge.EINVALID, "field \"duration\" is required: \"5h\", \"90m\", \"5:00:00\" or a number of seconds")
	}
	if err != nil {
		s.writeError(c, err)
		return
	}
	freeze, _, err := durationOf("freeze", req.Freeze)
	if err != nil {
		s.writeError(c, err)
		return
	}
	start, _, err := timeOf("start_time", req.StartTime)
	if err != nil {
		s.writeError(c, err)
		return
	}
	teams, orgs, err := teamSpecsOf(req.Teams, req.Organizations)
	if err != nil {
		s.writeError(c, err)
		return
	}
	ct, err := s.Service.CreateContest(c.Request.Context(), httpx.Viewer(c), judge.ContestSpec{
		Title: req.Title, Problems: mapped(req.Problems, contestProblemRef.spec), StartTime: start, Duration: d, Freeze: freeze,
		Scoring: req.Scoring, Participants: req.Participants, RegistrationCode: req.RegistrationCode, Public: req.Public,
		Teams: teams, Organizations: orgs, Groups: mapped(req.Groups, groupRequest.spec),
	})
	s.located(c, http.StatusCreated, err, func() string { return "contests/" + strconv.FormatInt(ct.ID, 10) },
		func() any { return toContestJSON(ct, s.Service.Now()) })
}

// getContest answers a contest as the caller may see it.
func (s *API) getContest(c *gin.Context) {
	answerByID(s, c, "contest", s.Service.Contest, func(ct judge.Contest) contestJSON { return toContestJSON(ct, s.Service.Now()) })
}

// updateContest changes the fields given.
func (s *API) updateContest(c *gin.Context) {
	var req contestPatchRequest
	id, ok := s.pathIDAndJSON(c, "id", "contest", &req)
	if !ok {
		return
	}
	p := judge.ContestPatch{Title: req.Title, Scoring: req.Scoring, RegistrationCode: req.RegistrationCode, Public: req.Public}
	var err error
	if p.StartTime, err = timePtrOf("start_time", req.StartTime); err != nil {
		s.writeError(c, err)
		return
	}
	if req.Problems != nil {
		p.Problems = mapped(*req.Problems, contestProblemRef.spec)
	}
	for _, f := range []struct {
		name string
		raw  json.RawMessage
		dst  **time.Duration
	}{{"duration", req.Duration, &p.Duration}, {"freeze", req.Freeze, &p.Freeze}} {
		d, present, err := durationOf(f.name, f.raw)
		if err != nil {
			s.writeError(c, err)
			return
		}
		if present {
			*f.dst = &d
		}
	}
	switch raw := bytes.TrimSpace(req.Participants); {
	case len(raw) == 0:
	case string(raw) == "null":
		p.Everyone = true
	default:
		if err := json.Unmarshal(raw, &p.Participants); err != nil {
			s.fail(c, judge.EINVALID, "field \"participants\" must be a list of usernames or null (everyone)")
			return
		}
		if p.Participants == nil {
			p.Participants = []string{}
		}
	}
	if req.Unfrozen != nil {
		p.Unfreeze, p.Refreeze = *req.Unfrozen, !*req.Unfrozen
	}
	var teams []teamRequest
	if req.Teams != nil {
		teams = *req.Teams
	}
	if p.Teams, p.Organizations, err = teamSpecsOf(teams, req.Organizations); err != nil {
		s.writeError(c, err)
		return
	}
	if req.Teams != nil && p.Teams == nil {
		p.Teams = []judge.TeamSpec{}
	}
	p.Groups = mapped(req.Groups, groupRequest.spec)
	ct, err := s.Service.UpdateContest(c.Request.Context(), httpx.Viewer(c), id, p)
	s.answer(c, http.StatusOK, err, func() any { return toContestJSON(ct, s.Service.Now()) })
}

// joinContest adds the caller to a contest's participants: {"code": ...}.
func (s *API) joinContest(c *gin.Context) {
	var req struct {
		Code string `json:"code"`
	}
	if id, ok := s.pathIDAndJSON(c, "id", "contest", &req); ok {
		s.noContent(c, s.Service.JoinContest(c.Request.Context(), httpx.Viewer(c), id, req.Code))
	}
}

// scoreboard answers the board as the caller may see it, with an ETag of
// the board's version and view: a poller that sends it back in
// If-None-Match gets 304 until the board changes.
func (s *API) scoreboard(c *gin.Context) {
	b, id, ok := readByID(s, c, "contest", s.Service.Scoreboard)
	if !ok {
		return
	}
	etag := httpx.BoardETag(b.Version, b.Frozen, judge.CanSeeLiveBoard(httpx.Viewer(c)))
	if g := c.Query("group"); g != "" {
		// The rows of one group, with their ranks on the whole board.
		b = b.InGroup(g)
		etag = etag[:len(etag)-1] + "-" + strconv.FormatUint(uint64(crc32.ChecksumIEEE([]byte(g))), 36) + `"`
	}
	c.Header("ETag", etag)
	c.Header("Cache-Control", "private, no-cache")
	if c.GetHeader("If-None-Match") == etag {
		c.Status(http.StatusNotModified)
		return
	}
	key := strconv.FormatInt(id, 10) + etag
	body, ok := s.boards.Get(key)
	if !ok {
		var err error
		if body, err = json.Marshal(b); err != nil {
			s.writeError(c, err)
			return
		}
		s.boards.Put(key, body, maxEncodedBoards)
	}
	c.Data(http.StatusOK, "application/json; charset=utf-8", body)
}

// maxEncodedBoards bounds the boards kept encoded as JSON (API.boards): a
// few views of a few contests. Every reader of one view between two
// changes gets the same bytes, and encoding 500 rows cost more than the
// rest of a request (docs/PERFORMANCE.md, "Contest boards").
const maxEncodedBoards = 16

// contestKey holds the contest a multipart submission names (its field
// "contest"), read once by submitForm for the answer and program forms.
const contestKey = "pj.contest"

// formContest reads the field "contest" of a multipart submission into
// contestKey; a value that is not an id is a 400, and false.
func (s *API) formContest(c *gin.Context) bool {
	v := c.PostForm("contest")
	if v == "" {
		return true
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		s.fail(c, judge.EINVALID, "field \"contest\" must be the id of a contest, found %q", v)
		return false
	}
	c.Set(contestKey, id)
	return true
}

// scoreboardCSV answers the board as the caller may see it as CSV (the
// final board, once the contest is over and unfrozen): judge.WriteBoardCSV.
func (s *API) scoreboardCSV(c *gin.Context) {
	body, id, ok := readByID(s, c, "contest", s.Service.ScoreboardCSV)
	if !ok {
		return
	}
	c.Header("Content-Disposition", `attachment; filename="contest-`+strconv.FormatInt(id, 10)+`-scoreboard.csv"`)
	c.Data(http.StatusOK, "text/csv; charset=utf-8", body)
}
