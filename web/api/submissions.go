package api

import (
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
	"puzzlejudge/web/wire"
)

// submitRequest is the body of POST /problems/{slug}/submissions: either
// {kind:"answer", output} or {kind:"answer", outputs: {"NN-name": text}}
// (optionally with the input_version answered), or {kind:"moves", case,
// moves}, or {kind:"program", language, source}. A zip of per-case outputs,
// or a program's file, comes as a multipart form (submitZip, submitFile).
type submitRequest struct {
	Kind         judge.Kind        `json:"kind"`
	Language     string            `json:"language"`
	Source       string            `json:"source"`
	Output       string            `json:"output"`
	Outputs      map[string]string `json:"outputs"`
	InputVersion string            `json:"input_version"`
	Case         int64             `json:"case"`
	Moves        string            `json:"moves"`
	// Contest names the contest the submission is made in (0: practice).
	Contest int64 `json:"contest"`
}

// submissionJSON is a submission as the API shows it (wire.Submission,
// which pj reads too).
type submissionJSON = wire.Submission

// resultJSON is one case row of a submission's result.
type resultJSON = wire.CaseResult

func toSubmissionJSON(sub judge.Submission) submissionJSON {
	out := submissionJSON{ID: sub.ID, User: sub.Username, Problem: sub.ProblemSlug, Kind: sub.Kind, Case: sub.CaseID,
		Status: sub.Status, Verdict: sub.Verdict, Score: score(sub.Score), CreatedAt: sub.CreatedAt, JudgedAt: sub.JudgedAt, Changed: sub.Changed,
		Waiting: sub.WaitingText().Text()}
	if sub.Kind == judge.KindProgram {
		out.Language = sub.Language
		if sub.Status == judge.StatusDone {
			out.CPUMs, out.MemoryKiB = &sub.CPUMs, &sub.MemoryKiB
		}
	}
	return out
}

func toResultJSON(kind judge.Kind, r judge.CaseResult) resultJSON {
	out := resultJSON{Case: r.CaseID, Name: r.CaseName, Position: r.Position,
		Verdict: r.Verdict, Message: r.Message, Used: r.Used, Optimal: r.Optimal, Score: score(r.Score)}
	if kind == judge.KindProgram {
		out.CPUMs, out.WallMs, out.MemoryKiB = &r.CPUMs, &r.WallMs, &r.MemoryKiB
	}
	if r.Run != nil {
		run := wire.RunOutput(*r.Run)
		out.RunOutput = &run
	}
	return out
}

// submit stores a submission as pending and answers 202; workers judge it.
func (s *API) submit(c *gin.Context) {
	if isMultipart(c) {
		s.submitForm(c)
		return
	}
	var req submitRequest
	if !s.readJSON(c, &req) {
		return
	}
	sub := judge.Submission{ProblemSlug: c.Param("slug"), Kind: req.Kind, ContestID: req.Contest}
	switch req.Kind {
	case judge.KindAnswer:
		sub.Payload, sub.InputVersion = req.Output, req.InputVersion
		if req.Outputs != nil {
			if req.Output != "" {
				s.fail(c, judge.EINVALID, "send either \"output\" (the whole output) or \"outputs\" (one per case), not both")
				return
			}
			s.accepted(c)(s.Service.SubmitOutputs(c.Request.Context(), httpx.Viewer(c), sub, req.Outputs))
			return
		}
	case judge.KindMoves:
		if req.Case <= 0 {
			s.fail(c, judge.EINVALID, "field \"case\" is required for kind \"moves\": the id of a case of the problem")
			return
		}
		sub.CaseID, sub.Payload = req.Case, req.Moves
	case judge.KindProgram:
		sub.Language, sub.Payload = req.Language, req.Source
	default:
		s.fail(c, judge.EINVALID, "field \"kind\" must be \"answer\", \"moves\" or \"program\", found %q", req.Kind)
		return
	}
	s.accepted(c)(s.Service.Submit(c.Request.Context(), httpx.Viewer(c), sub))
}

// getSubmission shows a submission with its case rows to those the service
// lets read it (its owner and instructors). Rows carry verdicts and messages only: the judge's messages
// never contain a hidden case's expected answer.
func (s *API) getSubmission(c *gin.Context) {
	sub, _, ok := readByID(s, c, "submission", s.Service.Submission)
	if !ok {
		return
	}
	if err := s.Service.SeenBy(c.Request.Context(), sub, httpx.Viewer(c)); err != nil {
		s.writeError(c, err)
		return
	}
	out := toSubmissionJSON(sub)
	if sub.Kind == judge.KindProgram {
		out.ProgramText = &wire.ProgramText{Source: sub.Payload, CompileOutput: sub.CompileOutput}
	} else {
		out.Payload = sub.Payload
	}
	answerFields(&out, sub)
	if sub.ProblemSlug != "" {
		n, err := s.Service.HintCount(c.Request.Context(), httpx.Viewer(c), sub.UserID, sub.ProblemSlug)
		switch {
		case err == nil:
			out.Hints = &n
		case judge.ErrorCode(err) != judge.ENOTFOUND && judge.ErrorCode(err) != judge.EFORBIDDEN:
			// Forbidden: a teammate reads the submission, not its
			// author's hints.
			s.writeError(c, err)
			return
		}
	}
	out.Cases = make([]resultJSON, 0, len(sub.Results))
	for _, r := range sub.Results {
		out.Cases = append(out.Cases, toResultJSON(sub.Kind, r))
	}
	c.JSON(http.StatusOK, out)
}

// maxPageSize bounds ?limit so that one request cannot ask for everything.
const maxPageSize = 500

// listSubmissions lists submissions newest first: a student's own, or for an
// instructor everyone's (optionally ?user=name). ?problem=slug and
// ?verdict=v filter; ?limit and ?offset (or ?page, 1-based) paginate, and the
// total count is in the X-Total-Count header.
func (s *API) listSubmissions(c *gin.Context) {
	limit, err := queryInt(c, "limit", 50, maxPageSize)
	if err != nil {
		s.writeError(c, err)
		return
	}
	offset, err := queryInt(c, "offset", 0, 0)
	if err != nil {
		s.writeError(c, err)
		return
	}
	if limit == 0 {
		limit = 50
	}
	if c.Query("page") != "" {
		const maxPage = 1_000_000
		page, err := queryInt(c, "page", 1, 0)
		switch {
		case err != nil || page < 1:
			s.fail(c, judge.EINVALID, "query parameter page must be a positive integer, found %q", c.Query("page"))
			return
		case page > maxPage:
			s.fail(c, judge.EINVALID, "query parameter page must be at most %d", maxPage)
			return
		}
		offset = (page - 1) * limit
	}
	// ?user is for instructors; the service lists anyone else's own.
	f := judge.SubmissionFilter{ProblemSlug: c.Query("problem"), Username: c.Query("user"), Verdict: judge.Verdict(c.Query("verdict")),
		Limit: limit, Offset: offset}
	// ?contest: those naming it; a member of one of its teams lists the
	// team's (the service says so).
	if v := c.Query("contest"); v != "" {
		id, err := strconv.ParseInt(v, 10, 64)
		if err != nil || id <= 0 {
			s.fail(c, judge.EINVALID, "query parameter contest must be the id of a contest, found %q", v)
			return
		}
		f.ContestID = id
	}
	subs, total, err := s.Service.Submissions(c.Request.Context(), httpx.Viewer(c), f)
	if err != nil {
		s.writeError(c, err)
		return
	}
	out := make([]submissionJSON, 0, len(subs))
	for _, sub := range subs {
		out = append(out, toSubmissionJSON(sub))
	}
	c.Header("X-Total-Count", strconv.Itoa(total))
	c.JSON(http.StatusOK, out)
}

// checkRequest is the body of POST /check.
type checkRequest struct {
	Puzzle string `json:"puzzle"`
	Board  string `json:"board"`
	Moves  string `json:"moves"`
}

// check judges a move text on one inline board now (solving the board under
// the service's solve timeout) and stores it as a submission of kind check.
func (s *API) check(c *gin.Context) {
	var req checkRequest
	if !s.readJSON(c, &req) {
		return
	}
	if req.Puzzle == "" || req.Board == "" {
		s.fail(c, judge.EINVALID, "fields \"puzzle\" and \"board\" are required")
		return
	}
	res, err := s.Service.Check(c.Request.Context(), httpx.Viewer(c), req.Puzzle, req.Board, req.Moves)
	if err != nil {
		s.writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, wire.Check{Verdict: res.Verdict, Score: score(res.Score), Used: res.Used,
		Optimal: res.Optimal, Message: res.Message, Submission: res.SubmissionID})
}
