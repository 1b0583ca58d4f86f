package fifteen

import (
	"strconv"
	"strings"

	"puzzlejudge/reference/textin"
)

// MaxCases bounds the number of cases of one input.
const MaxCases = 10000

// ParseCases reads the classic judge input of UVA 10181: a line holding the
// number of cases, then each case as Width lines of Width numbers (0 for the
// blank). The width of a case is told by its first line: four numbers make
// a 15-puzzle, three an 8-puzzle, and the case's other lines must have as
// many; one input may mix both. Blank lines are ignored; nothing but blank
// lines may follow the last case. Errors are *textin.Error and name the line
// and the token.
func ParseCases(input string) ([]Board, error) {
	r := textin.NewReader(input, 0)
	l, ok := r.Next()
	if !ok {
		return nil, textin.Fail(0, 0, "fifteen_end_expected_count", "unexpected end of input: expected the number of cases")
	}
	n, err := parseCount(l)
	if err != nil {
		return nil, err
	}
	boards := make([]Board, 0, min(n, 64))
	for len(boards) < n {
		b, err := parseBoard(r, len(boards)+1, n)
		if err != nil {
			return nil, err
		}
		boards = append(boards, b)
	}
	if l, ok := r.Next(); ok {
		return nil, l.Tokens[0].Fail("fifteen_after_last", "unexpected %s after the last of the %d cases", "Found", l.Tokens[0].Quoted(), "Cases", n)
	}
	return boards, nil
}

// ParseCase reads exactly one case: Width lines of Width numbers, optionally
// preceded by a line holding only 1 (the count of the classic input).
func ParseCase(input string) (Board, error) {
	r := textin.NewReader(input, 0)
	if l, ok := r.Peek(); ok && len(l.Tokens) == 1 {
		r.Next()
		n, err := parseCount(l)
		if err != nil {
			return Board{}, err
		}
		if n != 1 {
			return Board{}, l.Tokens[0].Fail("fifteen_count_not_one", "expected one case, but the count says %d", "Count", n)
		}
	}
	b, err := parseBoard(r, 1, 1)
	if err != nil {
		return Board{}, err
	}
	if l, ok := r.Next(); ok {
		return Board{}, l.Tokens[0].Fail("fifteen_one_case", "expected one case: unexpected %s after it", "Found", l.Tokens[0].Quoted())
	}
	return b, nil
}

// parseCount reads the line that holds the number of cases.
func parseCount(l textin.Line) (int, error) {
	t := l.Tokens[0]
	if len(l.Tokens) > 1 {
		return 0, l.Tokens[1].Fail("fifteen_count_alone", "expected only the number of cases on the first line, found %s after it", "Found", l.Tokens[1].Quoted())
	}
	n, err := t.Int()
	if err != nil {
		return 0, t.Fail("fifteen_expected_count", "expected the number of cases, found %s", "Found", t.Quoted())
	}
	if n < 0 || n > MaxCases {
		return 0, t.Fail("fifteen_count_outside", "the number of cases %d is outside 0..%d", "Cases", n, "Max", MaxCases)
	}
	return n, nil
}

// parseBoard reads case k of n from r.
func parseBoard(r *textin.Reader, k, n int) (Board, error) {
	first, ok := r.Next()
	if !ok {
		return Board{}, textin.Fail(0, 0, "fifteen_end_expected_case", "unexpected end of input: expected case %d of %d (3 or 4 lines of as many numbers)", "Case", k, "Cases", n)
	}
	width := len(first.Tokens)
	if width != 3 && width != 4 {
		return Board{}, textin.Fail(first.No, 0, "fifteen_first_row", "expected the first row of case %d: 4 numbers (15-puzzle) or 3 (8-puzzle), found %d", "Case", k, "Found", width)
	}
	b := Board{Width: width}
	var where [MaxCells]textin.Token // the token of each tile seen, for duplicates
	var seen [MaxCells]bool
	l := first
	for row := 0; row < width; row++ {
		if row > 0 {
			if l, ok = r.Next(); !ok {
				return Board{}, textin.Fail(0, 0, "fifteen_end_rows", "unexpected end of input: case %d has %d rows, expected %d", "Case", k, "Rows", row, "Want", width)
			}
			if len(l.Tokens) != width {
				return Board{}, textin.Fail(l.No, 0, "fifteen_row_numbers", "row %d of case %d: expected %d numbers, found %d", "Row", row+1, "Case", k, "Want", width, "Found", len(l.Tokens))
			}
		}
		for col, t := range l.Tokens {
			v, err := t.Int()
			if err != nil {
				return Board{}, err
			}
			if v < 0 || v >= width*width {
				return Board{}, t.Fail("fifteen_tile_outside", "tile %d is outside 0..%d (0 is the blank)", "Tile", v, "Max", width*width-1)
			}
			if seen[v] {
				p := where[v]
				return Board{}, t.Fail("fifteen_tile_twice", "%s appears twice in case %d (first at line %d, column %d)", "Tile", tileName(v), "Case", k, "Line", p.Line, "Col", p.Col)
			}
			seen[v], where[v] = true, t
			b.Cells[row*width+col] = uint8(v)
		}
	}
	return b, nil
}

func tileName(v int) textin.Reason {
	if v == 0 {
		return textin.Why("fifteen_the_blank", "the blank 0")
	}
	return textin.Why("fifteen_tile", "tile %d", "Tile", v)
}

// Format returns the case as Width lines of Width numbers, each line ending
// in "\n", without the count line.
func Format(b Board) string {
	var sb strings.Builder
	for row := 0; row < b.Width; row++ {
		for col := 0; col < b.Width; col++ {
			if col > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(strconv.Itoa(int(b.Cells[row*b.Width+col])))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// FormatCases returns the classic judge input of the cases: their number,
// then each case.
func FormatCases(bs []Board) string {
	return strconv.Itoa(len(bs)) + "\n" + textin.JoinCases(bs, Format, "")
}
