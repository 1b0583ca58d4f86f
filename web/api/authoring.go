package api

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/problems/kattis"
	"puzzlejudge/web/httpx"
)

// ImportPath is the route of POST /problems/import, whose body may be a
// package of up to ImportMaxBody bytes instead of the global 1 MiB.
const ImportPath = "/api/v1/problems/import"

// ImportMaxBody is the largest body of ImportPath: the package plus room for
// the multipart envelope and the slug field.
const ImportMaxBody = kattis.MaxUpload + 64<<10

// problemEdit is what a body of POST /problems or PATCH /problems/{slug}
// sets of the problem itself: in a PATCH, an absent field is left as it
// is. Its fields are all pointers, so that "nothing of the problem given"
// is the zero problemEdit.
type problemEdit struct {
	Slug  *string `json:"slug"`
	Title *string `json:"title"`
	// TitleZH is the Chinese title; "" removes it.
	TitleZH   *string `json:"title_zh"`
	Puzzle    *string `json:"puzzle"`
	Statement *string `json:"statement"`
	// StatementZH is the Chinese statement (Markdown); "" removes it.
	StatementZH *string `json:"statement_zh"`
	Checker     *string `json:"checker"`
	// Kinds left out is all three in a POST, unchanged in a PATCH.
	Kinds     *[]judge.Kind `json:"kinds"`
	Limits    *limitsJSON   `json:"limits"`
	Published *bool         `json:"published"`
}

// problemRequest is the body of POST /problems and PATCH /problems/{slug}:
// the problem's fields, and (PATCH only) hints, which lets students ask for
// hints on the samples: a setting, not an edit of the problem.
type problemRequest struct {
	problemEdit
	Hints *bool `json:"hints"`
}

// authoredJSON is a problem as its authors see it.
type authoredJSON struct {
	Slug  string `json:"slug"`
	Title string `json:"title"`
	// TitleZH is the Chinese title, "" for none.
	TitleZH   string `json:"title_zh"`
	Puzzle    string `json:"puzzle"`
	Statement string `json:"statement"`
	// StatementZH is the Chinese statement, "" for none.
	StatementZH string       `json:"statement_zh"`
	Checker     string       `json:"checker"`
	Kinds       []judge.Kind `json:"kinds"`
	Limits      limitsJSON   `json:"limits"`
	Published   bool         `json:"published"`
	Archived    bool         `json:"archived"`
	// Detached is true for a shipped problem an instructor edited: the
	// catalogue no longer updates it.
	Detached bool `json:"detached"`
	// Hints is whether students may ask for hints on the samples.
	Hints bool `json:"hints"`
}

func toAuthoredJSON(p judge.Problem) authoredJSON {
	return authoredJSON{Slug: p.Slug, Title: p.Title, TitleZH: p.TitleZH, Puzzle: p.Puzzle, Statement: p.Statement, StatementZH: p.StatementZH, Checker: checkerName(p), Kinds: p.Kinds,
		Limits:    toLimitsJSON(p.Limits),
		Published: !p.Draft, Archived: p.Archived, Detached: p.Detached}
}

func (l *limitsJSON) domain() *judge.Limits {
	if l == nil {
		return nil
	}
	return &judge.Limits{MaxSize: l.MaxSize, MaxColors: l.MaxColors, MaxMoves: l.MaxMoves,
		TimeLimit: l.TimeLimit, MemoryMiB: l.Memory, OutputMiB: l.Output, CodeKiB: l.Code,
		CompilationTime: l.CompilationTime, CompilationMemoryMiB: l.CompilationMemory}
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// createProblem is POST /problems.
func (s *API) createProblem(c *gin.Context) {
	var req problemRequest
	if !s.readJSON(c, &req) {
		return
	}
	spec := judge.ProblemSpec{Slug: deref(req.Slug), Title: deref(req.Title), Puzzle: deref(req.Puzzle),
		Statement: deref(req.Statement), StatementZH: deref(req.StatementZH), TitleZH: deref(req.TitleZH), Checker: deref(req.Checker), Kinds: deref(req.Kinds), Published: deref(req.Published)}
	if l := req.Limits.domain(); l != nil {
		spec.Limits = *l
	}
	p, err := s.Service.CreateProblem(c.Request.Context(), httpx.Viewer(c), spec)
	if err != nil {
		s.writeError(c, err)
		return
	}
	s.Logger.Info("problem created", "problem", p.Slug, "by", httpx.Viewer(c).Username)
	c.Header("Location", "/api/v1/problems/"+p.Slug)
	c.JSON(http.StatusCreated, toAuthoredJSON(p))
}

// updateProblem is PATCH /problems/{slug}.
func (s *API) updateProblem(c *gin.Context) {
	var req problemRequest
	if !s.readJSON(c, &req) {
		return
	}
	ctx, v, slug := c.Request.Context(), httpx.Viewer(c), c.Param("slug")
	if req.Hints != nil {
		// A setting, not an edit: it does not detach a shipped problem.
		if err := s.Service.SetProblemHints(ctx, v, slug, *req.Hints); err != nil {
			s.writeError(c, err)
			return
		}
	}
	var p judge.Problem
	var err error
	if req.Hints == nil || req.problemEdit != (problemEdit{}) {
		patch := judge.ProblemPatch{Slug: req.Slug, Title: req.Title, Puzzle: req.Puzzle, Statement: req.Statement, StatementZH: req.StatementZH, TitleZH: req.TitleZH,
			Checker: req.Checker, Kinds: req.Kinds, Limits: req.Limits.domain(), Published: req.Published}
		p, err = s.Service.UpdateProblem(ctx, v, slug, patch)
	} else {
		p, _, err = s.Service.Problem(ctx, v, slug)
	}
	if err != nil {
		s.writeError(c, err)
		return
	}
	out := toAuthoredJSON(p)
	out.Hints, _ = s.Service.ProblemHints(ctx, p.Slug)
	c.JSON(http.StatusOK, out)
}

// archiveProblem is DELETE /problems/{slug}: the problem is hidden from
// students, its submissions kept.
func (s *API) archiveProblem(c *gin.Context) {
	s.noContent(c, s.Service.ArchiveProblem(c.Request.Context(), httpx.Viewer(c), c.Param("slug")))
}

// generateRequest is the body of POST /problems/{slug}/cases/generate.
type generateRequest struct {
	Count      int            `json:"count"`
	Params     map[string]int `json:"params"`
	MinOptimal *int           `json:"min_optimal"`
	MaxOptimal *int           `json:"max_optimal"`
	Solvable   *bool          `json:"solvable"`
	Seed       uint64         `json:"seed"`
	Sample     bool           `json:"sample"`
	MaxTries   int            `json:"max_tries"`
	MaxSeconds int            `json:"max_seconds"`
}

// generationJSON is a generation run.
type generationJSON struct {
	ID       int64      `json:"id"`
	Problem  string     `json:"problem"`
	Status   string     `json:"status"`
	Wanted   int        `json:"wanted"`
	Kept     int        `json:"kept"`
	Tries    int        `json:"tries"`
	Report   string     `json:"report"`
	Cases    []int64    `json:"cases"`
	Started  time.Time  `json:"started_at"`
	Finished *time.Time `json:"finished_at"`
	Elapsed  float64    `json:"elapsed_seconds"`
}

func toGenerationJSON(g judge.Generation) generationJSON {
	out := generationJSON{ID: g.ID, Problem: g.ProblemSlug, Status: g.Status, Wanted: g.Wanted, Kept: g.Kept, Tries: g.Tries,
		Report: g.Report, Cases: g.CaseIDs, Started: g.Started.UTC()}
	if out.Cases == nil {
		out.Cases = []int64{}
	}
	end := time.Now()
	if !g.Finished.IsZero() {
		f := g.Finished.UTC()
		out.Finished, end = &f, g.Finished
	}
	out.Elapsed = end.Sub(g.Started).Round(time.Millisecond).Seconds()
	return out
}

// generate is POST /problems/{slug}/cases/generate: 202 with the run, which
// GET /problems/{slug}/generations/{id} follows.
func (s *API) generate(c *gin.Context) {
	var req generateRequest
	if !s.readJSON(c, &req) {
		return
	}
	if req.MaxSeconds < 0 {
		s.fail(c, judge.EINVALID, "max_seconds: must not be negative")
		return
	}
	spec := judge.GenerateSpec{Count: req.Count, Params: req.Params, MinOptimal: req.MinOptimal, MaxOptimal: req.MaxOptimal,
		Solvable: req.Solvable, Seed: req.Seed, Sample: req.Sample, MaxTries: req.MaxTries, TimeLimit: time.Duration(req.MaxSeconds) * time.Second}
	g, err := s.Service.Generate(c.Request.Context(), httpx.Viewer(c), c.Param("slug"), spec)
	s.located(c, http.StatusAccepted, err, func() string { return fmt.Sprintf("problems/%s/generations/%d", g.ProblemSlug, g.ID) },
		func() any { return toGenerationJSON(g) })
}

// generation is GET /problems/{slug}/generations/{id}.
func (s *API) generation(c *gin.Context) {
	answerOne(s, c, "generation", http.StatusOK, s.Service.Generation, toGenerationJSON)
}

// cancelGeneration is DELETE /problems/{slug}/generations/{id}: the run
// stops soon after; the boards kept so far stay.
func (s *API) cancelGeneration(c *gin.Context) {
	answerOne(s, c, "generation", http.StatusAccepted, s.Service.CancelGeneration, toGenerationJSON)
}

// exportPackage is GET /problems/{slug}/package.zip.
func (s *API) exportPackage(c *gin.Context) {
	p, cases, err := s.Service.ExportProblem(c.Request.Context(), httpx.Viewer(c), c.Param("slug"))
	if err != nil {
		s.writeError(c, err)
		return
	}
	programs, err := s.Service.ProblemPrograms(c.Request.Context(), httpx.Viewer(c), c.Param("slug"))
	if err != nil {
		s.writeError(c, err)
		return
	}
	if err := httpx.PackageZip(c, p, cases, programs); err != nil {
		s.writeError(c, err)
	}
}

// importPackage is POST /problems/import: multipart, the package as file,
// an optional slug to import it under. 201 when the problem is new, 200
// when an existing one was replaced.
func (s *API) importPackage(c *gin.Context) {
	v := httpx.Viewer(c)
	if !judge.CanAuthor(v) {
		// Before the upload is read: the service would refuse it anyway.
		s.writeError(c, judge.Errorf(judge.EFORBIDDEN, "only an instructor may import problems"))
		return
	}
	data, ok := s.requiredFile(c, kattis.MaxUpload, "file: a multipart form with the package zip as the field \"file\" is required")
	if !ok {
		return
	}
	pkg, err := kattis.Read(data)
	if err != nil {
		s.fail(c, judge.EINVALID, "%s", err.Error())
		return
	}
	if slug := c.PostForm("slug"); slug != "" {
		pkg.Problem.Slug = slug
	}
	var publish *bool
	if text := c.PostForm("published"); text != "" {
		on, err := strconv.ParseBool(text)
		if err != nil {
			s.fail(c, judge.EINVALID, "published: want true or false, found %q", text)
			return
		}
		publish = &on
	}
	p, created, err := s.Service.ImportPackage(c.Request.Context(), v, pkg.Problem, pkg.Cases, pkg.Programs, publish)
	if err != nil {
		s.writeError(c, err)
		return
	}
	s.Logger.Info("problem imported", "problem", p.Slug, "cases", len(pkg.Cases), "created", created, "by", v.Username)
	status := http.StatusOK
	if created {
		status = http.StatusCreated
		c.Header("Location", "/api/v1/problems/"+p.Slug)
	}
	c.JSON(status, gin.H{"problem": toAuthoredJSON(p), "cases": len(pkg.Cases), "created": created})
}
