package floodit

import (
	"strconv"
	"strings"

	"puzzlejudge/reference/textin"
)

// MaxCases bounds the number of boards ParseCases reads from one input, so
// that the memory an input costs stays bounded (a Board is about 1 KB).
const MaxCases = 10000

// ParseCases reads the classic judge input: cases of a line N followed by N
// rows of N colours separated by spaces, the whole ended by a line "0". Blank
// lines are ignored, and a missing closing "0" at the very end is accepted.
// Colours may be 0..15 and N 1..30, beyond the classic limits (2..8, 0..5);
// the judge applies a problem's own limits with CheckLimits. Errors are
// *textin.Error values naming the line and column.
func ParseCases(input string) ([]Board, error) {
	r := textin.NewReader(input, 0)
	boards := []Board{}
	for {
		l, ok := r.Next()
		if !ok {
			if len(boards) == 0 {
				line, col := r.Missing()
				return nil, textin.Fail(line, col, "floodit_end_expected_size", "unexpected end of input: expected the board size N")
			}
			return boards, nil
		}
		n, err := sizeLine(l)
		if err != nil {
			return nil, err
		}
		if n > 0 && len(boards) == MaxCases {
			return nil, l.Tokens[0].Fail("floodit_too_many_boards", "more than %d boards in one input", "Max", MaxCases)
		}
		if n == 0 {
			if rest := r.Rest(); len(rest) > 0 {
				return nil, rest[0].Tokens[0].Fail("input_after_closing_0", "unexpected %s after the closing 0", "Found", rest[0].Tokens[0].Quoted())
			}
			return boards, nil
		}
		b, err := readRows(r, n, len(boards)+1, 0)
		if err != nil {
			return nil, err
		}
		boards = append(boards, b)
	}
}

// ParseCase reads exactly one case in the classic format; the closing "0"
// line is optional.
func ParseCase(input string) (Board, error) { return ParseCaseWithin(input, 0, 0) }

// ParseCaseWithin is ParseCase with a problem's limits applied while
// reading: a side above maxSize or a colour not below maxColors (0: the
// engine's own limit) is reported where it is written, so that the first
// error of the text is the one named, whether it breaks the format or the
// limits. CheckLimits on a parsed board would report a bad colour only after
// a missing row further down.
func ParseCaseWithin(input string, maxSize, maxColors int) (Board, error) {
	r := textin.NewReader(input, 0)
	l, ok := r.Next()
	if !ok {
		line, col := r.Missing()
		return Board{}, textin.Fail(line, col, "floodit_end_expected_size", "unexpected end of input: expected the board size N")
	}
	n, err := sizeLine(l)
	if err != nil {
		return Board{}, err
	}
	if n == 0 {
		return Board{}, l.Tokens[0].Fail("floodit_closing_not_board", "expected a board, found the closing 0")
	}
	if maxSize > 0 && n > maxSize {
		return Board{}, l.Tokens[0].Fail("floodit_size_above_limit", "board size %d is above this problem's limit of %d", "Size", n, "Max", maxSize)
	}
	b, err := readRows(r, n, 1, maxColors)
	if err != nil {
		return Board{}, err
	}
	if l, ok := r.Next(); ok {
		t := l.Tokens[0]
		if t.Text != "0" || len(l.Tokens) > 1 {
			return Board{}, t.Fail("floodit_one_board", "expected only one board, found %s after it", "Found", t.Quoted())
		}
		if rest := r.Rest(); len(rest) > 0 {
			return Board{}, rest[0].Tokens[0].Fail("input_after_closing_0", "unexpected %s after the closing 0", "Found", rest[0].Tokens[0].Quoted())
		}
	}
	return b, nil
}

// sizeLine reads the line that starts a case: the board size N, or 0.
func sizeLine(l textin.Line) (int, error) {
	t := l.Tokens[0]
	n, err := t.Int()
	if err != nil {
		return 0, t.Fail("floodit_expected_size", "expected the board size N, found %s", "Found", t.Quoted())
	}
	if n < 0 || n > MaxN {
		return 0, t.Fail("floodit_size_outside", "board size %d is outside 1..%d", "Size", n, "Max", MaxN)
	}
	if len(l.Tokens) > 1 {
		extra := l.Tokens[1]
		return 0, extra.Fail("floodit_size_alone", "expected only the board size on this line, found %s", "Found", extra.Quoted())
	}
	return n, nil
}

// readRows reads the n rows of case number no, with colours below
// maxColors (0: MaxColors).
func readRows(r *textin.Reader, n, no, maxColors int) (Board, error) {
	b := Board{n: n}
	limit := MaxColors
	if maxColors > 0 && maxColors < MaxColors {
		limit = maxColors
	}
	for row := 0; row < n; row++ {
		l, ok := r.Next()
		if !ok {
			missing := n - row
			unit := "rows"
			if missing == 1 {
				unit = "row"
			}
			line, col := r.Missing()
			return Board{}, textin.Fail(line, col, "floodit_end_case_needs", "unexpected end of input: case %d needs %d more %s", "Case", no, "Count", missing, "Unit", unit)
		}
		for c, t := range l.Tokens[:min(n, len(l.Tokens))] {
			v, err := t.Int()
			if err != nil {
				return Board{}, t.Fail("floodit_expected_a_colour", "expected a colour, found %s", "Found", t.Quoted())
			}
			if v < 0 || v >= limit {
				return Board{}, t.Fail("floodit_colour_outside", "colour %d is outside 0..%d", "Colour", v, "Max", limit-1)
			}
			b.cells[row*n+c] = uint8(v)
		}
		switch {
		case len(l.Tokens) < n: // where the next colour is missing
			return Board{}, textin.Fail(l.No, l.After(), "floodit_row_colours", "expected %d colours, found %d", "Want", n, "Found", len(l.Tokens))
		case len(l.Tokens) > n: // at the first colour too many
			return Board{}, l.Tokens[n].Fail("floodit_row_colours", "expected %d colours, found %d", "Want", n, "Found", len(l.Tokens))
		}
	}
	b.colors = b.derivedColors()
	return b, nil
}

// Format writes one case back in the classic format ("N" then N rows), ending
// in "\n", without the closing "0".
func Format(b Board) string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(b.n))
	sb.WriteByte('\n')
	for r := 0; r < b.n; r++ {
		for c := 0; c < b.n; c++ {
			if c > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(strconv.Itoa(b.At(r, c)))
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// FormatCases writes a whole classic judge input: every case, then "0".
func FormatCases(bs []Board) string { return textin.JoinCases(bs, Format, "0\n") }

// CheckLimits reports whether b fits a problem's limits: a side of at most
// maxSize and colours below maxColors (a limit of 0 means the engine's own).
// The error names the first offending cell so an instructor can fix it.
func CheckLimits(b Board, maxSize, maxColors int) error {
	if maxSize > 0 && b.n > maxSize {
		return textin.Fail(0, 0, "floodit_size_above_limit", "board size %d is above this problem's limit of %d", "Size", b.n, "Max", maxSize)
	}
	if maxColors > 0 {
		for p, v := range b.cells[:b.n*b.n] {
			if int(v) >= maxColors {
				why := textin.Why("floodit_colour_outside", "colour %d is outside 0..%d", "Colour", v, "Max", maxColors-1)
				return textin.Fail(0, 0, "at_row_col", "row %d, column %d: %s", "Row", p/b.n+1, "Col", p%b.n+1, "Text", why)
			}
		}
	}
	return nil
}
