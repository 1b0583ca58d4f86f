package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// runRequest is the body of POST /problems/{slug}/run.
type runRequest struct {
	Language string `json:"language"`
	Source   string `json:"source"`
	Input    string `json:"input"`
}

// runJSON is a run's answer (judge.RunOutcome); the pages' run form
// answers the same.
type runJSON = httpx.RunAnswer

// run compiles and runs a program once on the caller's own input (issue
// 34): never graded, never stored. Limited to Options.Runs a minute per
// user (429 with Retry-After), apart from the submissions' budget.
func (s *API) run(c *gin.Context) {
	var req runRequest
	if !s.readJSON(c, &req) {
		return
	}
	out, err := s.Service.Run(c.Request.Context(), httpx.Viewer(c), judge.Run{ProblemSlug: c.Param("slug"), Language: req.Language, Source: req.Source, Input: req.Input})
	if err != nil {
		s.writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, httpx.RunAnswerOf(out))
}

// runLimit refuses with 429 a user who runs faster than Options.Runs.
func (s *API) runLimit() gin.HandlerFunc { return s.userLimit(s.Options.Runs, "runs") }
