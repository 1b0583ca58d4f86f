package pages

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/web/httpx"
)

// runProgram is the problem page's "Run on my input" (templates/
// _problem_run.html, static/run.js): the form posts here and the script
// shows the answer in place, the API's JSON with the message in the
// reader's language. Refusals are the API's error shape too (jsonError).
// It spends the user's budget of runs, shared with the API (Options.Runs).
func (p *Pages) runProgram(c *gin.Context) {
	v := httpx.Viewer(c)
	if !v.Anonymous() && p.Runs != nil {
		if ok, wait := p.Runs.Allow(v.ID, time.Now()); !ok {
			p.jsonError(c, "run", httpx.RateLimited(wait, "too many runs: at most %d per minute, try again in %d s", p.Runs.PerMinute()))
			return
		}
	}
	out, err := p.Service.Run(c.Request.Context(), v, judge.Run{ProblemSlug: c.Param("slug"), Language: c.PostForm("language"),
		Source: c.PostForm("source"), Input: c.PostForm("input")})
	if err != nil {
		p.jsonError(c, "run", err)
		return
	}
	answer := httpx.RunAnswerOf(out)
	if out.Msg.ID != "" {
		answer.Message = p.localeOf(c).judgeMsg(out.Msg)
	}
	c.JSON(http.StatusOK, answer)
}
