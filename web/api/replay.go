package api

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// DefaultReplaysPerMinute bounds the public replays of one address when
// Options.Replays is nil: a game played by hand makes one call a move, so
// the bound is far above a player's pace and far below a flood.
const DefaultReplaysPerMinute = 600

// replayRequest is the body of POST /replay.
type replayRequest struct {
	Puzzle string `json:"puzzle"`
	Board  string `json:"board"`
	Moves  string `json:"moves"`
}

// stepJSON is one step of a replay: board is the canonical text after it
// (for an illegal move, the board it was refused on); rounds, for Mayan,
// are the pictures of the move's drag and vanish-and-fall rounds.
type stepJSON struct {
	Move    string   `json:"move"`
	Legal   bool     `json:"legal"`
	Message string   `json:"message"`
	Board   string   `json:"board"`
	Rounds  []string `json:"rounds,omitempty"`
}

type finalJSON struct {
	Solved bool `json:"solved"`
	Moves  int  `json:"moves"`
}

// replayJSON is the answer of POST /replay, and of a moves submission's
// replay (which adds its puzzle and starting board).
type replayJSON struct {
	Puzzle string     `json:"puzzle,omitempty"`
	Board  string     `json:"board,omitempty"`
	Steps  []stepJSON `json:"steps"`
	Final  finalJSON  `json:"final"`
	// Steps come a page at a time: steps are those from index from
	// (0-based) of total, and next is the from of the following page,
	// absent after the last.
	Total *int `json:"total,omitempty"`
	From  *int `json:"from,omitempty"`
	Next  *int `json:"next,omitempty"`
}

// caseReplayJSON is one case of an answer's replay.
type caseReplayJSON struct {
	Case int64  `json:"case"`
	Name string `json:"name"`
	replayJSON
}

type answerReplayJSON struct {
	Puzzle string           `json:"puzzle"`
	Cases  []caseReplayJSON `json:"cases"`
}

// stepsJSON is a replay's answer holding the steps given of r.
func stepsJSON(steps []judge.Step, r judge.Replay) replayJSON {
	out := replayJSON{Steps: make([]stepJSON, len(steps)), Final: finalJSON{Solved: r.Solved, Moves: r.Moves}}
	for i, s := range steps {
		out.Steps[i] = stepJSON{Move: s.Move, Legal: s.Legal, Message: s.Message, Board: s.Board, Rounds: s.Rounds}
	}
	return out
}

// replayPage is one page of a submission's replay: the steps from..limit.
func replayPage(r judge.Replay, from, limit int) replayJSON {
	steps, next := r.PageWithin(from, limit, judge.MaxReplayPageBytes)
	out := stepsJSON(steps, r)
	total, start := len(r.Steps), min(from, len(r.Steps))
	out.Total, out.From = &total, &start
	if next >= 0 {
		out.Next = &next
	}
	return out
}

// replay answers POST /replay?from=&limit=: a page of the steps of moves on
// a board, for anyone. The page is bounded like a submission's replay: the
// whole replay of a 4 KiB move text was 1,000 times its request, and 256
// clients that never read held 2 GiB of answers.
func (s *API) replay(c *gin.Context) {
	from, limit, ok := s.pageQuery(c)
	if !ok {
		return
	}
	var req replayRequest
	if !s.readJSON(c, &req) {
		return
	}
	r, err := s.Service.ReplayMoves(c.Request.Context(), req.Puzzle, req.Board, req.Moves)
	if err != nil {
		s.writeError(c, err)
		return
	}
	s.writeReplay(c, replayPage(r, from, limit))
}

// pageQuery reads ?from= and ?limit= of a replay's page; false when it
// answered the error.
func (s *API) pageQuery(c *gin.Context) (from, limit int, ok bool) {
	from, err := queryInt(c, "from", 0, 0)
	if err == nil {
		limit, err = queryInt(c, "limit", judge.DefaultReplayPage, judge.MaxReplayPage)
	}
	if err == nil && limit == 0 {
		err = judge.Errorf(judge.EINVALID, "query parameter limit must be at least 1")
	}
	if err != nil {
		s.writeError(c, err)
		return 0, 0, false
	}
	return from, limit, true
}

// writeReplay answers a replay, writing its steps one by one as they are
// encoded, so that no copy of the whole answer is held for a slow reader.
func (s *API) writeReplay(c *gin.Context, out replayJSON) {
	steps := out.Steps
	out.Steps = []stepJSON{}
	head, err := json.Marshal(out)
	if err != nil {
		s.writeError(c, err)
		return
	}
	// The fields are in struct order; a JSON string never holds an
	// unescaped quote, so the first `"steps":[` is the field.
	at := bytes.Index(head, []byte(`"steps":[`)) + len(`"steps":[`)
	c.Header("Content-Type", "application/json; charset=utf-8")
	c.Status(200)
	w := c.Writer
	if _, err := w.Write(head[:at]); err != nil {
		return
	}
	for i, st := range steps {
		b, err := json.Marshal(st)
		if err != nil {
			return
		}
		if i > 0 {
			b = append([]byte{','}, b...)
		}
		if _, err := w.Write(b); err != nil {
			return // the client went away, or stopped reading (httpx.SlowReaders)
		}
	}
	_, _ = w.Write(head[at:])
}

// submissionReplay answers GET /submissions/{id}/replay?from=&limit=, for
// the owner and instructors (the service decides): a page of steps, of
// each case for an answer, since a long replay is megabytes.
func (s *API) submissionReplay(c *gin.Context) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		s.fail(c, judge.ENOTFOUND, "submission not found")
		return
	}
	from, limit, ok := s.pageQuery(c)
	if !ok {
		return
	}
	r, err := s.Service.ReplaySubmission(c.Request.Context(), httpx.Viewer(c), id)
	if err != nil {
		s.writeError(c, err)
		return
	}
	if r.Replay != nil {
		out := replayPage(*r.Replay, from, limit)
		out.Puzzle, out.Board = r.Puzzle, r.Start
		s.writeReplay(c, out)
		return
	}
	out := answerReplayJSON{Puzzle: r.Puzzle, Cases: make([]caseReplayJSON, len(r.Cases))}
	for i, cr := range r.Cases {
		rj := replayPage(cr.Replay, from, limit)
		rj.Board = cr.Start
		out.Cases[i] = caseReplayJSON{Case: cr.CaseID, Name: cr.CaseName, replayJSON: rj}
	}
	c.JSON(200, out)
}

// addressLimit refuses (429) an address past its budget of public replays.
func (s *API) addressLimit() gin.HandlerFunc {
	return func(c *gin.Context) {
		l := s.replays()
		if ok, wait := l.AllowAddr(c.ClientIP(), time.Now()); !ok {
			s.writeError(c, httpx.RateLimited(wait, "too many replays from this address: at most %d per minute, try again in %d s", l.PerMinute()))
			return
		}
		c.Next()
	}
}

// replays returns the replay limiter, making the default one on first use.
func (s *API) replays() *httpx.RateLimiter {
	s.replayOnce.Do(func() {
		if s.Options.Replays == nil {
			s.Options.Replays = httpx.NewRateLimiter(DefaultReplaysPerMinute)
		}
	})
	return s.Options.Replays
}
