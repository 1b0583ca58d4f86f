package testutil

import (
	"strconv"
	"strings"
)

// FlooditBoard returns the classic text of an n x n Flood-it board whose
// cell at row r, column c has colour cell(r, c), asked in reading order
// (so that a random cell function gives the same board from the same seed).
func FlooditBoard(n int, cell func(r, c int) int) string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(n) + "\n")
	for r := range n {
		for c := range n {
			if c > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(strconv.Itoa(cell(r, c)))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
