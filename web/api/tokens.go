package api

import (
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// tokenInfoJSON is one token in GET /tokens: never its secret.
type tokenInfoJSON struct {
	ID         int64      `json:"id"`
	Name       string     `json:"name"`
	CreatedAt  time.Time  `json:"created_at"`
	LastUsedAt *time.Time `json:"last_used_at"`
	ExpiresAt  *time.Time `json:"expires_at"`
}

// listTokens lists the caller's own tokens (page sessions included), newest
// first, so that one left on another machine can be found and revoked.
func (s *API) listTokens(c *gin.Context) {
	answerList(s, c, s.Service.Tokens, func(t judge.Token) tokenInfoJSON {
		return tokenInfoJSON{ID: t.ID, Name: t.Name, CreatedAt: t.CreatedAt, LastUsedAt: t.LastUsedAt, ExpiresAt: t.ExpiresAt}
	})
}

// deleteToken revokes one of the caller's own tokens by id: 204; 404 for
// an id that is not the caller's.
func (s *API) deleteToken(c *gin.Context) {
	id, ok := s.pathID(c, "id", "token")
	if !ok {
		return
	}
	s.noContent(c, s.Service.RevokeTokenID(c.Request.Context(), httpx.Viewer(c), id))
}
