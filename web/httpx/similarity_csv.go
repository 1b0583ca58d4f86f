package httpx

import (
	"bytes"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
)

// SimilarityCSV answers the pairs of a similarity report as a CSV download
// (judge.WriteSimilarityCSV), for the API and the pages alike.
func SimilarityCSV(c *gin.Context, log *slog.Logger, r judge.SimilarityReport) {
	var buf bytes.Buffer
	if err := judge.WriteSimilarityCSV(&buf, r); err != nil {
		WriteError(c, log, err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="similarity-`+strconv.FormatInt(r.ID, 10)+`.csv"`)
	c.Header("Cache-Control", "no-store")
	c.Data(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}
