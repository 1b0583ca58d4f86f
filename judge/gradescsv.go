package judge

import (
	"encoding/csv"
	"io"
	"math"
	"strconv"
)

// WriteGradesCSV writes a gradebook as RFC 4180 CSV in UTF-8: the header
// "username,<slug...>,total", then one row per student with each problem's
// score and the weighted total, 0..100 with at most two decimals. Every cell
// that a spreadsheet would read as a formula is defused (see SafeCell).
func WriteGradesCSV(w io.Writer, gb Gradebook) error {
	cw := csv.NewWriter(w)
	cw.UseCRLF = true // RFC 4180 ends records with CRLF
	header := make([]string, 0, len(gb.Assignment.Problems)+2)
	header = append(header, "username")
	for _, ap := range gb.Assignment.Problems {
		header = append(header, SafeCell(ap.Slug))
	}
	header = append(header, "total")
	if err := cw.Write(header); err != nil {
		return err
	}
	rec := make([]string, len(header))
	for _, row := range gb.Rows {
		rec = rec[:0]
		rec = append(rec, SafeCell(row.User.Username))
		for _, pg := range row.Problems {
			rec = append(rec, FormatScore(pg.Score))
		}
		rec = append(rec, FormatScore(row.Total))
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// FormatScore writes a score with at most two decimals and no exponent:
// "100", "87.5", "33.33".
func FormatScore(x float64) string {
	return strconv.FormatFloat(Round2(x), 'f', -1, 64)
}

// SafeCell prefixes with an apostrophe a cell that starts with a character
// that makes spreadsheets (Excel, LibreOffice, Google Sheets) evaluate it as
// a formula: = + - @, and tab and carriage return, which some of them strip
// before looking. The apostrophe is what a user types to mean "text"; the
// cell then shows as written.
func SafeCell(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// Round2 rounds a score to hundredths, as grades are shown and exported.
func Round2(x float64) float64 { return math.Round(x*100) / 100 }
