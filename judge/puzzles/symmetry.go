package puzzles

import (
	"strconv"
	"strings"
)

// A symmetry key names a board up to the symmetries of its puzzle: two
// boards have the same key exactly when one maps onto the other by a
// symmetry that keeps the optimum, so that solving one tells the answer of
// the other. Check refuses a student's board whose key is a hidden case's.
// Each key is a canonical form: every symmetry of the board is tried, its
// symbols are renumbered in order of first appearance, and the least text
// is kept.

// relabel renumbers the symbols of cells in order of first appearance
// (1, 2, ...) and writes them space-separated; 0 keeps its meaning when
// keepZero is set (Mayan's empty cell).
func relabel(cells []int, keepZero bool) string {
	var seen [256]int
	next := 0
	var sb strings.Builder
	for i, v := range cells {
		if i > 0 {
			sb.WriteByte(' ')
		}
		if keepZero && v == 0 {
			sb.WriteByte('0')
			continue
		}
		v &= 0xff
		if seen[v] == 0 {
			next++
			seen[v] = next
		}
		sb.WriteString(strconv.Itoa(seen[v]))
	}
	return sb.String()
}
