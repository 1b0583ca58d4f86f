package httpx

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"puzzlejudge/judge"
)

// GradesCSV answers a gradebook as a CSV download (text/csv, UTF-8): the
// API and the pages hand out the same file.
func GradesCSV(c *gin.Context, log *slog.Logger, gb judge.Gradebook) {
	name := "assignment-" + strconv.FormatInt(gb.Assignment.ID, 10) + "-grades.csv"
	csvDownload(c, log, name, func(w io.Writer) error { return judge.WriteGradesCSV(w, gb) })
}

// SimilarityCSV answers the pairs of a similarity report as a CSV download
// (judge.WriteSimilarityCSV), for the API and the pages alike.
func SimilarityCSV(c *gin.Context, log *slog.Logger, r judge.SimilarityReport) {
	name := "similarity-" + strconv.FormatInt(r.ID, 10) + ".csv"
	csvDownload(c, log, name, func(w io.Writer) error { return judge.WriteSimilarityCSV(w, r) })
}

// csvDownload answers what write makes as a CSV file called name, never
// cached; a failure to make it is answered as an error instead, since the
// whole file is made before anything is sent.
func csvDownload(c *gin.Context, log *slog.Logger, name string, write func(io.Writer) error) {
	var buf bytes.Buffer
	if err := write(&buf); err != nil {
		WriteError(c, log, err)
		return
	}
	c.Header("Content-Disposition", `attachment; filename="`+name+`"`)
	c.Header("Cache-Control", "no-store")
	c.Data(http.StatusOK, "text/csv; charset=utf-8", buf.Bytes())
}
