package pages

import (
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// submit takes the answer form (pasted text or an uploaded file), the
// moves form or the program form (source pasted or uploaded) of a problem
// page. A refused submission shows the problem page
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
		if kind := c.PostForm("kind"); v.formShown(kind) {
			v.ErrorForm = kind
		}
		p.render(c, status, "problem", v.Title, v)
	}
	f, msg := submissionForm(c, p.localeOf(c), &v)
	f.sub.ContestID = v.Contest
	if msg != "" {
		refuse(http.StatusBadRequest, msg)
		return
	}
	if p.Limiter != nil {
		if ok, wait := p.Limiter.Allow(u.ID, time.Now()); !ok {
			secs := httpx.SetRetryAfter(c, wait)
			refuse(http.StatusTooManyRequests, p.tr(c, "error_too_many_submissions", "Seconds", secs))
			return
		}
	}
	var sub judge.Submission
	var err error
	switch {
	case f.outputs != nil:
		sub, err = p.Service.SubmitOutputs(c.Request.Context(), u, f.sub, f.outputs)
	case f.sub.Kind == judge.KindProgram:
		sub, err = p.Service.SubmitProgram(c.Request.Context(), u, f.sub, f.fileName)
	default:
		sub, err = p.Service.Submit(c.Request.Context(), u, f.sub)
	}
	if err != nil {
		if judge.ErrorCode(err) == judge.ESTALEINPUT {
			// The service's message tells an API client which paths to
			// GET again; on the page, its own links are the way.
			refuse(http.StatusConflict, p.tr(c, "error_input_changed", "Yours", c.PostForm("input_version"), "Now", v.InputVersion))
			return
		}
		if status, ok := p.formError(c, err); ok {
			refuse(status, p.errorText(c, err))
		}
		return
	}
	p.redirect(c, fmt.Sprintf("/submissions/%d", sub.ID), "")
}

// sentForm is what a problem page's form sends: the submission, the
// per-case outputs of an uploaded zip (nil for any other answer), and the
// name of an uploaded program's file (its extension may name the language).
type sentForm struct {
	sub      judge.Submission
	outputs  map[string]string
	fileName string
}

// submissionForm reads the submission a problem page's form sends, keeping
// the user's text in v for the page shown again; or the message that
// refuses the form (400) when it cannot be a submission.
func submissionForm(c *gin.Context, l *locale, v *problemView) (sentForm, string) {
	f := sentForm{sub: judge.Submission{ProblemSlug: v.Problem.Slug, Kind: judge.Kind(c.PostForm("kind"))}}
	sub := &f.sub
	switch sub.Kind {
	case judge.KindAnswer:
		v.Answer = c.PostForm("output")
		sub.InputVersion = c.PostForm("input_version")
		data, err := httpx.FormFile(c, "file", httpx.MaxBodyBytes)
		if err != nil {
			return f, l.errorText(err)
		}
		text, pasted := string(data), strings.TrimSpace(v.Answer) != ""
		switch {
		case text != "" && pasted:
			return f, l.text("error_output_twice")
		case isZip(text):
			outputs, err := judge.ReadOutputsZip(data)
			if err != nil {
				return f, l.errorText(err)
			}
			f.outputs = outputs
			return f, ""
		case text != "":
			sub.Payload = text
		default:
			sub.Payload = v.Answer
		}
		if strings.TrimSpace(sub.Payload) == "" {
			return f, l.text("error_output_empty")
		}
	case judge.KindMoves:
		v.Moves = c.PostForm("moves")
		id, err := strconv.ParseInt(c.PostForm("case"), 10, 64)
		if err != nil || id <= 0 {
			return f, l.text("error_moves_no_board")
		}
		v.CaseID, sub.CaseID, sub.Payload = id, id, v.Moves
	case judge.KindProgram:
		return f, programForm(c, l, v, &f)
	default:
		return f, l.text("error_unknown_kind")
	}
	return f, ""
}

// programForm reads the program form into f: the source pasted or its
// file (not both), and the language chosen, or none when the file's
// extension names it (the service guesses it from f.fileName).
func programForm(c *gin.Context, l *locale, v *problemView, f *sentForm) string {
	v.Language, v.Source = c.PostForm("language"), c.PostForm("source")
	data, err := httpx.FormFile(c, "file", httpx.MaxBodyBytes)
	if err != nil {
		return l.errorText(err)
	}
	text, pasted := string(data), strings.TrimSpace(v.Source) != ""
	switch {
	case text != "" && pasted:
		return l.text("error_source_twice")
	case text != "":
		f.sub.Payload = text
		if fh, err := c.FormFile("file"); err == nil {
			f.fileName = fh.Filename
		}
	default:
		f.sub.Payload = v.Source
	}
	if strings.TrimSpace(f.sub.Payload) == "" {
		return l.text("error_source_empty")
	}
	f.sub.Language = v.Language
	if f.sub.Language == "" && f.fileName == "" {
		return l.text("error_no_language")
	}
	return ""
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
	// A program's language as people read it, and its source highlighted.
	Language string
	Source   template.HTML
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
		p.errorPage(c, http.StatusForbidden, p.tr(c, "error_not_yours", "ID", id))
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
	l := p.localeOf(c)
	v := submissionView{Sub: sub, CaseLabel: l.text("label_board", "ID", sub.CaseID)}
	for _, h := range sub.History {
		v.History = append(v.History, l.judging(h))
	}
	for _, r := range sub.Results {
		if r.CaseID == sub.CaseID {
			v.CaseLabel = l.text("label_board_named", "Position", r.Position, "Name", l.boardName(r.CaseName, r.Position))
		}
	}
	if sub.Kind == judge.KindMoves {
		// Only the board is drawn, never its expected answer. A board
		// deleted since is simply not drawn.
		if prob, cs, err := p.caseOf(c, u, sub.ProblemSlug, sub.CaseID); err == nil {
			cv := newCaseView(l, prob.Puzzle, cs)
			v.Board = &cv
		}
	}
	if sub.Kind == judge.KindProgram {
		// The source and the compiler's message go to those who read the
		// submission (judge.CanReadSubmission), as the API gives them.
		v.Language, v.Source = p.languageName(sub.Language), p.highlighted(sub)
	}
	if sub.ProblemSlug != "" {
		// Instructors and the author alone read a submission, and both
		// may read its author's hints.
		v.Hints, _ = p.Service.HintCount(c.Request.Context(), u, sub.UserID, sub.ProblemSlug)
	}
	p.render(c, http.StatusOK, "submission", l.text("submission_title", "ID", id), v)
}

// languageName returns how people read a language id ("C++17 (g++)"),
// the id itself when the server no longer offers it.
func (p *Pages) languageName(id string) string {
	for _, l := range p.Service.Languages() {
		if l.ID == id {
			return l.Name
		}
	}
	return id
}

// sourceCacheSize is the number of highlighted sources kept, each at most
// maxCachedSource bytes of HTML (about ten times the source): 32 MiB at
// most.
const sourceCacheSize, maxCachedSource = 16, 2 << 20

// highlighted returns a program's source highlighted, or plain (escaped)
// when chroma fails on it, which is the page's problem, not the student's.
func (p *Pages) highlighted(sub judge.Submission) template.HTML {
	if h, ok := p.sources.Get(sub.ID); ok {
		return h
	}
	h, err := highlight(sub.Language, sub.Payload)
	if err != nil {
		p.logger().Error("highlighting a source failed", "submission", sub.ID, "err", err)
		return template.HTML(`<pre class="source-plain">` + template.HTMLEscapeString(sub.Payload) + `</pre>`)
	}
	if len(h) <= maxCachedSource {
		p.sources.Put(sub.ID, h)
	}
	return h
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
	Subs          []judge.Submission
	Problem       string // slug when the list is one problem's
	User, Verdict string // the instructor's filters
	// Contest is the contest the list is of (0: any): a member reads the
	// team's submissions in it, with their authors.
	Contest          int64
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
	title := p.tr(c, "nav_my_submissions")
	// Only those who may list everyone's get the filters; the service
	// lists anyone else's own whatever the filter says.
	if judge.CanListAllSubmissions(u) {
		title = p.tr(c, "nav_all_submissions")
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
		title = p.tr(c, "submissions_title_problem", "Title", title, "Slug", slug)
	}
	if id, err := strconv.ParseInt(c.Query("contest"), 10, 64); err == nil && id > 0 {
		v.Contest, f.ContestID = id, id
		title = p.tr(c, "submissions_title_contest", "Title", title, "ID", id)
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
		if v.Contest != 0 {
			q.Set("contest", strconv.FormatInt(v.Contest, 10))
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
