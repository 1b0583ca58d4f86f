package pages

import (
	"fmt"
	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// caseForm is the "add a board" form as the instructor filled it, kept with
// the parser's error when the board was refused.
type caseForm struct {
	Name, Input string
	Sample      bool
	Error       string
}

// casesView is the data of a problem's boards page.
type casesView struct {
	Problem judge.Problem
	Cases   []caseView
	Form    caseForm
	Solving bool // some board is still being solved: the page offers to reload
	// Generate is the board generator's form; nil when the puzzle has none.
	Generate *generateForm
	Hints    bool // students may ask for hints on the samples (play.go)
}

// casesPage lists every board of a problem for instructors: picture, input,
// expected answer and solver status, with the forms to add and delete.
func (p *Pages) casesPage(c *gin.Context) {
	if _, ok := p.needTo(judge.CanEditCases)(c); !ok {
		return
	}
	p.showCases(c, http.StatusOK, caseForm{})
}

func (p *Pages) showCases(c *gin.Context, status int, form caseForm) {
	p.showCasesWith(c, status, form, nil)
}

// showCasesWith draws the boards page with the generator's form as typed
// (nil: a fresh one).
func (p *Pages) showCasesWith(c *gin.Context, status int, form caseForm, gen *generateForm) {
	prob, cases, err := p.Service.Problem(c.Request.Context(), httpx.Viewer(c), c.Param("slug"))
	if err != nil {
		p.fail(c, err)
		return
	}
	if gen == nil {
		gen = newGenerateForm(prob.Puzzle)
	}
	v := casesView{Problem: prob, Form: form, Generate: gen}
	v.Hints, _ = p.Service.ProblemHints(c.Request.Context(), prob.Slug)
	for _, cs := range cases {
		v.Cases = append(v.Cases, p.caseView(p.localeOf(c), prob.Puzzle, cs))
		if cs.Status == judge.CaseSolving {
			v.Solving = true
		}
	}
	p.render(c, status, "cases", p.tr(c, "cases_title", "Title", prob.TitleIn(p.localeOf(c).Lang)), v)
}

// addCase stores a pasted board; the service parses it and solves it in the
// background. A board that does not parse comes back in the form with the
// parser's line and column.
func (p *Pages) addCase(c *gin.Context) {
	u, ok := p.needTo(judge.CanEditCases)(c)
	if !ok {
		return
	}
	form := caseForm{Name: c.PostForm("name"), Input: c.PostForm("input"), Sample: c.PostForm("sample") != ""}
	cs, err := p.Service.AddCase(c.Request.Context(), u, c.Param("slug"), judge.CaseSpec{Name: form.Name, Input: form.Input, Sample: form.Sample})
	if err != nil {
		if status, ok := p.formError(c, err); ok {
			form.Error = p.errorText(c, err)
			p.showCases(c, status, form)
		}
		return
	}
	p.redirect(c, fmt.Sprintf("/problems/%s/cases#case-%d", c.Param("slug"), cs.ID),
		p.tr(c, "flash_board_added", "Position", cs.Position, "Name", cs.Name))
}

// deleteCase removes a board (the service rejudges the problem).
func (p *Pages) deleteCase(c *gin.Context) {
	u, id, ok := p.needID(c, p.needTo(judge.CanEditCases), "board")
	if !ok {
		return
	}
	err := p.Service.DeleteCase(c.Request.Context(), u, c.Param("slug"), id)
	p.finishAction(c, err, "/problems/"+c.Param("slug")+"/cases", p.tr(c, "flash_board_deleted"))
}

// rejudge queues every submission of the problem again.
func (p *Pages) rejudge(c *gin.Context) {
	u, ok := p.needTo(judge.CanEditCases)(c)
	if !ok {
		return
	}
	n, err := p.Service.Rejudge(c.Request.Context(), u, c.Param("slug"))
	p.finishAction(c, err, "/problems/"+c.Param("slug")+"/cases", p.tr(c, "flash_rejudge", "Count", n))
}
