package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
	"puzzlejudge/web/wire"
)

// submitFile takes a program as a multipart form: kind=program, its source
// as file, and language (left out, the file's extension names it).
func (s *API) submitFile(c *gin.Context) {
	fh, err := c.FormFile("file")
	if err != nil {
		s.fail(c, judge.EINVALID, "field \"file\" is required: the program's source file")
		return
	}
	data, ok := s.requiredFile(c, httpx.MaxBodyBytes, "field \"file\" is required: the program's source file")
	if !ok {
		return
	}
	sub := judge.Submission{ProblemSlug: c.Param("slug"), Kind: judge.KindProgram, Language: c.PostForm("language"), Payload: string(data),
		ContestID: c.GetInt64(contestKey)}
	s.accepted(c)(s.Service.SubmitProgram(c.Request.Context(), httpx.Viewer(c), sub, fh.Filename))
}

// languageJSON is a language programs may be written in.
type languageJSON = wire.Language

// languages lists the languages this server compiles: only those the
// sandbox found installed, none when it is off. Version is what the
// sandbox's own compiler said when the server started.
func (s *API) languages(c *gin.Context) {
	out := []languageJSON{}
	for _, l := range s.Service.Languages() {
		rules := []string{}
		for _, m := range service.LanguageRules(l) {
			rules = append(rules, m.Text())
		}
		out = append(out, languageJSON{ID: l.ID, Name: l.Name, Version: l.Version, Extensions: l.Extensions,
			Compile: l.CompileLine(), Run: l.RunLine(), Rules: rules})
	}
	c.JSON(http.StatusOK, out)
}
