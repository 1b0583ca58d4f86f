package api

import (
	"strconv"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// problemPatchRequest is the body of PATCH /problems/{slug}. Only hints is
// known here; the authoring work extends it. A pointer tells "false" from
// "not given".
type problemPatchRequest struct {
	Hints *bool `json:"hints"`
}

// patchProblem answers PATCH /problems/{slug}: instructors change a
// problem's settings.
func (s *API) patchProblem(c *gin.Context) {
	var req problemPatchRequest
	if err := decodeJSON(c, &req); err != nil {
		s.writeError(c, err)
		return
	}
	slug := c.Param("slug")
	if req.Hints != nil {
		if err := s.Service.SetProblemHints(c.Request.Context(), httpx.Viewer(c), slug, *req.Hints); err != nil {
			s.writeError(c, err)
			return
		}
	}
	on, err := s.Service.ProblemHints(c.Request.Context(), slug)
	if err != nil {
		s.writeError(c, err)
		return
	}
	c.JSON(200, gin.H{"slug": slug, "hints": on})
}

type hintRequest struct {
	Moves string `json:"moves"`
}

// hint answers POST /problems/{slug}/cases/{id}/hint: the next move of an
// optimal continuation, on a sample board of a problem with hints on.
func (s *API) hint(c *gin.Context) {
	var req hintRequest
	if err := decodeJSON(c, &req); err != nil {
		s.writeError(c, err)
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
