package judge

import (
	"strconv"
	"strings"

	"puzzlejudge/reference/floodit"
	"puzzlejudge/reference/mayan"
	"puzzlejudge/reference/rotation"
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

// SymmetryKey of a Flood-it board: colour relabelling and the transpose,
// the one mirror that keeps the top-left corner (where the flood starts).
func (flooditPuzzle) SymmetryKey(c string) string {
	b, err := floodit.ParseCase(c)
	if err != nil {
		return "unparsable\x00" + c
	}
	n := b.N()
	cells := make([]int, 0, n*n)
	for r := range n {
		for col := range n {
			cells = append(cells, b.At(r, col))
		}
	}
	best := relabel(cells, false)
	cells = cells[:0]
	for r := range n {
		for col := range n {
			cells = append(cells, b.At(col, r))
		}
	}
	if t := relabel(cells, false); t < best {
		best = t
	}
	return strconv.Itoa(n) + ":" + best
}

// rotationGrid places the 24 squares of the Rotation board (0-based) on a
// 7x7 grid: row, column.
var rotationGrid = [rotation.Squares][2]int{
	{0, 2}, {0, 4}, {1, 2}, {1, 4},
	{2, 0}, {2, 1}, {2, 2}, {2, 3}, {2, 4}, {2, 5}, {2, 6},
	{3, 2}, {3, 4},
	{4, 0}, {4, 1}, {4, 2}, {4, 3}, {4, 4}, {4, 5}, {4, 6},
	{5, 2}, {5, 4}, {6, 2}, {6, 4},
}

// rotationSymmetries are the permutations of the squares under the eight
// symmetries of the square grid, which map the cross onto itself, each of
// its four lines onto a line and the centre onto the centre. A move along a
// line becomes a move along its image (in one direction or the other, and
// every line moves both ways), so mirrored and rotated boards have the same
// optimum; TestRotationSymmetriesKeepTheOptimum checks it with the solver.
// perm[i] is the square whose symbol lands on square i.
var rotationSymmetries = func() [][rotation.Squares]int {
	at := map[[2]int]int{}
	for i, p := range rotationGrid {
		at[p] = i
	}
	maps := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return c, 6 - r },
		func(r, c int) (int, int) { return 6 - r, 6 - c },
		func(r, c int) (int, int) { return 6 - c, r },
		func(r, c int) (int, int) { return r, 6 - c },
		func(r, c int) (int, int) { return 6 - r, c },
		func(r, c int) (int, int) { return c, r },
		func(r, c int) (int, int) { return 6 - c, 6 - r },
	}
	out := make([][rotation.Squares]int, len(maps))
	for k, f := range maps {
		for i, p := range rotationGrid {
			r, c := f(p[0], p[1])
			j, ok := at[[2]int{r, c}]
			if !ok {
				panic("judge: a symmetry of the square does not keep the rotation cross")
			}
			out[k][j] = i
		}
	}
	return out
}()

// SymmetryKey of a Rotation board: symbol relabelling and the eight
// symmetries of the cross.
func (rotationPuzzle) SymmetryKey(c string) string {
	b, err := rotation.ParseCase(c)
	if err != nil {
		return "unparsable\x00" + c
	}
	best := ""
	cells := make([]int, rotation.Squares)
	for k, perm := range rotationSymmetries {
		for i := range cells {
			cells[i] = int(b.Squares[perm[i]])
		}
		if t := relabel(cells, false); k == 0 || t < best {
			best = t
		}
	}
	return best
}

// SymmetryKey of a Mayan board: n and colour relabelling. A left-right
// mirror is not used: the solution must be the lexicographically smallest
// in x, and the classic answer of a mirrored board is not the mirror of
// the answer (the optimum n is public anyway).
func (mayanPuzzle) SymmetryKey(c string) string {
	b, err := mayan.ParseCase(c)
	if err != nil {
		return "unparsable\x00" + c
	}
	cells := make([]int, 0, mayan.Width*(mayan.Height+1))
	for x := range mayan.Width {
		cells = append(cells, b.Column(x)...)
		cells = append(cells, 0)
	}
	return strconv.Itoa(b.N) + ":" + relabel(cells, true)
}
