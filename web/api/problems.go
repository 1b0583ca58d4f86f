package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// problemSummaryJSON is one row of GET /problems.
type problemSummaryJSON struct {
	Slug  string `json:"slug"`
	Title string `json:"title"`
	// TitleZH is the Chinese title, "" when there is none.
	TitleZH string `json:"title_zh"`
	Puzzle  string `json:"puzzle"`
	Cases   int    `json:"cases"`
	// Published and Archived matter to instructors, the only ones whose
	// list holds drafts and archived problems.
	Published bool `json:"published"`
	Archived  bool `json:"archived"`
}

// problemJSON is the answer of GET /problems/{slug}.
type problemJSON struct {
	Slug  string `json:"slug"`
	Title string `json:"title"`
	// TitleZH is the Chinese title, "" when there is none.
	TitleZH   string       `json:"title_zh"`
	Puzzle    string       `json:"puzzle"`
	Checker   string       `json:"checker"`
	Kinds     []judge.Kind `json:"kinds"`
	Limits    limitsJSON   `json:"limits"`
	Statement string       `json:"statement"`
	// StatementZH is the Chinese statement, left out when there is none.
	StatementZH string       `json:"statement_zh,omitempty"`
	Samples     []sampleJSON `json:"samples"`
	Cases       []caseRow    `json:"cases"`
	// InputVersion is the version of the case set that /input serves and
	// an answer may name.
	InputVersion string `json:"input_version"`
	// Published and Archived matter to instructors: students see neither
	// a draft nor an archived problem.
	Published bool `json:"published"`
	Archived  bool `json:"archived"`
}

// limitsJSON is a problem's limits: the board bounds, then the program
// limits in the Kattis names and units (seconds, MiB, KiB). In a request a
// program limit left out (or 0) keeps its value, the default for a new
// problem.
type limitsJSON struct {
	MaxSize           int     `json:"max_size"`
	MaxColors         int     `json:"max_colors"`
	MaxMoves          int     `json:"max_moves"`
	TimeLimit         float64 `json:"time_limit"`
	Memory            int     `json:"memory"`
	Output            int     `json:"output"`
	Code              int     `json:"code"`
	CompilationTime   float64 `json:"compilation_time"`
	CompilationMemory int     `json:"compilation_memory"`
}

func toLimitsJSON(l judge.Limits) limitsJSON {
	return limitsJSON{MaxSize: l.MaxSize, MaxColors: l.MaxColors, MaxMoves: l.MaxMoves,
		TimeLimit: l.TimeLimit, Memory: l.MemoryMiB, Output: l.OutputMiB, Code: l.CodeKiB,
		CompilationTime: l.CompilationTime, CompilationMemory: l.CompilationMemoryMiB}
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
	// File is the case's base name in input.zip (File + ".in") and in a
	// per-case answer; "" for a Secret case, which input.zip leaves out.
	File string `json:"file"`
	// Secret is true for a board the caller may not download: a hidden
	// board of a problem that takes no answers, to a student.
	Secret bool `json:"secret"`
}

// checkerName shows the exact checker by name rather than as "".
func checkerName(p judge.Problem) string {
	if p.Checker == "" {
		return "exact"
	}
	return p.Checker
}

func (s *API) listProblems(c *gin.Context) {
	answerList(s, c, s.Service.Problems, func(p judge.ProblemSummary) problemSummaryJSON {
		return problemSummaryJSON{Slug: p.Slug, Title: p.Title, TitleZH: p.TitleZH, Puzzle: p.Puzzle, Cases: p.Cases,
			Published: !p.Draft, Archived: p.Archived}
	})
}

func (s *API) getProblem(c *gin.Context) {
	in, err := s.Service.Input(c.Request.Context(), httpx.Viewer(c), c.Param("slug"))
	if err != nil {
		s.writeError(c, err)
		return
	}
	p, cases, files := in.Problem, in.Cases, judge.CaseBases(in.Cases)
	out := problemJSON{
		Slug: p.Slug, Title: p.Title, TitleZH: p.TitleZH, Puzzle: p.Puzzle, Checker: checkerName(p), Statement: p.Statement, StatementZH: p.StatementZH, InputVersion: in.Version,
		Kinds: p.Kinds, Limits: toLimitsJSON(p.Limits),
		Samples:   []sampleJSON{},
		Cases:     make([]caseRow, 0, len(cases)),
		Published: !p.Draft, Archived: p.Archived,
	}
	for i, cs := range cases {
		row := caseRow{ID: cs.ID, Name: cs.Name, Sample: cs.Sample, Position: cs.Position, Status: cs.Status, File: files[i], Secret: cs.Secret}
		if cs.Secret {
			row.File = ""
		}
		out.Cases = append(out.Cases, row)
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
