package pages

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// The clarification page of a contest: contestants ask the jury, the jury
// answers and announces; new messages appear without a reload (the page
// polls its own list, ?poll=1, every few seconds, with an ETag) and the
// unread ones are counted in the page's title.

// clarificationsView is the data of the page.
type clarificationsView struct {
	List   service.ClarificationList
	Me     judge.User
	Jury   bool
	CanAsk bool
	Form   clarificationForm
	Error  string
}

type clarificationForm struct{ Problem, Text string }

// Unread reports whether m is unread for the viewer.
func (v clarificationsView) Unread(m judge.Clarification) bool { return v.List.Unseen(v.Me, m) }

func (p *Pages) contestID(c *gin.Context) (int64, bool) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		p.errorPage(c, http.StatusNotFound, p.tr(c, "error_no_contest", "ID", c.Param("id")))
		return 0, false
	}
	return id, true
}

func (p *Pages) clarificationsView(c *gin.Context, u judge.User, id int64) (clarificationsView, bool) {
	l, err := p.Service.Clarifications(c.Request.Context(), u, id)
	if err != nil {
		p.fail(c, err)
		return clarificationsView{}, false
	}
	return clarificationsView{List: l, Me: u, Jury: judge.CanAnswerClarifications(u), CanAsk: l.CanAsk}, true
}

// userAndContest reads the logged-in user and the contest id of the path,
// or answers why not (the login page, a 404) and reports false.
func (p *Pages) userAndContest(c *gin.Context) (judge.User, int64, bool) {
	u, ok := p.needUser(c)
	if !ok {
		return u, 0, false
	}
	id, ok := p.contestID(c)
	return u, id, ok
}

// clarificationsPage shows the messages the user reads, marking them read;
// with ?poll=1 it answers only the list, for the page's script, and marks
// nothing.
func (p *Pages) clarificationsPage(c *gin.Context) {
	u, id, ok := p.userAndContest(c)
	if !ok {
		return
	}
	v, ok := p.clarificationsView(c, u, id)
	if !ok {
		return
	}
	if c.Query("poll") == "1" {
		p.clarificationList(c, v)
		return
	}
	p.render(c, http.StatusOK, "clarifications", p.tr(c, "clar_page_title", "Title", v.List.Contest.Title), v)
	if err := p.Service.MarkClarificationsRead(c.Request.Context(), u, id, lastID(v.List)); err != nil {
		p.logger().Error("mark clarifications read", "err", err)
	}
}

func lastID(l service.ClarificationList) int64 {
	if len(l.Messages) == 0 {
		return 0
	}
	return l.Messages[len(l.Messages)-1].ID
}

// clarificationList answers the list alone, 304 when the client has it.
func (p *Pages) clarificationList(c *gin.Context, v clarificationsView) {
	etag := p.localETag(c, fmt.Sprintf(`W/"c%d-%d-%d-%d"`, v.List.Contest.ID, lastID(v.List), v.List.Read, v.List.Unread))
	c.Header("ETag", etag)
	c.Header("Cache-Control", "no-cache")
	c.Header("X-Unread", strconv.Itoa(v.List.Unread))
	if c.GetHeader("If-None-Match") == etag {
		c.Status(http.StatusNotModified)
		return
	}
	var buf bytes.Buffer
	if err := pageTemplates[p.localeOf(c).Lang]["clarifications"].ExecuteTemplate(&buf, "clarification_list", view{locale: p.localeOf(c), Data: v, CSRF: c.GetString(csrfKey)}); err != nil {
		p.fail(c, err)
		return
	}
	c.Data(http.StatusOK, "text/html; charset=utf-8", buf.Bytes())
}

// postClarification takes the page's forms: a question, an answer or an
// announcement. A refusal shows the page again with the reason.
func (p *Pages) postClarification(c *gin.Context) {
	u, id, ok := p.userAndContest(c)
	if !ok {
		return
	}
	replyTo, _ := strconv.ParseInt(c.PostForm("reply_to"), 10, 64)
	spec := judge.ClarificationSpec{Label: c.PostForm("problem"), Text: c.PostForm("text"), ReplyTo: replyTo, ToAll: c.PostForm("to_all") == "on"}
	m, err := p.Service.PostClarification(c.Request.Context(), u, id, spec)
	if err != nil {
		status, ok := p.formError(c, err)
		if !ok {
			return
		}
		v, ok := p.clarificationsView(c, u, id)
		if !ok {
			return
		}
		v.Error, v.Form = p.errorText(c, err), clarificationForm{Problem: spec.Label, Text: spec.Text}
		p.render(c, status, "clarifications", p.tr(c, "clar_page_title", "Title", v.List.Contest.Title), v)
		return
	}
	what := p.tr(c, "flash_question_sent")
	if judge.CanAnswerClarifications(u) {
		what = p.tr(c, "flash_clarification_sent")
	}
	p.redirect(c, fmt.Sprintf("/contests/%d/clarifications#c%d", id, m.ID), what)
}

// readClarifications marks every message read.
func (p *Pages) readClarifications(c *gin.Context) {
	u, id, ok := p.userAndContest(c)
	if !ok {
		return
	}
	err := p.Service.MarkClarificationsRead(c.Request.Context(), u, id, 0)
	p.finishAction(c, err, fmt.Sprintf("/contests/%d/clarifications", id), "")
}
