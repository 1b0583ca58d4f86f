package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// problemSummaryJSON is one row of GET /problems.
type problemSummaryJSON struct {
	Slug   string `json:"slug"`
	Title  string `json:"title"`
	Puzzle string `json:"puzzle"`
	Cases  int    `json:"cases"`
	// Published and Archived matter to instructors, the only ones whose
	// list holds drafts and archived problems.
	Published bool `json:"published"`
	Archived  bool `json:"archived"`
}

// problemJSON is the answer of GET /problems/{slug}.
type problemJSON struct {
	Slug      string       `json:"slug"`
	Title     string       `json:"title"`
	Puzzle    string       `json:"puzzle"`
	Checker   string       `json:"checker"`
	Limits    limitsJSON   `json:"limits"`
	Statement string       `json:"statement"`
	Samples   []sampleJSON `json:"samples"`
	Cases     []caseRow    `json:"cases"`
	// Published and Archived matter to instructors: students see neither
	// a draft nor an archived problem.
	Published bool `json:"published"`
	Archived  bool `json:"archived"`
}

type limitsJSON struct {
	MaxSize   int `json:"max_size"`
	MaxColors int `json:"max_colors"`
	MaxMoves  int `json:"max_moves"`
}

// sampleJSON is a sample case with its expected output ("" while the
// reference solver has not finished it).
type sampleJSON struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Input  string `json:"input"`
	Output string `json:"output"`
}

// caseRow is a case in the list of a problem.
type caseRow struct {
	ID       int64            `json:"id"`
	Name     string           `json:"name"`
	Sample   bool             `json:"sample"`
	Position int              `json:"position"`
	Status   judge.CaseStatus `json:"status"`
}

// checkerName shows the exact checker by name rather than as "".
func checkerName(p judge.Problem) string {
	if p.Checker == "" {
		return "exact"
	}
	return p.Checker
}

func (s *API) listProblems(c *gin.Context) {
	ps, err := s.Service.Problems(c.Request.Context(), httpx.Viewer(c))
	if err != nil {
		s.writeError(c, err)
		return
	}
	out := make([]problemSummaryJSON, 0, len(ps))
	for _, p := range ps {
		out = append(out, problemSummaryJSON{Slug: p.Slug, Title: p.Title, Puzzle: p.Puzzle, Cases: p.Cases,
			Published: !p.Draft, Archived: p.Archived})
	}
	c.JSON(http.StatusOK, out)
}

func (s *API) getProblem(c *gin.Context) {
	p, cases, err := s.Service.Problem(c.Request.Context(), httpx.Viewer(c), c.Param("slug"))
	if err != nil {
		s.writeError(c, err)
		return
	}
	out := problemJSON{
		Slug: p.Slug, Title: p.Title, Puzzle: p.Puzzle, Checker: checkerName(p), Statement: p.Statement,
		Limits:    limitsJSON{MaxSize: p.Limits.MaxSize, MaxColors: p.Limits.MaxColors, MaxMoves: p.Limits.MaxMoves},
		Samples:   []sampleJSON{},
		Cases:     make([]caseRow, 0, len(cases)),
		Published: !p.Draft, Archived: p.Archived,
	}
	for _, cs := range cases {
		out.Cases = append(out.Cases, caseRow{ID: cs.ID, Name: cs.Name, Sample: cs.Sample, Position: cs.Position, Status: cs.Status})
		if cs.Sample {
			sample := sampleJSON{ID: cs.ID, Name: cs.Name, Input: cs.Input}
			if cs.Status == judge.CaseReady {
				sample.Output = cs.Expected.Answer
			}
			out.Samples = append(out.Samples, sample)
		}
	}
	c.JSON(http.StatusOK, out)
}

// judgeInput serves every case of the problem as one classic judge input.
func (s *API) judgeInput(c *gin.Context) {
	input, err := s.Service.JudgeInput(c.Request.Context(), httpx.Viewer(c), c.Param("slug"))
	if err != nil {
		s.writeError(c, err)
		return
	}
	c.Header("Content-Disposition", `inline; filename="`+c.Param("slug")+`.in"`)
	c.Data(http.StatusOK, "text/plain; charset=utf-8", []byte(input))
}

// rejudge queues every submission of the problem again.
func (s *API) rejudge(c *gin.Context) {
	n, err := s.Service.Rejudge(c.Request.Context(), httpx.Viewer(c), c.Param("slug"))
	if err != nil {
		s.writeError(c, err)
		return
	}
	u, _ := httpx.CurrentUser(c)
	s.Logger.Info("rejudge", "problem", c.Param("slug"), "queued", n, "by", u.Username)
	c.JSON(http.StatusAccepted, gin.H{"queued": n})
}
