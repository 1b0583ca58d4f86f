package api

import (
	"context"
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
	"puzzlejudge/web/wire"
)

// registerSimilarity adds the similarity reports (issue 36): asked on a
// problem, an assignment or a contest (202 with the id), read with their
// pairs, as CSV, and one pair with both sources. Instructors only.
func (s *API) registerSimilarity(api gin.IRouter) {
	compare := s.allow(judge.CanCompareSources)
	api.POST("/problems/:slug/similarity", compare, s.askSimilarity(judge.SimScopeProblem, "slug"))
	api.POST("/assignments/:id/similarity", compare, s.askSimilarity(judge.SimScopeAssignment, "id"))
	api.POST("/contests/:id/similarity", compare, s.askSimilarity(judge.SimScopeContest, "id"))
	api.GET("/similarity", compare, s.listSimilarity)
	api.GET("/similarity/:id", compare, s.getSimilarity)
	api.GET("/similarity/:id/pairs.csv", compare, s.similarityCSV)
	api.GET("/similarity/:id/pairs/:pair", compare, s.similarityPair)
}

// similarityRequest is the body of a POST .../similarity: {} or options.
type similarityRequest struct {
	AllSubmissions bool `json:"all_submissions"`
}

// The report's objects are wire's, which pj reads too.
type (
	similarityReportJSON      = wire.SimilarityReport
	similarityReportPairsJSON = wire.SimilarityReportPairs
	similarityPairJSON        = wire.SimilarityPair
	similarityProgramJSON     = wire.SimilarityProgram
	similarityFragmentJSON    = wire.SimilarityFragment
)

func toSimilarityProgramJSON(p judge.SimilarityProgram) similarityProgramJSON {
	return similarityProgramJSON{Submission: p.Submission, User: p.User, Language: p.Language}
}

func toSimilarityPairJSON(p judge.SimilarityPair) similarityPairJSON {
	out := similarityPairJSON{ID: p.ID, Rank: p.Rank, Problem: p.Left.Problem, Left: toSimilarityProgramJSON(p.Left),
		Right: toSimilarityProgramJSON(p.Right), Similarity: p.Similarity, LongestFragment: p.LongestFragment, Overlap: p.Overlap,
		Fragments: make([]similarityFragmentJSON, len(p.Fragments))}
	for i, f := range p.Fragments {
		out.Fragments[i] = similarityFragmentJSON{Left: f.Left, Right: f.Right}
	}
	return out
}

func toSimilarityReportJSON(r judge.SimilarityReport) similarityReportJSON {
	return similarityReportJSON{ID: r.ID, Scope: r.Scope, ScopeID: r.ScopeID, Title: r.Title, Status: r.Status, Reason: r.Reason,
		Progress: r.Progress, Options: r.Options, Programs: r.Programs, PairCount: r.PairCount, RequestedBy: r.RequestedBy,
		Automatic: r.Automatic, CreatedAt: r.CreatedAt, StartedAt: r.StartedAt, FinishedAt: r.FinishedAt}
}

// askSimilarity is POST /problems/{slug}/similarity,
// /assignments/{id}/similarity and /contests/{id}/similarity: 202 with
// the new report's id; 503 with the reason where Dolos cannot run.
func (s *API) askSimilarity(scope, param string) gin.HandlerFunc {
	return func(c *gin.Context) {
		var req similarityRequest
		if c.Request.ContentLength != 0 && !s.readJSON(c, &req) {
			return
		}
		r, err := s.Service.AskSimilarity(c.Request.Context(), httpx.Viewer(c), scope, c.Param(param), judge.SimilarityOptions{AllSubmissions: req.AllSubmissions})
		s.located(c, http.StatusAccepted, err, func() string { return fmt.Sprintf("similarity/%d", r.ID) },
			func() any { return gin.H{"id": r.ID, "status": r.Status} })
	}
}

// listSimilarity is GET /similarity: the reports, newest first, of one
// scope with ?scope=problem|assignment|contest and of one of them with
// ?id= (a problem's slug, an assignment's or contest's id).
func (s *API) listSimilarity(c *gin.Context) {
	answerList(s, c, func(ctx context.Context, v judge.User) ([]judge.SimilarityReport, error) {
		return s.Service.SimilarityReports(ctx, v, c.Query("scope"), c.Query("id"))
	}, toSimilarityReportJSON)
}

// readSimilarity reads the report of the :id path with its pairs, ?offset
// and ?limit applied; on an error it answers and reports false.
func (s *API) readSimilarity(c *gin.Context) (judge.SimilarityReport, bool) {
	id, ok := s.pathID(c, "id", "similarity report")
	if !ok {
		return judge.SimilarityReport{}, false
	}
	offset, err := queryInt(c, "offset", 0, 0)
	if err != nil {
		s.writeError(c, err)
		return judge.SimilarityReport{}, false
	}
	limit, err := queryInt(c, "limit", 0, 0)
	if err != nil {
		s.writeError(c, err)
		return judge.SimilarityReport{}, false
	}
	r, err := s.Service.SimilarityReport(c.Request.Context(), httpx.Viewer(c), id, offset, limit)
	if err != nil {
		s.writeError(c, err)
		return judge.SimilarityReport{}, false
	}
	return r, true
}

// getSimilarity is GET /similarity/{id}: the report with every pair, most
// similar first (?offset and ?limit page through them).
func (s *API) getSimilarity(c *gin.Context) {
	r, ok := s.readSimilarity(c)
	if !ok {
		return
	}
	out := similarityReportPairsJSON{SimilarityReport: toSimilarityReportJSON(r), Pairs: make([]similarityPairJSON, len(r.Pairs))}
	for i, p := range r.Pairs {
		out.Pairs[i] = toSimilarityPairJSON(p)
	}
	c.JSON(http.StatusOK, out)
}

// similarityCSV is GET /similarity/{id}/pairs.csv.
func (s *API) similarityCSV(c *gin.Context) {
	r, ok := s.readSimilarity(c)
	if !ok {
		return
	}
	httpx.SimilarityCSV(c, s.Logger, r)
}

// similarityPairSourcesJSON is one pair with both programs' sources.
type similarityPairSourcesJSON struct {
	Report int64 `json:"report"`
	similarityPairJSON
	LeftSource  string `json:"left_source"`
	RightSource string `json:"right_source"`
	Missing     string `json:"missing,omitempty"`
}

// similarityPair is GET /similarity/{id}/pairs/{pair}.
func (s *API) similarityPair(c *gin.Context) {
	id, pid, ok := s.pathIDs(c, "id", "similarity report", "pair", "similarity pair")
	if !ok {
		return
	}
	p, err := s.Service.SimilarityPair(c.Request.Context(), httpx.Viewer(c), id, pid)
	s.answer(c, http.StatusOK, err, func() any { return toPairSourcesJSON(p) })
}

func toPairSourcesJSON(p service.SimilarityPairSources) similarityPairSourcesJSON {
	return similarityPairSourcesJSON{Report: p.Report.ID, similarityPairJSON: toSimilarityPairJSON(p.Pair),
		LeftSource: p.Left, RightSource: p.Right, Missing: p.Missing}
}
