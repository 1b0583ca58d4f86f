package pages

import (
	"fmt"
	"html/template"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// The similarity pages (issue 36), instructors only: the reports of a
// problem, an assignment or a contest with the form that asks a new one
// (linked from the assignment's and the contest's pages), a report's pairs
// with their similarity as a bar, and a pair's two sources side by side
// with the matching fragments in the same colour on both sides.

// similarityListView is the data of the list page.
type similarityListView struct {
	Scope   string // judge.SimScope*, "" for every scope
	Ref     string // the problem's slug, or the assignment's or contest's id
	Reports []judge.SimilarityReport
	// Down says why no report can run here; "" when Dolos runs.
	Down string
}

// similarityList is GET /similarity?scope=assignment&id=7 (or
// scope=problem&id=<slug>): the scope's reports, newest first, and the
// form that asks a new one.
func (p *Pages) similarityList(c *gin.Context) {
	u, ok := p.needTo(judge.CanCompareSources)(c)
	if !ok {
		return
	}
	v := similarityListView{Scope: c.Query("scope"), Ref: c.Query("id")}
	if v.Scope == "" {
		v.Ref = ""
	}
	rs, err := p.Service.SimilarityReports(c.Request.Context(), u, v.Scope, v.Ref)
	if err != nil {
		p.fail(c, err)
		return
	}
	v.Reports = rs
	if ok, reason := p.Service.SimilarityState(); !ok {
		v.Down = reason
	}
	p.render(c, http.StatusOK, "similarity_list", p.tr(c, "sim_list_title"), v)
}

// askSimilarity is POST /similarity (scope, id, all_submissions): it asks
// a report and goes to its page.
func (p *Pages) askSimilarity(c *gin.Context) {
	u, ok := p.needTo(judge.CanCompareSources)(c)
	if !ok {
		return
	}
	if err := parseForm(c.Request); err != nil {
		p.errorPage(c, http.StatusBadRequest, p.tr(c, "error_form_unreadable"))
		return
	}
	scope, ref := c.PostForm("scope"), c.PostForm("id")
	opts := judge.SimilarityOptions{AllSubmissions: c.PostForm("all_submissions") != ""}
	r, err := p.Service.AskSimilarity(c.Request.Context(), u, scope, ref, opts)
	p.finishAction(c, err, fmt.Sprintf("/similarity/%d", r.ID), p.tr(c, "sim_flash_asked"))
}

// similarityPageSize bounds the pairs a report's page lists; the CSV and
// the API have them all.
const similarityPageSize = 300

// similarityRow is a pair as the report page lists it.
type similarityRow struct {
	judge.SimilarityPair
	Percent string // "93.1"
}

// similarityReportView is the data of a report's page.
type similarityReportView struct {
	Report judge.SimilarityReport
	Rows   []similarityRow
	// More is the number of pairs past the page.
	More int
	// ScopeURL is the page of the problem, assignment or contest.
	ScopeURL string
}

func (v similarityReportView) refresh() int {
	if v.Report.Status == judge.SimPending || v.Report.Status == judge.SimRunning {
		return 2
	}
	return 0
}

// scopeLink is where a report's scope is shown.
func scopeLink(r judge.SimilarityReport) string {
	switch r.Scope {
	case judge.SimScopeProblem:
		return "/problems/" + r.Title
	case judge.SimScopeAssignment:
		return fmt.Sprintf("/assignments/%d", r.ScopeID)
	}
	return fmt.Sprintf("/contests/%d", r.ScopeID)
}

// similarityReport is GET /similarity/{id}.
func (p *Pages) similarityReport(c *gin.Context) {
	u, id, ok := p.needID(c, p.needTo(judge.CanCompareSources), "similarity report")
	if !ok {
		return
	}
	r, err := p.Service.SimilarityReport(c.Request.Context(), u, id, 0, similarityPageSize)
	if err != nil {
		p.fail(c, err)
		return
	}
	v := similarityReportView{Report: r, More: max(0, r.PairCount-len(r.Pairs)), ScopeURL: scopeLink(r)}
	for _, pair := range r.Pairs {
		v.Rows = append(v.Rows, similarityRow{SimilarityPair: pair, Percent: strconv.FormatFloat(pair.Similarity*100, 'f', 1, 64)})
	}
	p.render(c, http.StatusOK, "similarity", p.tr(c, "sim_report_title", "ID", r.ID, "Title", r.Title), v)
}

// similarityCSV is GET /similarity/{id}/pairs.csv: every pair.
func (p *Pages) similarityCSV(c *gin.Context) {
	u, id, ok := p.needID(c, p.needTo(judge.CanCompareSources), "similarity report")
	if !ok {
		return
	}
	r, err := p.Service.SimilarityReport(c.Request.Context(), u, id, 0, 0)
	if err != nil {
		p.fail(c, err)
		return
	}
	httpx.SimilarityCSV(c, p.logger(), r)
}

// similarityPairView is the data of a pair's page.
type similarityPairView struct {
	Report      judge.SimilarityReport
	Pair        judge.SimilarityPair
	Percent     string
	Left, Right []sourceLine
	Fragments   []fragmentView
	Missing     string
}

// fragmentView is one matching fragment: its colour (0..7) and lines.
type fragmentView struct {
	N           int
	Colour      int
	Left, Right judge.LineRange
}

// similarityPair is GET /similarity/{id}/pairs/{pair}.
func (p *Pages) similarityPair(c *gin.Context) {
	u, id, ok := p.needID(c, p.needTo(judge.CanCompareSources), "similarity report")
	if !ok {
		return
	}
	pid, ok := p.pathID(c, "pair", "similarity pair")
	if !ok {
		return
	}
	ps, err := p.Service.SimilarityPair(c.Request.Context(), u, id, pid)
	if err != nil {
		p.fail(c, err)
		return
	}
	pair := ps.Pair
	v := similarityPairView{Report: ps.Report, Pair: pair, Missing: ps.Missing,
		Percent: strconv.FormatFloat(pair.Similarity*100, 'f', 1, 64)}
	for i, f := range pair.Fragments {
		v.Fragments = append(v.Fragments, fragmentView{N: i + 1, Colour: i % fragmentColours, Left: f.Left, Right: f.Right})
	}
	left := make([]judge.LineRange, len(pair.Fragments))
	right := make([]judge.LineRange, len(pair.Fragments))
	for i, f := range pair.Fragments {
		left[i], right[i] = f.Left, f.Right
	}
	v.Left = p.sourceLines(pair.Left.Language, ps.Left, left)
	v.Right = p.sourceLines(pair.Right.Language, ps.Right, right)
	p.render(c, http.StatusOK, "similarity_pair", p.tr(c, "sim_pair_title", "Left", pair.Left.User, "Right", pair.Right.User), v)
}

// sourceLines highlights a source line by line and marks the lines of
// each fragment; plain text when chroma fails on it.
func (p *Pages) sourceLines(language, source string, fragments []judge.LineRange) []sourceLine {
	lines, err := highlightLines(language, source)
	if err != nil {
		p.logger().Error("highlighting a source failed", "err", err)
		lines = plainLines(source)
	}
	return markFragments(lines, fragments)
}

// plainLines is a source's lines escaped, without colours.
func plainLines(source string) []template.HTML {
	var out []template.HTML
	for _, l := range splitLines(source) {
		out = append(out, template.HTML(template.HTMLEscapeString(l)))
	}
	return out
}
