package judge

import (
	"encoding/csv"
	"io"
	"strconv"
)

// WriteBoardCSV writes a board of c as RFC 4180 CSV in UTF-8: the header
// "rank,user,solved,penalty,score", then per problem its label's tries,
// minutes and solved ("A tries,A minutes,A solved", ...), and one row per
// contestant in rank order. User names are defused as SafeCell does.
func WriteBoardCSV(w io.Writer, c Contest, b Scoreboard) error {
	cw := csv.NewWriter(w)
	cw.UseCRLF = true
	header := []string{"rank", "user", "solved", "penalty", "score"}
	for _, p := range c.Problems {
		l := SafeCell(p.Label)
		header = append(header, l+" tries", l+" minutes", l+" solved", l+" score")
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, r := range b.Rows {
		rec := []string{strconv.Itoa(r.Rank), SafeCell(r.User), strconv.Itoa(r.Solved), strconv.Itoa(r.Penalty), FormatScore(r.Score)}
		for _, p := range r.Problems {
			rec = append(rec, strconv.Itoa(p.Tries), strconv.Itoa(p.Minutes), strconv.FormatBool(p.Solved), FormatScore(p.Score))
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
