package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
	"puzzlejudge/web/wire"
)

// registerClarifications adds a contest's clarifications and
// announcements: contestants ask the jury, the jury answers one contestant
// or all, and announces to all.
func (s *API) registerClarifications(api *gin.RouterGroup, user gin.HandlerFunc) {
	api.GET("/contests/:id/clarifications", user, s.listClarifications)
	api.POST("/contests/:id/clarifications", user, s.postClarification)
	api.POST("/contests/:id/clarifications/read", user, s.readClarifications)
	api.GET("/contests/:id/clarifications/:cid", user, s.getClarification)
}

// clarificationJSON is one message as /api/v1 shows it.
type clarificationJSON = wire.Clarification

func toClarificationJSON(m judge.Clarification, unread bool) clarificationJSON {
	j := clarificationJSON{ID: m.ID, ToAll: m.ToAll(), Text: m.Text, Time: m.CreatedAt, Unread: unread}
	if m.FromUserID != 0 {
		j.From = &m.FromUsername
	}
	if m.ToUserID != 0 {
		j.To = &m.ToUsername
	}
	if m.ReplyToID != 0 {
		j.ReplyTo = &m.ReplyToID
	}
	if m.Label != "" {
		j.Problem = &m.Label
	}
	return j
}

// clarificationsJSON is GET /contests/{id}/clarifications.
type clarificationsJSON = wire.Clarifications

func toClarificationsJSON(v judge.User, l service.ClarificationList) clarificationsJSON {
	out := clarificationsJSON{Unread: l.Unread, Clarifications: make([]clarificationJSON, len(l.Messages))}
	for i, m := range l.Messages {
		out.Clarifications[i] = toClarificationJSON(m, l.Unseen(v, m))
	}
	return out
}

// listClarifications answers the messages the caller reads, oldest first,
// with the number not read yet.
func (s *API) listClarifications(c *gin.Context) {
	id, ok := s.pathID(c, "id", "contest")
	if !ok {
		return
	}
	v := httpx.Viewer(c)
	l, err := s.Service.Clarifications(c.Request.Context(), v, id)
	s.answer(c, http.StatusOK, err, func() any { return toClarificationsJSON(v, l) })
}

// getClarification answers one message.
func (s *API) getClarification(c *gin.Context) {
	id, cid, ok := s.pathIDs(c, "id", "contest", "cid", "clarification")
	if !ok {
		return
	}
	m, err := s.Service.Clarification(c.Request.Context(), httpx.Viewer(c), id, cid)
	s.answer(c, http.StatusOK, err, func() any { return toClarificationJSON(m, false) })
}

// clarificationRequest is POST /contests/{id}/clarifications: a question
// ({text, problem?}) or, from the jury, an answer ({text, reply_to,
// to_all?}) or an announcement ({text, problem?}).
type clarificationRequest struct {
	Text    string `json:"text"`
	Problem string `json:"problem"`
	ReplyTo int64  `json:"reply_to"`
	ToAll   bool   `json:"to_all"`
}

func (s *API) postClarification(c *gin.Context) {
	var req clarificationRequest
	id, ok := s.pathIDAndJSON(c, "id", "contest", &req)
	if !ok {
		return
	}
	m, err := s.Service.PostClarification(c.Request.Context(), httpx.Viewer(c), id,
		judge.ClarificationSpec{Label: req.Problem, Text: req.Text, ReplyTo: req.ReplyTo, ToAll: req.ToAll})
	s.answer(c, http.StatusCreated, err, func() any { return toClarificationJSON(m, false) })
}

// readRequest is POST /contests/{id}/clarifications/read: up_to, the last
// message read (absent: all there are).
type readRequest struct {
	UpTo int64 `json:"up_to"`
}

func (s *API) readClarifications(c *gin.Context) {
	id, ok := s.pathID(c, "id", "contest")
	if !ok {
		return
	}
	var req readRequest
	if c.Request.ContentLength != 0 && !s.readJSON(c, &req) {
		return
	}
	s.noContent(c, s.Service.MarkClarificationsRead(c.Request.Context(), httpx.Viewer(c), id, req.UpTo))
}
