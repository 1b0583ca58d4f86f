package api

import (
	"bytes"
	"errors"
	"mime"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
	"puzzlejudge/web/wire"
)

// The answer workflow of issue 10: input versions on /input, per-case files
// (input.zip), answers sent per case (a JSON map or a zip of .out files), and
// what a submission shows of its history.

// setInputVersion sends the version of the input served: as X-Input-Version
// for scripts, and as the ETag so that a client may ask again with
// If-None-Match and get 304 while the boards are the same. It reports
// whether the client's copy is current (the answer then is 304).
func setInputVersion(c *gin.Context, version, suffix string) bool {
	etag := `"` + version + suffix + `"`
	c.Header("X-Input-Version", version)
	c.Header("ETag", etag)
	c.Header("Cache-Control", "no-cache")
	for _, tag := range strings.Split(c.GetHeader("If-None-Match"), ",") {
		if t := strings.TrimSpace(tag); t == etag || t == "*" || t == "W/"+etag {
			c.Status(http.StatusNotModified)
			return true
		}
	}
	return false
}

// servedInput reads the input of the path's problem and sends its version
// (setInputVersion, the ETag ending in suffix); it reports false when it
// has answered already: an error, or 304 for a client whose copy is current.
func (s *API) servedInput(c *gin.Context, suffix string) (judge.ProblemInput, bool) {
	in, err := s.Service.Input(c.Request.Context(), httpx.Viewer(c), c.Param("slug"))
	if err != nil {
		s.writeError(c, err)
		return judge.ProblemInput{}, false
	}
	if len(in.Readable()) < len(in.Cases) {
		// What is served depends on the viewer here: the samples for a
		// student, every board for an instructor.
		suffix += "-samples"
	}
	return in, !setInputVersion(c, in.Version, suffix)
}

// judgeInput serves every case of the problem that the caller may read
// (all of them, but for a problem that takes no answers the samples only
// to a student) as one classic judge input, with the case set's version.
func (s *API) judgeInput(c *gin.Context) {
	in, ok := s.servedInput(c, "")
	if !ok {
		return
	}
	c.Header("Content-Disposition", `inline; filename="`+in.Problem.Slug+`.in"`)
	c.Data(http.StatusOK, "text/plain; charset=utf-8", []byte(in.Text()))
}

// inputZip serves the cases of the problem as one classic single-case file
// each, NN-name.in, with the version of the case set.
func (s *API) inputZip(c *gin.Context) {
	in, ok := s.servedInput(c, "-zip")
	if !ok {
		return
	}
	var buf bytes.Buffer
	// Dated when the problem last changed: the same case set, the same
	// bytes, so the ETag holds.
	modified := in.Problem.UpdatedAt
	if modified.IsZero() {
		modified = in.Problem.CreatedAt
	}
	if err := judge.WriteInputZip(&buf, in.Files(), modified); err != nil {
		s.writeError(c, err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="`+in.Problem.Slug+`-`+in.Version+`.zip"`)
	c.Data(http.StatusOK, "application/zip", buf.Bytes())
}

// isMultipart reports whether the request body is a form with files.
func isMultipart(c *gin.Context) bool {
	mt, _, err := mime.ParseMediaType(c.GetHeader("Content-Type"))
	return err == nil && mt == "multipart/form-data"
}

// submitForm takes a submission as a multipart form: an answer's zip
// (submitZip) or a program's file (submitFile), as field "kind" says.
func (s *API) submitForm(c *gin.Context) {
	if err := c.Request.ParseMultipartForm(httpx.MaxBodyBytes); err != nil {
		if errorsAsMaxBytes(err) {
			s.writeError(c, err)
			return
		}
		s.fail(c, judge.EINVALID, "malformed multipart form: %v", err)
		return
	}
	if !s.formContest(c) {
		return
	}
	switch kind := c.PostForm("kind"); kind {
	case string(judge.KindAnswer):
		s.submitZip(c)
	case string(judge.KindProgram):
		s.submitFile(c)
	default:
		s.fail(c, judge.EINVALID, "a form upload is an answer or a program: field \"kind\" must be \"answer\" or \"program\", found %q", kind)
	}
}

// submitZip takes an answer as a multipart form: kind=answer, the zip of
// NN-name.out files as file, and optionally input_version.
func (s *API) submitZip(c *gin.Context) {
	data, ok := s.requiredFile(c, httpx.MaxBodyBytes, "field \"file\" is required: a zip of NN-name.out files, one per case of input.zip")
	if !ok {
		return
	}
	outputs, err := judge.ReadOutputsZip(data)
	if err != nil {
		s.writeError(c, err)
		return
	}
	sub := judge.Submission{ProblemSlug: c.Param("slug"), Kind: judge.KindAnswer, InputVersion: c.PostForm("input_version"),
		ContestID: c.GetInt64(contestKey)}
	s.accepted(c)(s.Service.SubmitOutputs(c.Request.Context(), httpx.Viewer(c), sub, outputs))
}

// accepted answers 202 with the stored submission, or the error.
func (s *API) accepted(c *gin.Context) func(judge.Submission, error) {
	return func(sub judge.Submission, err error) {
		if err != nil {
			s.writeError(c, err)
			return
		}
		out := gin.H{"id": sub.ID, "status": sub.Status}
		if sub.InputVersion != "" {
			out["input_version"] = sub.InputVersion
		}
		if sub.ContestID != 0 {
			out["contest"] = sub.ContestID // absent: practice (also after a contest's end)
		}
		c.JSON(http.StatusAccepted, out)
	}
}

// requiredFile reads the upload of the multipart field "file" (at most
// limit bytes); when it fails, or the form has none (invalid: missing), it
// answers the error and reports false.
func (s *API) requiredFile(c *gin.Context, limit int64, missing string) ([]byte, bool) {
	data, err := httpx.FormFile(c, "file", limit)
	if err == nil && data == nil {
		err = judge.Errorf(judge.EINVALID, "%s", missing)
	}
	if err != nil {
		s.writeError(c, err)
		return nil, false
	}
	return data, true
}

func errorsAsMaxBytes(err error) bool {
	var mbe *http.MaxBytesError
	return errors.As(err, &mbe)
}

// historyJSON is an earlier judging of a submission.
type historyJSON = wire.Judging

// answerFields adds to a submission's JSON what an answer holds: its input
// version and cases, its per-case outputs, and its history.
func answerFields(out *submissionJSON, sub judge.Submission) {
	out.InputVersion, out.CaseIDs = sub.InputVersion, sub.CaseIDs
	if sub.Outputs != nil {
		out.Outputs = make(map[string]string, len(sub.Outputs))
		for _, o := range sub.Outputs {
			out.Outputs[o.Name] = o.Output
		}
	}
	history := make([]historyJSON, 0, len(sub.History))
	for _, h := range sub.History {
		history = append(history, historyJSON{Verdict: h.Verdict, Score: score(h.Score), JudgedAt: h.JudgedAt, Reason: h.Reason,
			RejudgedAt: h.RejudgedAt, NewVerdict: h.NewVerdict, NewScore: score(h.NewScore)})
	}
	out.History = &history
}

// standingJSON is GET /problems/{slug}/progress: the caller's best on the
// problem (null when never tried) and standing on each board.
type standingJSON struct {
	Best   *bestJSON           `json:"best"`
	Boards []boardStandingJSON `json:"boards"`
}

type bestJSON struct {
	Verdict    judge.Verdict `json:"verdict"`
	Score      score         `json:"score"`
	Kind       judge.Kind    `json:"kind"`
	Submission int64         `json:"submission"`
	// Boards and Solved: for a best made of move submissions, the boards
	// of the problem and those solved by moves.
	Boards int `json:"boards,omitempty"`
	Solved int `json:"solved,omitempty"`
	// Withheld: of those solved, the boards whose optimum is withheld
	// from the caller (judge.BoardSolved).
	Withheld int `json:"withheld,omitempty"`
}

type boardStandingJSON struct {
	Case   int64             `json:"case"`
	Name   string            `json:"name"`
	File   string            `json:"file"`
	Status judge.BoardStatus `json:"status"`
	Score  score             `json:"score"`
}

// standing answers the caller's best and per-board standing on a problem.
func (s *API) standing(c *gin.Context) {
	best, tried, boards, err := s.Service.Standing(c.Request.Context(), httpx.Viewer(c), c.Param("slug"))
	if err != nil {
		s.writeError(c, err)
		return
	}
	cases := make([]judge.Case, len(boards))
	for i, b := range boards {
		cases[i] = b.Case
	}
	files := judge.CaseBases(cases)
	out := standingJSON{Boards: make([]boardStandingJSON, len(boards))}
	if tried {
		out.Best = &bestJSON{Verdict: best.Verdict, Score: score(best.Score), Kind: best.Kind, Submission: best.SubmissionID}
		if best.Kind == judge.KindMoves {
			out.Best.Boards, out.Best.Solved, out.Best.Withheld = best.Boards, best.Solved, best.Withheld
		}
	}
	for i, b := range boards {
		out.Boards[i] = boardStandingJSON{Case: b.Case.ID, Name: b.Case.Name, File: files[i], Status: b.Status, Score: score(b.Score)}
	}
	c.JSON(http.StatusOK, out)
}
