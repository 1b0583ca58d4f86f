package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// addCaseRequest is the body of POST /problems/{slug}/cases.
type addCaseRequest struct {
	Input  string `json:"input"`
	Name   string `json:"name"`
	Sample bool   `json:"sample"`
}

// caseJSON is the answer of GET /problems/{slug}/cases/{id}. Expected is nil
// unless the caller may see it (judge.CanReadExpected: samples for anyone,
// every case for instructors), which the service says with Case.Redacted.
type caseJSON struct {
	ID         int64            `json:"id"`
	Name       string           `json:"name"`
	Sample     bool             `json:"sample"`
	Position   int              `json:"position"`
	Input      string           `json:"input"`
	Status     judge.CaseStatus `json:"status"`
	Expected   *expectedJSON    `json:"expected"`
	SolveError string           `json:"solve_error,omitempty"`
	Progress   string           `json:"progress,omitempty"`
}

// expectedJSON is a case's reference solution.
type expectedJSON struct {
	Answer   string `json:"answer"`
	Moves    string `json:"moves"`
	Optimal  int    `json:"optimal"`
	Solvable bool   `json:"solvable"`
	Version  string `json:"version"`
}

func toCaseJSON(cs judge.Case) caseJSON {
	out := caseJSON{ID: cs.ID, Name: cs.Name, Sample: cs.Sample, Position: cs.Position, Input: cs.Input,
		Status: cs.Status, SolveError: cs.SolveError, Progress: cs.Progress}
	if !cs.Redacted && cs.Status == judge.CaseReady {
		e := cs.Expected
		out.Expected = &expectedJSON{Answer: e.Answer, Moves: e.Moves, Optimal: e.Optimal, Solvable: e.Solvable, Version: e.Version}
	}
	return out
}

// addCase validates a board, stores it as solving and answers at once; the
// reference solver runs in the background and the problem is rejudged when
// it is done.
func (s *API) addCase(c *gin.Context) {
	var req addCaseRequest
	if !s.readJSON(c, &req) {
		return
	}
	if req.Input == "" {
		s.fail(c, judge.EINVALID, "field \"input\" is required: one case in the classic format")
		return
	}
	cs, err := s.Service.AddCase(c.Request.Context(), httpx.Viewer(c), c.Param("slug"), judge.CaseSpec{Name: req.Name, Input: req.Input, Sample: req.Sample})
	if err != nil {
		s.writeError(c, err)
		return
	}
	u, _ := httpx.CurrentUser(c)
	s.Logger.Info("case added", "problem", c.Param("slug"), "case", cs.ID, "by", u.Username)
	c.JSON(http.StatusCreated, gin.H{"id": cs.ID, "status": cs.Status, "name": cs.Name, "position": cs.Position})
}

func (s *API) getCase(c *gin.Context) {
	answerOne(s, c, "case", http.StatusOK, s.Service.Case, toCaseJSON)
}

func (s *API) deleteCase(c *gin.Context) {
	id, ok := s.pathID(c, "id", "case")
	if !ok {
		return
	}
	if err := s.Service.DeleteCase(c.Request.Context(), httpx.Viewer(c), c.Param("slug"), id); err != nil {
		s.writeError(c, err)
		return
	}
	u, _ := httpx.CurrentUser(c)
	s.Logger.Info("case deleted", "problem", c.Param("slug"), "case", id, "by", u.Username)
	c.Status(http.StatusNoContent)
}
