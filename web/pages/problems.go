package pages

import (
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

// problemRow is one line of the problem list.
type problemRow struct {
	Slug, Title, Puzzle string
	Cases               int
	Best                *judge.Best // nil when the user never submitted (or is anonymous)
	// Draft and Archived are shown to instructors, the only ones who see
	// such problems.
	Draft, Archived bool
}

// problemList is the home page: every problem, with the user's best score
// and its verdict.
func (p *Pages) problemList(c *gin.Context) {
	ctx := c.Request.Context()
	list, err := p.Service.Problems(ctx, httpx.Viewer(c))
	if err != nil {
		p.fail(c, err)
		return
	}
	best, err := p.Service.Bests(ctx, httpx.Viewer(c))
	if err != nil {
		p.fail(c, err)
		return
	}
	rows := make([]problemRow, 0, len(list))
	lang := p.localeOf(c).Lang
	for _, ps := range list {
		row := problemRow{Slug: ps.Slug, Title: ps.TitleIn(lang), Puzzle: ps.Puzzle, Cases: ps.Cases, Draft: ps.Draft, Archived: ps.Archived}
		if b, ok := best[ps.Slug]; ok {
			row.Best = &b
		}
		rows = append(rows, row)
	}
	p.render(c, http.StatusOK, "problems", p.tr(c, "problems_title"), struct{ Problems []problemRow }{rows})
}

// caseView is a case with its picture, for the problem and cases pages.
type caseView struct {
	Case         judge.Case
	Picture      template.HTML
	PictureError string
}

func newCaseView(l *locale, puzzle string, cs judge.Case) caseView {
	v := caseView{Case: cs}
	pic, err := boardPicture(l, puzzle, fmt.Sprintf("case%d", cs.ID), cs.Input)
	if err != nil {
		v.PictureError = err.Error()
	}
	v.Picture = pic
	return v
}

// problemView is the data of a problem page. Answer, Moves, CaseID and Error
// are set when a submission was refused, so the user's text is kept.
type problemView struct {
	Problem judge.Problem
	// Title is the problem's title in the language of the statement.
	Title     string
	Statement template.HTML
	// StatementLang is the language of Statement; Bilingual says that
	// the problem has both, and the page offers the other.
	StatementLang string
	Bilingual     bool
	Samples       []caseView
	Cases         []judge.Case
	// InputVersion is the version of the boards served for download;
	// Boards the logged-in user's standing on each board, Best the user's
	// best on the problem (nil: not tried, or anonymous).
	InputVersion string
	Boards       []judge.BoardProgress
	Best         *judge.Best
	MoveHint     string
	Answer       string
	Moves        string
	CaseID       int64
	Error        string
	// ErrorForm is the kind of the refused form when the page shows it:
	// its message is drawn in that form, which the form's action scrolls
	// to (#program-form); "" draws it above the forms.
	ErrorForm string
	// Takes* say which forms the page shows (the problem's kinds);
	// Playable are the cases whose board the viewer may read, Secret the
	// number of the others (judge.CanReadInput).
	TakesAnswers, TakesMoves, TakesPrograms bool
	Playable                                []judge.Case
	Secret                                  int
	// The program form: the languages offered, the problem's limits, why
	// the form is hidden (the sandbox is off or did not start; "" when it
	// runs), and the language and pasted source of a refused program.
	Languages []languageOption
	Limits    judge.Limits
	// LanguageTimes are the time limits of the languages given more time
	// (their time_factor): "Python 3: 6 s".
	LanguageTimes []string
	SandboxOff    string
	Language      string
	Source        string
	// Mine are the logged-in viewer's latest submissions to the problem
	// (the page's last section), MineTotal how many there are in all.
	Mine      []judge.Submission
	MineTotal int
	// Contest is the contest the forms submit in (?contest= of the
	// contest page's links; 0: practice).
	Contest int64
}

// languageOption is a language of the program form, with the extensions
// that name it (space-separated, for pages.js to guess it from a file).
type languageOption struct {
	ID, Name, Version, Extensions string
	// How it is compiled and run, and its rules that catch newcomers
	// (the run section's table, templates/_problem_run.html).
	Compile, Run string
	Rules        []judge.Msg
}

// problemPage shows the statement, the sample boards and the submit forms.
// An anonymous visitor's page depends on the problem and its cases alone:
// it is served from the page cache (page_cache.go) while the catalogue
// version it was drawn at is current.
func (p *Pages) problemPage(c *gin.Context) {
	in, ok := p.input(c)
	if !ok {
		return
	}
	if p.cachedProblemPage(c, in) {
		return
	}
	v, ok := p.problemView(c, in)
	if !ok {
		return
	}
	p.render(c, http.StatusOK, "problem", v.Title, v)
}

// loadProblem builds the problem page's data for the slug in the path, or
// answers with an error page and returns false.
func (p *Pages) loadProblem(c *gin.Context) (problemView, bool) {
	in, ok := p.input(c)
	if !ok {
		return problemView{}, false
	}
	return p.problemView(c, in)
}

// input reads the problem in the path with its cases as the viewer may see
// them, or answers with an error page and returns false.
func (p *Pages) input(c *gin.Context) (judge.ProblemInput, bool) {
	in, err := p.Service.Input(c.Request.Context(), httpx.Viewer(c), c.Param("slug"))
	if err != nil {
		p.fail(c, err)
		return judge.ProblemInput{}, false
	}
	return in, true
}

// problemView builds the problem page's data from in, with the viewer's
// standing, or answers with an error page and returns false.
func (p *Pages) problemView(c *gin.Context, in judge.ProblemInput) (problemView, bool) {
	prob, cases := in.Problem, in.Cases
	v := problemView{Problem: prob, Cases: cases, InputVersion: in.Version}
	text, lang := statementFor(prob, p.statementLang(c))
	// The page's heading is the title in the reader's language (title_zh);
	// an English statement's own heading is its English title.
	v.Title = prob.TitleIn(p.localeOf(c).Lang)
	if lang == "en" {
		text = withoutTitle(text, prob.Title)
	} else {
		// A translation's own heading is the title in its language.
		if first, rest, _ := strings.Cut(strings.TrimLeft(text, " \t\r\n"), "\n"); strings.HasPrefix(first, "# ") {
			v.Title, text = strings.TrimSpace(strings.TrimPrefix(first, "# ")), rest
		}
	}
	v.Statement, v.StatementLang, v.Bilingual = p.md.render(withoutTitle(text, v.Title)), lang, prob.StatementZH != ""
	v.Contest, _ = strconv.ParseInt(c.DefaultPostForm("contest", c.Query("contest")), 10, 64)
	best, tried, boards, err := p.Service.Standing(c.Request.Context(), httpx.Viewer(c), prob.Slug)
	if err != nil {
		p.fail(c, err)
		return problemView{}, false
	}
	v.Boards = boards
	if u, ok := httpx.CurrentUser(c); ok {
		v.Mine, v.MineTotal, err = p.Service.Submissions(c.Request.Context(), u,
			judge.SubmissionFilter{UserID: u.ID, Username: u.Username, ProblemSlug: prob.Slug, Limit: mineShown})
		if err != nil {
			p.fail(c, err)
			return problemView{}, false
		}
	}
	if tried {
		v.Best = &best
	}
	if pz, err := puzzles.Lookup(prob.Puzzle); err == nil {
		v.MoveHint = pz.Info().MovesSyntax
		if s, ok := p.localeOf(c).lookup("moves_syntax_" + prob.Puzzle); ok {
			v.MoveHint = s
		}
	}
	for _, cs := range cases {
		if cs.Sample {
			v.Samples = append(v.Samples, p.caseView(p.localeOf(c), prob.Puzzle, cs))
		}
		if cs.Secret {
			v.Secret++
		} else {
			v.Playable = append(v.Playable, cs)
		}
	}
	v.TakesAnswers, v.TakesMoves, v.TakesPrograms = prob.Takes(judge.KindAnswer), prob.Takes(judge.KindMoves), prob.Takes(judge.KindProgram)
	if v.TakesPrograms {
		v.Limits = prob.Limits.WithProgramDefaults()
		if ok, reason := p.Service.SandboxState(); !ok {
			v.SandboxOff = strings.TrimSuffix(reason, ".")
		}
		for _, l := range p.Service.Languages() {
			v.Languages = append(v.Languages, languageOption{l.ID, l.Name, l.Version, strings.Join(l.Extensions, " "),
				l.CompileLine(), l.RunLine(), service.LanguageRules(l)})
			if l.TimeFactor > 1 {
				// As the sandbox applies it: the problem's CPU limit times the factor.
				v.LanguageTimes = append(v.LanguageTimes, fmt.Sprintf("%s: %s s", l.Name, strconv.FormatFloat(v.Limits.TimeLimit*l.TimeFactor, 'f', -1, 64)))
			}
		}
	}
	return v, true
}

// mineShown is how many of the viewer's submissions the problem page lists.
const mineShown = 5

// formShown reports whether the page shows the form that sends kind.
func (v problemView) formShown(kind string) bool {
	switch judge.Kind(kind) {
	case judge.KindAnswer:
		return v.TakesAnswers
	case judge.KindMoves:
		return v.TakesMoves
	case judge.KindProgram:
		return v.TakesPrograms && v.SandboxOff == "" && len(v.Languages) > 0
	}
	return false
}

// withoutTitle drops a leading "# Title" line from a statement when it only
// repeats the problem's title, which the page already shows as its heading.
func withoutTitle(statement, title string) string {
	rest := strings.TrimLeft(statement, " \t\r\n")
	first, after, _ := strings.Cut(rest, "\n")
	if strings.TrimSpace(strings.TrimPrefix(first, "# ")) == strings.TrimSpace(title) && strings.HasPrefix(first, "# ") {
		return after
	}
	return statement
}
