package api

import (
	"strconv"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

type hintRequest struct {
	Moves string `json:"moves"`
}

// hint answers POST /problems/{slug}/cases/{id}/hint: the next move of an
// optimal continuation, on a sample board of a problem with hints on.
func (s *API) hint(c *gin.Context) {
	var req hintRequest
	if !s.readJSON(c, &req) {
		return
	}
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		s.fail(c, judge.ENOTFOUND, "case not found")
		return
	}
	move, err := s.Service.Hint(c.Request.Context(), httpx.Viewer(c), c.Param("slug"), id, req.Moves)
	if err != nil {
		s.writeError(c, err)
		return
	}
	c.JSON(200, gin.H{"move": move})
}
