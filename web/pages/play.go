package pages

import (
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// The play and replay pages never carry a puzzle's rules: every move the
// player makes is sent to POST /api/v1/replay, and every board shown is
// drawn here from the canonical text the engines returned (GET /play/board).
// What the pages know of a puzzle is only how its moves are picked: the
// player of each puzzle, added by its svg_<puzzle>.go.

// playButton is a button that plays one move: a colour of the palette, a
// letter of the Rotation board. Key is the key that presses it.
type playButton struct {
	Move, Label, Key, Title string
	Fill, Ink               string // colours of a palette button; "" for plain
}

// player is how the moves of a puzzle are picked on the play page.
type player struct {
	// Buttons returns the move buttons of a board (canonical text).
	Buttons func(l *locale, input string) []playButton
	// Blocks: the board's pictures mark blocks (data-block) that are
	// selected and then moved left or right (data-left, data-right).
	Blocks bool
	// Sep joins moves into a move text.
	Sep string
	// Help is the message id of how to play, a sentence:
	// play_help_<puzzle>, which builtMessages counts.
	Help string
	// Goal, when set, says what solves a board (canonical text), when it
	// is more than reaching the end: Mayan's exactly n moves.
	Goal func(l *locale, input string) string
}

// players holds the player of each puzzle, keyed by its registered name.
var players = map[string]player{}

// playView is the data of the play page.
type playView struct {
	Problem judge.Problem
	Case    judge.Case
	Board   caseView
	Player  player
	Buttons []playButton
	Help    string // how to play, in the reader's language
	Goal    string // what solves this board, when the puzzle says more than Help
	Hints   bool   // the Hint button is offered
	Taken   int    // the hints the player was given on this problem
	Solved  bool   // the board is solved before any move (a Flood-it board of one colour)
}

// playPage shows one board of a problem to play: anyone may play a board
// whose input the judge gives out.
func (p *Pages) playPage(c *gin.Context) {
	prob, cases, err := p.Service.Problem(c.Request.Context(), httpx.Viewer(c), c.Param("slug"))
	if err != nil {
		p.fail(c, err)
		return
	}
	id, _ := strconv.ParseInt(c.Param("case"), 10, 64)
	var cs *judge.Case
	for i := range cases {
		if cases[i].ID == id {
			cs = &cases[i]
		}
	}
	l := p.localeOf(c)
	if cs == nil {
		p.errorPage(c, http.StatusNotFound, l.text("error_no_board", "Slug", prob.Slug, "Case", c.Param("case")))
		return
	}
	if cs.Secret {
		// The service's refusal says why (judge.CanReadInput).
		_, err := p.Service.Case(c.Request.Context(), httpx.Viewer(c), prob.Slug, cs.ID)
		p.fail(c, err)
		return
	}
	pl, ok := players[prob.Puzzle]
	if !ok {
		p.errorPage(c, http.StatusNotFound, l.text("error_not_playable", "Puzzle", l.puzzleName(prob.Puzzle)))
		return
	}
	v := playView{Problem: prob, Case: *cs, Board: newCaseView(l, prob.Puzzle, *cs), Player: pl, Help: l.text(pl.Help), Buttons: pl.Buttons(l, cs.Input)}
	v.Board.Picture, _ = boardPicture(l, prob.Puzzle, "play", cs.Input)
	if pl.Goal != nil {
		v.Goal = pl.Goal(l, cs.Input)
	}
	// "Make your first move" on a board that needs none misleads: say it is
	// solved already (its answer is 0 moves, or "No moves needed").
	if r, err := p.Service.ReplayMoves(c.Request.Context(), prob.Puzzle, cs.Input, ""); err == nil {
		v.Solved = r.Solved
	}
	if on, err := p.Service.ProblemHints(c.Request.Context(), prob.Slug); err == nil && on {
		v.Hints = judge.CanHint(httpx.Viewer(c), *cs)
	}
	if v.Hints {
		u := httpx.Viewer(c)
		v.Taken, _ = p.Service.HintCount(c.Request.Context(), u, u.ID, prob.Slug)
	}
	p.render(c, http.StatusOK, "play", l.text("play_title", "Title", prob.TitleIn(l.Lang), "Case", l.boardName(cs.Name, cs.Position)), v)
}

// boardSVG answers GET /play/board?puzzle=&board=&id=: the picture of a
// board given as canonical text, for the play and replay pages to show the
// boards the replay API returned. It draws any board, so it reveals nothing.
// Its errors are JSON {error: {code, message}}, as every error of the
// server, for the script to show the message.
func (p *Pages) boardSVG(c *gin.Context) {
	board := c.Query("board")
	if len(board) > judge.MaxCaseBytes {
		p.jsonError(c, "play board", judge.Errort(httpx.ETOOLARGE, "board_too_large", "the board has more than {Max} bytes", "Max", judge.MaxCaseBytes))
		return
	}
	pic, err := boardPicture(p.localeOf(c), c.Query("puzzle"), c.DefaultQuery("id", "play"), board)
	if err != nil {
		p.jsonError(c, "play board", judge.Errorf(judge.EINVALID, "%s", err.Error()))
		return
	}
	// The same board always gives the same picture.
	c.Header("Cache-Control", "public, max-age=86400")
	c.Data(http.StatusOK, "image/svg+xml; charset=utf-8", []byte(pic))
}

// playMove answers GET /play/move?puzzle=&board=&moves=, the play page's
// one request per move: the engine replays the whole move list (as POST
// /api/v1/replay does) and the answer holds the last step, the final state
// and the picture of the board after the last legal move, so that a click
// costs one round trip instead of a replay and then a picture. The same
// question always has the same answer, so undo and redo may come from the
// browser's cache. It shares the API's budget of public replays.
func (p *Pages) playMove(c *gin.Context) {
	if ok, wait := p.Replays.AllowAddr(c.ClientIP(), time.Now()); !ok {
		p.jsonError(c, "play move", httpx.RateLimited(wait, "too many moves from this address: at most %d per minute, try again in %d s", p.Replays.PerMinute()))
		return
	}
	puzzle, board := c.Query("puzzle"), c.Query("board")
	r, err := p.Service.ReplayMoves(c.Request.Context(), puzzle, board, c.Query("moves"))
	if err != nil {
		p.jsonError(c, "play move", err)
		return
	}
	var last map[string]any
	if n := len(r.Steps); n > 0 {
		s := r.Steps[n-1]
		last = map[string]any{"move": s.Move, "legal": s.Legal, "message": p.localeOf(c).judgeText(s), "board": s.Board}
		board = s.Board
	}
	pic, err := boardPicture(p.localeOf(c), puzzle, "play", board)
	if err != nil {
		p.jsonError(c, "play move", err)
		return
	}
	c.Header("Cache-Control", "public, max-age=3600")
	c.JSON(http.StatusOK, gin.H{"step": last, "final": gin.H{"solved": r.Solved, "moves": r.Moves}, "picture": pic})
}

// replayView is the data of a submission's replay page. A replay can be
// long (10,000 moves), so the page holds one page of its steps, the one it
// opens at, and its script asks GET /submissions/{id}/replay/steps for the
// others as the player scrubs.
type replayView struct {
	Sub     judge.Submission
	Puzzle  string
	Cases   []judge.CaseReplay // answers: every case with moves
	Current int                // index in Cases of the case shown
	Start   string
	Steps   []stepView // the page of steps shown first
	Total   int        // the steps in all
	Final   judge.Replay
	Data    template.JS // the page of steps, as JSON, for the page's script
	Picture template.HTML
}

// stepView is a step with its number (1-based) in the whole replay.
type stepView struct {
	N int
	judge.Step
}

// replayCase picks the replay shown: a moves submission's, or the case
// asked by ?case= (its id) of an answer's; false when an answer holds no
// moves.
func replayCase(c *gin.Context, r judge.SubmissionReplay) (start string, rep judge.Replay, current int, ok bool) {
	switch {
	case r.Replay != nil:
		return r.Start, *r.Replay, 0, true
	case len(r.Cases) == 0:
		return "", judge.Replay{}, 0, false
	}
	// ?case= is the case's id, as everywhere else; absent or unknown, the
	// first case with moves.
	id, _ := strconv.ParseInt(c.Query("case"), 10, 64)
	current = max(slices.IndexFunc(r.Cases, func(cr judge.CaseReplay) bool { return cr.CaseID == id }), 0)
	return r.Cases[current].Start, r.Cases[current].Replay, current, true
}

// replayPage shows a submission's moves step by step, to those the service
// lets read the submission. It opens at the failing move when there is
// one, which is what the student came to see, with the page of steps that
// holds it.
func (p *Pages) replayPage(c *gin.Context) {
	_, r, id, ok := needRead(p, c, p.needUser, "submission", p.Service.ReplaySubmission)
	if !ok {
		return
	}
	v := replayView{Sub: r.Submission, Puzzle: r.Puzzle, Cases: r.Cases}
	v.Start, v.Final, v.Current, ok = replayCase(c, r)
	if !ok {
		p.errorPage(c, http.StatusNotFound, p.tr(c, "error_no_moves_to_replay"))
		return
	}
	v.Total = len(v.Final.Steps)
	bad, from := 0, 0
	if v.Total > 0 && !v.Final.Steps[v.Total-1].Legal {
		bad = v.Total
		from = (v.Total - 1) / judge.DefaultReplayPage * judge.DefaultReplayPage
	}
	steps, _ := v.Final.Page(from, judge.DefaultReplayPage)
	for i, s := range steps {
		v.Steps = append(v.Steps, stepView{N: from + i + 1, Step: s})
	}
	v.Picture, _ = boardPicture(p.localeOf(c), r.Puzzle, "play", v.Start)
	var caseParam int64 // an answer's: the case shown
	if len(v.Cases) > 0 {
		caseParam = v.Cases[v.Current].CaseID
	}
	data, err := json.Marshal(map[string]any{"puzzle": r.Puzzle, "board": v.Start, "total": v.Total, "bad": bad,
		"page": judge.DefaultReplayPage, "from": from, "steps": replaySteps(p.localeOf(c), steps),
		"url": fmt.Sprintf("/submissions/%d/replay/steps?case=%d", id, caseParam)})
	if err != nil {
		p.fail(c, err)
		return
	}
	v.Data = template.JS(data)
	p.render(c, http.StatusOK, "replay", p.tr(c, "replay_title", "ID", id), v)
}

// replayStepsPage answers GET /submissions/{id}/replay/steps?case=&from=&limit=
// in JSON: a page of the replay's steps (at most judge.MaxReplayPage), for
// the replay page's script, to those who may read the submission.
func (p *Pages) replayStepsPage(c *gin.Context) {
	if ok, wait := p.Replays.AllowAddr(c.ClientIP(), time.Now()); !ok {
		p.jsonError(c, "replay", httpx.RateLimited(wait, "too many replays from this address: at most %d per minute, try again in %d s", p.Replays.PerMinute()))
		return
	}
	id, _ := strconv.ParseInt(c.Param("id"), 10, 64)
	from, _ := strconv.Atoi(c.DefaultQuery("from", "0"))
	limit, err := strconv.Atoi(c.DefaultQuery("limit", strconv.Itoa(judge.DefaultReplayPage)))
	if err != nil || limit < 1 || limit > judge.MaxReplayPage {
		p.jsonError(c, "replay", judge.Errorf(judge.EINVALID, "limit must be 1 to %d", judge.MaxReplayPage))
		return
	}
	r, err := p.Service.ReplaySubmission(c.Request.Context(), httpx.Viewer(c), id)
	if err != nil {
		p.jsonError(c, "replay", err)
		return
	}
	_, rep, _, ok := replayCase(c, r)
	if !ok {
		p.jsonError(c, "replay", judge.Errort(judge.ENOTFOUND, "no_moves_to_replay", "this answer holds no moves to replay"))
		return
	}
	from = min(max(from, 0), len(rep.Steps))
	steps, next := rep.Page(from, limit)
	out := gin.H{"steps": replaySteps(p.localeOf(c), steps), "total": len(rep.Steps), "from": from}
	if next >= 0 {
		out["next"] = next
	}
	c.JSON(http.StatusOK, out)
}

// replaySteps is the steps as the page's script reads them: the API's
// shape, the messages in the reader's language.
func replaySteps(l *locale, steps []judge.Step) []map[string]any {
	out := make([]map[string]any, len(steps))
	for i, s := range steps {
		out[i] = map[string]any{"move": s.Move, "legal": s.Legal, "message": l.judgeText(s), "board": s.Board, "rounds": s.Rounds}
	}
	return out
}

// hint answers the play page's Hint button (a form post with the CSRF
// token, answered in JSON): the next move of an optimal continuation, and
// the hints the player has now been given on the problem.
func (p *Pages) hint(c *gin.Context) {
	u, _ := httpx.CurrentUser(c)
	id, _ := strconv.ParseInt(c.Param("case"), 10, 64)
	move, err := p.Service.Hint(c.Request.Context(), u, c.Param("slug"), id, c.PostForm("moves"))
	if err != nil {
		p.jsonError(c, "hint", err)
		return
	}
	taken, err := p.Service.HintCount(c.Request.Context(), u, u.ID, c.Param("slug"))
	if err != nil {
		p.jsonError(c, "hint", err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"move": move, "hints": taken})
}

// jsonError answers an error of the play page's script in the API's shape,
// {"error": {code, message}}; a server failure is logged and not told.
func (p *Pages) jsonError(c *gin.Context, what string, err error) {
	status := httpx.StatusOf(err)
	httpx.SetRetryAfterOf(c, err)
	msg := p.errorText(c, err)
	if status == http.StatusInternalServerError {
		p.logger().Error(what+" failed", "err", err)
		msg = p.tr(c, "error_internal")
	}
	c.JSON(status, gin.H{"error": gin.H{"code": judge.ErrorCode(err), "message": msg}})
}

// setHints turns a problem's hints on or off from the boards page.
func (p *Pages) setHints(c *gin.Context) {
	u, ok := p.needTo(judge.CanSetHints)(c)
	if !ok {
		return
	}
	on := c.PostForm("hints") == "on"
	err := p.Service.SetProblemHints(c.Request.Context(), u, c.Param("slug"), on)
	msg := p.tr(c, "flash_hints_off")
	if on {
		msg = p.tr(c, "flash_hints_on")
	}
	p.finishAction(c, err, "/problems/"+c.Param("slug")+"/cases", msg)
}
