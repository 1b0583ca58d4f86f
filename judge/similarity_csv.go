package judge

import (
	"encoding/csv"
	"io"
	"strconv"
)

// WriteSimilarityCSV writes the pairs of a report as RFC 4180 CSV, one
// row a pair, most similar first: rank, problem, both programs, the
// similarity (0..1, four decimals), the longest fragment, the overlap and
// the number of fragments. Names go through SafeCell, since a spreadsheet
// would run a username that starts with "=".
func WriteSimilarityCSV(w io.Writer, r SimilarityReport) error {
	cw := csv.NewWriter(w)
	cw.UseCRLF = true
	header := []string{"rank", "problem", "left_submission", "left_user", "left_language",
		"right_submission", "right_user", "right_language", "similarity", "longest_fragment", "overlap", "fragments"}
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, p := range r.Pairs {
		row := []string{strconv.Itoa(p.Rank), SafeCell(p.Left.Problem),
			strconv.FormatInt(p.Left.Submission, 10), SafeCell(p.Left.User), SafeCell(p.Left.Language),
			strconv.FormatInt(p.Right.Submission, 10), SafeCell(p.Right.User), SafeCell(p.Right.Language),
			strconv.FormatFloat(p.Similarity, 'f', 4, 64), strconv.Itoa(p.LongestFragment), strconv.Itoa(p.Overlap),
			strconv.Itoa(len(p.Fragments))}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
