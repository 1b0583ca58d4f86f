package httpx

import (
	"bytes"
	"net/http"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
	"puzzlejudge/problems/kattis"
)

// PackageZip answers a problem and its cases as the download of its
// package (a Kattis zip): the API and the pages hand out the same file.
// When the package cannot be written it answers nothing and returns the
// error, for the caller to answer in its own way.
func PackageZip(c *gin.Context, p judge.Problem, cases []judge.Case, programs []judge.ProgramFile) error {
	pkg := kattis.FromCases(p, cases)
	pkg.Programs = programs
	var buf bytes.Buffer
	if err := kattis.Write(&buf, pkg); err != nil {
		return err
	}
	c.Header("Content-Disposition", `attachment; filename="`+p.Slug+`.zip"`)
	c.Data(http.StatusOK, "application/zip", buf.Bytes())
	return nil
}
