package pages

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// submit takes the answer form (pasted text or an uploaded file) or the
// moves form of a problem page. A refused submission shows the problem page
// again with the reason and the user's text kept.
func (p *Pages) submit(c *gin.Context) {
	u, ok := p.needUser(c)
	if !ok {
		return
	}
	v, ok := p.loadProblem(c)
	if !ok {
		return
	}
	refuse := func(status int, msg string) {
		v.Error = msg
		p.render(c, status, "problem", v.Problem.Title, v)
	}
	sub, outputs, msg := submissionForm(c, &v)
	sub.ContestID = v.Contest
	if msg != "" {
		refuse(http.StatusBadRequest, msg)
		return
	}
	if p.Limiter != nil {
		if ok, wait := p.Limiter.Allow(u.ID, time.Now()); !ok {
			secs := httpx.SetRetryAfter(c, wait)
			refuse(http.StatusTooManyRequests, fmt.Sprintf("Too many submissions in a short time: try again in %d s.", secs))
			return
		}
	}
	var err error
	if outputs != nil {
		sub, err = p.Service.SubmitOutputs(c.Request.Context(), u, sub, outputs)
	} else {
		sub, err = p.Service.Submit(c.Request.Context(), u, sub)
	}
	if err != nil {
		if judge.ErrorCode(err) == judge.ESTALEINPUT {
			// The service's message tells an API client which paths to
			// GET again; on the page, its own links are the way.
			refuse(http.StatusConflict, fmt.Sprintf("The boards of this problem changed after you downloaded its input (your output answers version %s; the input is now version %s). Download the judge input again from the link above, run your program on it and submit that output.", c.PostForm("input_version"), v.InputVersion))
			return
		}
		if status, ok := p.formError(c, err); ok {
			refuse(status, judge.ErrorMessage(err))
		}
		return
	}
	p.redirect(c, fmt.Sprintf("/submissions/%d", sub.ID), "")
}

// submissionForm reads the submission a problem page's form sends, keeping
// the user's text in v for the page shown again: the submission, the
// per-case outputs of an uploaded zip (nil for any other answer), or the
// message that refuses the form (400) when it cannot be a submission.
func submissionForm(c *gin.Context, v *problemView) (judge.Submission, map[string]string, string) {
	sub := judge.Submission{ProblemSlug: v.Problem.Slug, Kind: judge.Kind(c.PostForm("kind"))}
	switch sub.Kind {
	case judge.KindAnswer:
		v.Answer = c.PostForm("output")
		sub.InputVersion = c.PostForm("input_version")
		data, err := httpx.FormFile(c, "file", httpx.MaxBodyBytes)
		if err != nil {
			return sub, nil, judge.ErrorMessage(err)
		}
		text, pasted := string(data), strings.TrimSpace(v.Answer) != ""
		switch {
		case text != "" && pasted:
			return sub, nil, "Paste the output or choose a file, not both."
		case isZip(text):
			outputs, err := judge.ReadOutputsZip(data)
			if err != nil {
				return sub, nil, judge.ErrorMessage(err)
			}
			return sub, outputs, ""
		case text != "":
			sub.Payload = text
		default:
			sub.Payload = v.Answer
		}
		if strings.TrimSpace(sub.Payload) == "" {
			return sub, nil, "The output is empty: paste your program's output or choose its file."
		}
	case judge.KindMoves:
		v.Moves = c.PostForm("moves")
		id, err := strconv.ParseInt(c.PostForm("case"), 10, 64)
		if err != nil || id <= 0 {
			return sub, nil, "Choose the board the moves are for."
		}
		v.CaseID, sub.CaseID, sub.Payload = id, id, v.Moves
	default:
		return sub, nil, "Unknown kind of submission: use one of the two forms."
	}
	return sub, nil, ""
}

// isZip reports whether an uploaded file is a zip archive (of per-case
// outputs) rather than an output text: its first bytes say so.
func isZip(text string) bool {
	return strings.HasPrefix(text, "PK\x03\x04") || strings.HasPrefix(text, "PK\x05\x06")
}

// submissionView is the data of a submission's page.
type submissionView struct {
	Sub       judge.Submission
	CaseLabel string    // for moves: which board
	Board     *caseView // for moves: the board, drawn (nil when it is gone)
	History   []string  // the rejudges, oldest first (Judging.String)
	Hints     int       // hints the author took on the problem: shown to instructors, and to the author when any
}

// refresh makes the page reload every second until the judging is done.
func (v submissionView) refresh() int {
	if v.Sub.Status != judge.StatusDone {
		return 1
	}
	return 0
}

// submissionPage shows a verdict with its per-case table to those the
// service lets read it (its owner and instructors).
func (p *Pages) submissionPage(c *gin.Context) {
	u, id, ok := p.needID(c, p.needUser, "submission")
	if !ok {
		return
	}
	sub, err := p.Service.Submission(c.Request.Context(), u, id)
	if judge.ErrorCode(err) == judge.EFORBIDDEN {
		p.errorPage(c, http.StatusForbidden, fmt.Sprintf("Submission %d is not yours.", id))
		return
	}
	if err != nil {
		p.fail(c, err)
		return
	}
	if err := p.Service.SeenBy(c.Request.Context(), sub, u); err != nil {
		p.fail(c, err)
		return
	}
	v := submissionView{Sub: sub, CaseLabel: fmt.Sprintf("board %d", sub.CaseID)}
	for _, h := range sub.History {
		v.History = append(v.History, h.String())
	}
	for _, r := range sub.Results {
		if r.CaseID == sub.CaseID {
			v.CaseLabel = fmt.Sprintf("board %d. %s", r.Position, r.CaseName)
		}
	}
	if sub.Kind == judge.KindMoves {
		// Only the board is drawn, never its expected answer. A board
		// deleted since is simply not drawn.
		if prob, cs, err := p.caseOf(c, u, sub.ProblemSlug, sub.CaseID); err == nil {
			cv := newCaseView(prob.Puzzle, cs)
			v.Board = &cv
		}
	}
	if sub.ProblemSlug != "" {
		// Instructors and the author alone read a submission, and both
		// may read its author's hints.
		v.Hints, _ = p.Service.HintCount(c.Request.Context(), u, sub.UserID, sub.ProblemSlug)
	}
	p.render(c, http.StatusOK, "submission", fmt.Sprintf("Submission %d", id), v)
}

// caseOf returns a case of a problem, as u may see it, with the problem
// (for its puzzle).
func (p *Pages) caseOf(c *gin.Context, u judge.User, slug string, id int64) (judge.Problem, judge.Case, error) {
	prob, cases, err := p.Service.Problem(c.Request.Context(), u, slug)
	if err != nil {
		return prob, judge.Case{}, err
	}
	for _, cs := range cases {
		if cs.ID == id {
			return prob, cs, nil
		}
	}
	return prob, judge.Case{}, judge.Errorf(judge.ENOTFOUND, "no board %d in %s", id, slug)
}

// pageSize is the number of submissions per page of a list.
const pageSize = 20

// submissionsView is the data of a list of submissions.
type submissionsView struct {
	Subs             []judge.Submission
	Problem          string // slug when the list is one problem's
	User, Verdict    string // the instructor's filters
	Verdicts         []judge.Verdict
	Page, Pages      int
	Total            int
	PrevURL, NextURL string
}

var allVerdicts = judge.Verdicts()

// submissionList shows a student's own submissions, or everyone's to an
// instructor (filterable by student and verdict), newest first.
func (p *Pages) submissionList(c *gin.Context) {
	p.listSubmissions(c, "")
}

// problemSubmissions is submissionList for one problem.
func (p *Pages) problemSubmissions(c *gin.Context) {
	if _, _, err := p.Service.Problem(c.Request.Context(), httpx.Viewer(c), c.Param("slug")); err != nil {
		p.fail(c, err)
		return
	}
	p.listSubmissions(c, c.Param("slug"))
}

func (p *Pages) listSubmissions(c *gin.Context, slug string) {
	u, ok := p.needUser(c)
	if !ok {
		return
	}
	page, err := strconv.Atoi(c.DefaultQuery("page", "1"))
	if err != nil || page < 1 || page > 1_000_000 {
		page = 1
	}
	v := submissionsView{Problem: slug, Verdicts: allVerdicts, Page: page}
	f := judge.SubmissionFilter{ProblemSlug: slug, Limit: pageSize, Offset: (page - 1) * pageSize}
	title := "My submissions"
	// Only those who may list everyone's get the filters; the service
	// lists anyone else's own whatever the filter says.
	if judge.CanListAllSubmissions(u) {
		title = "All submissions"
		v.User = strings.TrimSpace(c.Query("user"))
		v.Verdict = c.Query("verdict")
		f.Username = v.User
		for _, verdict := range allVerdicts {
			if string(verdict) == v.Verdict {
				f.Verdict = verdict
			}
		}
		if f.Verdict == "" {
			v.Verdict = ""
		}
	}
	if slug != "" {
		title += " to " + slug
	}
	subs, total, err := p.Service.Submissions(c.Request.Context(), u, f)
	if err != nil {
		p.fail(c, err)
		return
	}
	v.Subs, v.Total = subs, total
	v.Pages = max(1, (total+pageSize-1)/pageSize)
	link := func(page int) string {
		q := url.Values{}
		if v.User != "" {
			q.Set("user", v.User)
		}
		if v.Verdict != "" {
			q.Set("verdict", v.Verdict)
		}
		q.Set("page", strconv.Itoa(page))
		return c.Request.URL.Path + "?" + q.Encode()
	}
	if page > 1 {
		v.PrevURL = link(min(page-1, v.Pages))
	}
	if page < v.Pages {
		v.NextURL = link(page + 1)
	}
	p.render(c, http.StatusOK, "submissions", title, v)
}
