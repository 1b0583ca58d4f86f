package httpx

import (
	"bytes"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
)

// GradesCSV answers a gradebook as a CSV download (text/csv, UTF-8): the
// API and the pages hand out the same file.
func GradesCSV(c *gin.Context, log *slog.Logger, gb judge.Gradebook) {
	var buf bytes.Buffer
	if err := judge.WriteGradesCSV(&buf, gb); err != nil {
		WriteError(c, log, err)
		return
	}
	name := "assignment-" + strconv.FormatInt(gb.Assignment.ID, 10) + "-grades.csv"
	c.Header("Content-Disposition", `attachment; filename="`+name+`"`)
	c.Header("Cache-Control", "no-store")
	c.Data(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}
