package pages

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/problems/kattis"
	"puzzlejudge/web/httpx"
)

// ImportPath is the route of the import form's POST, which, like the API's,
// takes a package of up to kattis.MaxUpload bytes.
const ImportPath = "/problems/import"

// problemForm is the form of a new or edited problem, as typed.
type problemForm struct {
	New                            bool
	Slug, Title, Puzzle, Statement string
	// StatementZH is the Chinese statement; StatementZHSent, that the
	// form had its field (a form without it leaves the statement alone).
	StatementZH     string
	StatementZHSent bool
	// TitleZH is the Chinese title; TitleZHSent, that the form had its
	// field.
	TitleZH                      string
	TitleZHSent                  bool
	Checker                      string
	MaxSize, MaxColors, MaxMoves string
	// Kinds are the boxes ticked; the program limits are as typed, in the
	// Kattis names and units (seconds, MiB, KiB).
	Kinds map[judge.Kind]bool
	// KindsSent: the form had the kinds' boxes (kinds_sent), so that none
	// ticked is a choice to refuse, not a form that lacks them.
	KindsSent                                         bool
	TimeLimit, Memory, Output, Code                   string
	CompilationTime, CompilationMemory, ACToTimeLimit string
	Published, Archived, Detached                     bool
	// Shipped: the problem comes from problems/<slug>, and its slug
	// cannot change (the service refuses it).
	Shipped bool
	Puzzles []string
	Error   string
}

// limits reads the limits typed; a field left empty is 0 (the engine's
// bound, or the program limit kept: judge.Limits.Over).
func (f problemForm) limits() (judge.Limits, error) {
	var l judge.Limits
	for _, x := range []struct {
		name string
		text string
		dst  *int
	}{{"max_size", f.MaxSize, &l.MaxSize}, {"max_colors", f.MaxColors, &l.MaxColors}, {"max_moves", f.MaxMoves, &l.MaxMoves},
		{"memory", f.Memory, &l.MemoryMiB}, {"output", f.Output, &l.OutputMiB}, {"code", f.Code, &l.CodeKiB},
		{"compilation_memory", f.CompilationMemory, &l.CompilationMemoryMiB}} {
		if strings.TrimSpace(x.text) == "" {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(x.text))
		if err != nil {
			return l, judge.Errort(judge.EINVALID, "form_limit_whole", "limits.{Limit}: {Text} is not a whole number", "Limit", x.name, "Text", strconv.Quote(x.text))
		}
		*x.dst = n
	}
	for _, x := range []struct {
		name string
		text string
		dst  *float64
	}{{"time_limit", f.TimeLimit, &l.TimeLimit}, {"compilation_time", f.CompilationTime, &l.CompilationTime},
		{"time_multipliers.ac_to_time_limit", f.ACToTimeLimit, &l.ACToTimeLimit}} {
		if strings.TrimSpace(x.text) == "" {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(x.text), 64)
		if err != nil {
			return l, judge.Errort(judge.EINVALID, "form_limit_number", "limits.{Limit}: {Text} is not a number", "Limit", x.name, "Text", strconv.Quote(x.text))
		}
		*x.dst = v
	}
	return l, nil
}

// kinds returns the kinds ticked, in their order; none is an empty list,
// which the service refuses with its message; nil (all three for a new
// problem, unchanged for an edit) when the form had no boxes.
func (f problemForm) kinds() *[]judge.Kind {
	if !f.KindsSent {
		return nil
	}
	out := []judge.Kind{}
	for _, k := range judge.ProblemKinds {
		if f.Kinds[k] {
			out = append(out, k)
		}
	}
	return &out
}

// kindBoxes are the kinds of the form's boxes with their words.
var kindBoxes = []struct {
	Kind  judge.Kind
	Words string
}{
	{judge.KindAnswer, "answer: the output of the student's program on every board (every board can then be downloaded)"},
	{judge.KindMoves, "moves: a move sequence for one board"},
	{judge.KindProgram, "program: source code, run on every board in the sandbox (without answer, the hidden boards stay secret)"},
}

func kindSet(kinds []judge.Kind) map[judge.Kind]bool {
	m := map[judge.Kind]bool{}
	for _, k := range kinds {
		m[k] = true
	}
	return m
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func formatNumber(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

func formOf(c *gin.Context) problemForm {
	zh, zhSent := c.GetPostForm("statement_zh")
	titleZH, titleZHSent := c.GetPostForm("title_zh")
	return problemForm{TitleZH: strings.TrimSpace(titleZH), TitleZHSent: titleZHSent, StatementZH: strings.ReplaceAll(zh, "\r\n", "\n"), StatementZHSent: zhSent, Slug: strings.TrimSpace(c.PostForm("slug")), Title: c.PostForm("title"), Puzzle: c.PostForm("puzzle"),
		Statement: strings.ReplaceAll(c.PostForm("statement"), "\r\n", "\n"), Checker: c.PostForm("checker"),
		MaxSize: c.PostForm("max_size"), MaxColors: c.PostForm("max_colors"), MaxMoves: c.PostForm("max_moves"),
		TimeLimit: c.PostForm("time_limit"), Memory: c.PostForm("memory"), Output: c.PostForm("output"), Code: c.PostForm("code"),
		CompilationTime: c.PostForm("compilation_time"), CompilationMemory: c.PostForm("compilation_memory"), ACToTimeLimit: c.PostForm("ac_to_time_limit"),
		Kinds: kindSet(kindsOf(c.PostFormArray("kinds"))), KindsSent: c.PostForm("kinds_sent") != "",
		Published: c.PostForm("published") != "", Puzzles: puzzles.PuzzleNames()}
}

func kindsOf(values []string) []judge.Kind {
	out := make([]judge.Kind, len(values))
	for i, v := range values {
		out[i] = judge.Kind(v)
	}
	return out
}

func formFromProblem(p judge.Problem) problemForm {
	checker := p.Checker
	if checker == "" {
		checker = judge.CheckerExact
	}
	f := problemForm{Slug: p.Slug, Title: p.Title, TitleZH: p.TitleZH, Puzzle: p.Puzzle, Statement: p.Statement, StatementZH: p.StatementZH, Checker: checker,
		MaxSize: strconv.Itoa(p.Limits.MaxSize), MaxColors: strconv.Itoa(p.Limits.MaxColors), MaxMoves: strconv.Itoa(p.Limits.MaxMoves),
		Published: !p.Draft, Archived: p.Archived, Detached: p.Detached, Shipped: p.Shipped(), Puzzles: puzzles.PuzzleNames()}
	f.setProgram(p.Kinds, p.Limits)
	return f
}

// setProgram fills the kinds and program limits of the form from a problem's.
func (f *problemForm) setProgram(kinds []judge.Kind, l judge.Limits) {
	l = l.WithProgramDefaults()
	f.Kinds = kindSet(kinds)
	f.TimeLimit, f.Memory, f.Output, f.Code = formatNumber(l.TimeLimit), strconv.Itoa(l.MemoryMiB), strconv.Itoa(l.OutputMiB), strconv.Itoa(l.CodeKiB)
	f.CompilationTime, f.CompilationMemory, f.ACToTimeLimit = formatNumber(l.CompilationTime), strconv.Itoa(l.CompilationMemoryMiB), formatNumber(l.ACToTimeLimit)
}

// boardLimit is one field of a problem's board limits on the form.
type boardLimit struct {
	Name, Value string
	// Most is the engine's most (the input's max), 0 on a new problem,
	// whose puzzle may still change; Puzzles then names those that have
	// the limit.
	Most    int
	Puzzles string
}

// BoardLimits are the board limit fields the form shows: those the
// problem's puzzle has (judge.Info.Limits; none for Rotation, whose boards
// are all alike), or on a new problem each limit some puzzle has, naming
// them. A field not shown is sent as nothing, which is 0.
func (f problemForm) BoardLimits() []boardLimit {
	all := []boardLimit{{Name: "max_size", Value: f.MaxSize}, {Name: "max_colors", Value: f.MaxColors}, {Name: "max_moves", Value: f.MaxMoves}}
	most := func(l judge.Limits) []int { return []int{l.MaxSize, l.MaxColors, l.MaxMoves} }
	if !f.New {
		pz, err := puzzles.Lookup(f.Puzzle)
		if err != nil {
			return all
		}
		var out []boardLimit
		for i, m := range most(pz.Info().Limits) {
			if m > 0 {
				all[i].Most = m
				out = append(out, all[i])
			}
		}
		return out
	}
	names := make([][]string, len(all))
	for _, name := range f.Puzzles {
		pz, err := puzzles.Lookup(name)
		if err != nil {
			continue
		}
		for i, m := range most(pz.Info().Limits) {
			if m > 0 {
				names[i] = append(names[i], name)
			}
		}
	}
	var out []boardLimit
	for i, b := range all {
		if len(names[i]) > 0 {
			b.Puzzles = strings.Join(names[i], ", ")
			out = append(out, b)
		}
	}
	return out
}

// KindBoxes are the kinds' boxes, for the template.
func (f problemForm) KindBoxes() []struct {
	Kind  judge.Kind
	Words string
} {
	return kindBoxes
}

// newProblemPage is GET /problems/new.
func (p *Pages) newProblemPage(c *gin.Context) {
	if _, ok := p.needTo(judge.CanAuthor)(c); !ok {
		return
	}
	f := problemForm{New: true, Checker: judge.CheckerExact, Puzzles: puzzles.PuzzleNames(), MaxSize: "0", MaxColors: "0", MaxMoves: "0"}
	f.setProgram(judge.ProblemKinds, judge.DefaultProgramLimits())
	p.render(c, http.StatusOK, "problem_form", p.tr(c, "problems_new"), f)
}

// createProblem is POST /problems/new.
func (p *Pages) createProblem(c *gin.Context) {
	u, ok := p.needTo(judge.CanAuthor)(c)
	if !ok {
		return
	}
	f := formOf(c)
	f.New = true
	l, err := f.limits()
	if err == nil {
		_, err = p.Service.CreateProblem(c.Request.Context(), u, judge.ProblemSpec{Slug: f.Slug, Title: f.Title, Puzzle: f.Puzzle,
			Statement: f.Statement, StatementZH: f.StatementZH, TitleZH: f.TitleZH, Checker: f.Checker, Kinds: deref(f.kinds()), Limits: l, Published: f.Published})
	}
	if err != nil {
		if status, ok := p.formError(c, err); ok {
			f.Error = p.errorText(c, err)
			p.render(c, status, "problem_form", p.tr(c, "problems_new"), f)
		}
		return
	}
	p.redirect(c, "/problems/"+f.Slug+"/cases", "Problem "+f.Slug+" created. Add or generate its boards.")
}

// authorsRead is the gate of an author's page about the problem of the
// path: needTo(CanAuthor), then read of the slug for the author (the
// problem and its cases, or its package). It reports false once it has
// answered.
func authorsRead[A, B any](p *Pages, c *gin.Context, read func(context.Context, judge.User, string) (A, B, error)) (u judge.User, a A, b B, ok bool) {
	if u, ok = p.needTo(judge.CanAuthor)(c); !ok {
		return u, a, b, false
	}
	a, b, err := read(c.Request.Context(), u, c.Param("slug"))
	if err != nil {
		p.fail(c, err)
		return u, a, b, false
	}
	return u, a, b, true
}

// editProblemPage is GET /problems/{slug}/edit.
func (p *Pages) editProblemPage(c *gin.Context) {
	_, prob, _, ok := authorsRead(p, c, p.Service.Problem)
	if !ok {
		return
	}
	p.render(c, http.StatusOK, "problem_form", "Edit "+prob.Title, formFromProblem(prob))
}

// editProblem is POST /problems/{slug}/edit: every field of the form.
func (p *Pages) editProblem(c *gin.Context) {
	u, ok := p.needTo(judge.CanAuthor)(c)
	if !ok {
		return
	}
	f := formOf(c)
	l, err := f.limits()
	if err == nil {
		patch := judge.ProblemPatch{Slug: &f.Slug, Title: &f.Title,
			Puzzle: &f.Puzzle, Statement: &f.Statement, Checker: &f.Checker, Kinds: f.kinds(), Limits: &l, Published: &f.Published}
		if f.StatementZHSent {
			patch.StatementZH = &f.StatementZH
		}
		if f.TitleZHSent {
			patch.TitleZH = &f.TitleZH
		}
		_, err = p.Service.UpdateProblem(c.Request.Context(), u, c.Param("slug"), patch)
	}
	if err != nil {
		if status, ok := p.formError(c, err); ok {
			f.Error = p.errorText(c, err)
			p.render(c, status, "problem_form", "Edit "+c.Param("slug"), f)
		}
		return
	}
	p.redirect(c, "/problems/"+f.Slug, p.tr(c, "flash_problem_saved"))
}

// archiveProblem is POST /problems/{slug}/archive.
func (p *Pages) archiveProblem(c *gin.Context) {
	u, ok := p.needTo(judge.CanAuthor)(c)
	if !ok {
		return
	}
	err := p.Service.ArchiveProblem(c.Request.Context(), u, c.Param("slug"))
	p.finishAction(c, err, "/", "Problem "+c.Param("slug")+" archived: students no longer see it; its submissions are kept.")
}

// generateForm is the form of the board generator on the boards page.
type generateForm struct {
	Params   []paramField
	ByRange  bool // the request takes a range of optima (else solvable)
	Count    string
	Seed     string
	Min, Max string
	Solvable string // "", "yes" or "no"
	Error    string
}

type paramField struct{ Name, Value string }

// newGenerateForm returns the generator form for a problem's puzzle, or
// nil when the puzzle has no generator.
func newGenerateForm(puzzle string) *generateForm {
	pz, err := puzzles.Lookup(puzzle)
	if err != nil {
		return nil
	}
	g, ok := pz.(judge.Generator)
	if !ok {
		return nil
	}
	f := &generateForm{ByRange: g.GenerateBy() == judge.GenerateByRange, Count: "5", Seed: "1"}
	for _, name := range g.GenerateParams() {
		f.Params = append(f.Params, paramField{Name: name})
	}
	return f
}

// generate is POST /problems/{slug}/cases/generate: it starts a run and
// sends the browser to its page.
func (p *Pages) generate(c *gin.Context) {
	u, prob, _, ok := authorsRead(p, c, p.Service.Problem)
	if !ok {
		return
	}
	slug := c.Param("slug")
	f := newGenerateForm(prob.Puzzle)
	if f == nil {
		p.fail(c, judge.Errorf(judge.EINVALID, "puzzle %s has no board generator", prob.Puzzle))
		return
	}
	f.Count, f.Seed, f.Min, f.Max, f.Solvable = c.PostForm("count"), c.PostForm("seed"), c.PostForm("min_optimal"), c.PostForm("max_optimal"), c.PostForm("solvable")
	spec, err := f.spec(c)
	if err == nil {
		var g judge.Generation
		if g, err = p.Service.Generate(c.Request.Context(), u, slug, spec); err == nil {
			p.redirect(c, fmt.Sprintf("/problems/%s/generations/%d", slug, g.ID), "")
			return
		}
	}
	if status, ok := p.formError(c, err); ok {
		f.Error = p.errorText(c, err)
		p.showCasesWith(c, status, caseForm{}, f)
	}
}

// spec reads the typed form into a request; the service checks the values.
func (f *generateForm) spec(c *gin.Context) (judge.GenerateSpec, error) {
	num := func(field, text string) (*int, error) {
		text = strings.TrimSpace(text)
		if text == "" {
			return nil, nil
		}
		n, err := strconv.Atoi(text)
		if err != nil {
			return nil, judge.Errort(judge.EINVALID, "form_whole", "{Field}: {Text} is not a whole number", "Field", field, "Text", strconv.Quote(text))
		}
		return &n, nil
	}
	var spec judge.GenerateSpec
	count, err := num("count", f.Count)
	if err != nil {
		return spec, err
	}
	if count != nil {
		spec.Count = *count
	}
	seed, err := strconv.ParseUint(strings.TrimSpace(f.Seed), 10, 64)
	if err != nil && strings.TrimSpace(f.Seed) != "" {
		return spec, judge.Errort(judge.EINVALID, "form_seed", "seed: {Text} is not a whole number of 0 or more", "Text", strconv.Quote(f.Seed))
	}
	spec.Seed = seed
	spec.Params = map[string]int{}
	for i, pf := range f.Params {
		f.Params[i].Value = c.PostForm("param_" + pf.Name)
		v, err := num("params."+pf.Name, f.Params[i].Value)
		if err != nil {
			return spec, err
		}
		if v != nil {
			spec.Params[pf.Name] = *v
		}
	}
	if spec.MinOptimal, err = num("min_optimal", f.Min); err != nil {
		return spec, err
	}
	if spec.MaxOptimal, err = num("max_optimal", f.Max); err != nil {
		return spec, err
	}
	switch f.Solvable {
	case "yes", "no":
		v := f.Solvable == "yes"
		spec.Solvable = &v
	}
	return spec, nil
}

// generationView is a run's page; it reloads itself while the run goes on.
type generationView struct {
	Problem judge.Problem
	Gen     judge.Generation
}

func (v generationView) refresh() int {
	if v.Gen.Status == judge.GenRunning {
		return 1
	}
	return 0
}

// generationPage is GET /problems/{slug}/generations/{id}.
func (p *Pages) generationPage(c *gin.Context) {
	u, id, ok := p.needID(c, p.needTo(judge.CanAuthor), "generation")
	if !ok {
		return
	}
	prob, _, err := p.Service.Problem(c.Request.Context(), u, c.Param("slug"))
	if err != nil {
		p.fail(c, err)
		return
	}
	g, err := p.Service.Generation(c.Request.Context(), u, c.Param("slug"), id)
	if err != nil {
		p.fail(c, err)
		return
	}
	p.render(c, http.StatusOK, "generation", p.tr(c, "gen_page_title", "Title", prob.TitleIn(p.localeOf(c).Lang)), generationView{Problem: prob, Gen: g})
}

// cancelGeneration is POST /problems/{slug}/generations/{id}/cancel.
func (p *Pages) cancelGeneration(c *gin.Context) {
	u, id, ok := p.needID(c, p.needTo(judge.CanAuthor), "generation")
	if !ok {
		return
	}
	_, err := p.Service.CancelGeneration(c.Request.Context(), u, c.Param("slug"), id)
	p.finishAction(c, err, fmt.Sprintf("/problems/%s/generations/%d", c.Param("slug"), id), p.tr(c, "flash_gen_stopping"))
}

// exportPackage is GET /problems/{slug}/package.zip for the pages' session.
func (p *Pages) exportPackage(c *gin.Context) {
	u, prob, cases, ok := authorsRead(p, c, p.Service.ExportProblem)
	if !ok {
		return
	}
	programs, err := p.Service.ProblemPrograms(c.Request.Context(), u, c.Param("slug"))
	if err != nil {
		p.fail(c, err)
		return
	}
	if err := httpx.PackageZip(c, prob, cases, programs); err != nil {
		p.fail(c, err)
	}
}

// importView is the import form with the last refusal.
type importView struct {
	Slug  string
	Error string
}

// importPage is GET /problems/import.
func (p *Pages) importPage(c *gin.Context) {
	if _, ok := p.needTo(judge.CanAuthor)(c); !ok {
		return
	}
	p.render(c, http.StatusOK, "import", p.tr(c, "import_title"), importView{})
}

// importPackage is POST /problems/import: the package as the file field,
// an optional slug.
func (p *Pages) importPackage(c *gin.Context) {
	u, ok := p.needTo(judge.CanAuthor)(c)
	if !ok {
		return
	}
	v := importView{Slug: strings.TrimSpace(c.PostForm("slug"))}
	refuse := func(status int, msg string) {
		v.Error = msg
		p.render(c, status, "import", p.tr(c, "import_title"), v)
	}
	data, err := httpx.FormFile(c, "file", kattis.MaxUpload)
	if err != nil {
		p.fail(c, err)
		return
	}
	if data == nil {
		refuse(http.StatusBadRequest, p.tr(c, "error_no_package"))
		return
	}
	pkg, err := kattis.Read(data)
	if err != nil {
		refuse(http.StatusBadRequest, err.Error())
		return
	}
	if v.Slug != "" {
		pkg.Problem.Slug = v.Slug
	}
	prob, created, err := p.Service.ImportPackage(c.Request.Context(), u, pkg.Problem, pkg.Cases, pkg.Programs, nil)
	if err != nil {
		if status, ok := p.formError(c, err); ok {
			refuse(status, p.errorText(c, err))
		}
		return
	}
	l := p.localeOf(c)
	what := l.text("import_replaced")
	if created {
		what = l.text("import_created")
	}
	p.redirect(c, "/problems/"+prob.Slug+"/cases", l.text("flash_imported", "Slug", prob.Slug, "What", what, "Count", len(pkg.Cases)))
}
