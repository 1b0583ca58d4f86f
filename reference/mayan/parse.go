package mayan

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"puzzlejudge/reference/textin"
)

// MaxInputBytes bounds the text given to ParseCases and ParseCase.
const MaxInputBytes = 1 << 20

// ParseCases reads the classic judge input: one or more instances one after
// another, each the number of moves n on a line, then five lines, one per
// column from left to right, listing its colours from the bottom up and
// ended by 0. Blank lines are ignored. Errors are *textin.Error.
func ParseCases(input string) ([]Board, error) {
	r, err := newReader(input)
	if err != nil {
		return nil, err
	}
	var boards []Board
	for {
		if _, ok := r.Peek(); !ok {
			break
		}
		b, err := parseInstance(r, len(boards)+1)
		if err != nil {
			return nil, err
		}
		boards = append(boards, b)
	}
	if len(boards) == 0 {
		return nil, textin.Fail(1, 1, "mayan_empty_input", "empty input: expected the number of moves, then five columns")
	}
	return boards, nil
}

// ParseCase reads exactly one instance. A closing line "0", which the
// Mayan format does not have but other puzzles' formats do, is tolerated.
func ParseCase(input string) (Board, error) {
	r, err := newReader(input)
	if err != nil {
		return Board{}, err
	}
	if _, ok := r.Peek(); !ok {
		return Board{}, textin.Fail(1, 1, "mayan_empty_input", "empty input: expected the number of moves, then five columns")
	}
	b, err := parseInstance(r, 1)
	if err != nil {
		return Board{}, err
	}
	if l, ok := r.Next(); ok {
		if _, more := r.Peek(); more || len(l.Tokens) != 1 || l.Tokens[0].Text != "0" {
			return Board{}, textin.Fail(l.No, l.Tokens[0].Col, "mayan_single_instance", "expected a single instance, found more text: %s", "Found", l.Tokens[0].Quoted())
		}
	}
	return b, nil
}

func newReader(input string) (*textin.Reader, error) {
	if len(input) > MaxInputBytes {
		return nil, &textin.Error{Msg: fmt.Sprintf("input too long: %d bytes, at most %d", len(input), MaxInputBytes)}
	}
	return textin.NewReader(input, 0), nil
}

// parseInstance reads n and the five columns of instance number k.
func parseInstance(r *textin.Reader, k int) (Board, error) {
	l, _ := r.Next()
	if len(l.Tokens) > 1 {
		return Board{}, l.Tokens[1].Fail("mayan_moves_alone", "expected only the number of moves on this line, found %s", "Found", l.Tokens[1].Quoted())
	}
	n, err := l.Tokens[0].Int()
	if err != nil {
		return Board{}, err
	}
	if n < 1 || n > MaxMoves {
		return Board{}, l.Tokens[0].Fail("mayan_moves_outside", "the number of moves %d is outside 1..%d", "Moves", n, "Max", MaxMoves)
	}
	b := Board{N: n}
	var at [Width][Height]textin.Token // where each block was written, for the run check
	last := l.No
	for x := 0; x < Width; x++ {
		l, ok := r.Next()
		if !ok {
			// Where the missing line would start.
			return Board{}, textin.Fail(last+1, 1, "mayan_end_columns", "unexpected end of input: instance %d needs %d more column(s)", "Instance", k, "Missing", Width-x)
		}
		last = l.No
		if err := parseColumn(l, x, &b, &at[x]); err != nil {
			return Board{}, err
		}
	}
	if err := checkNoRun(b, &at); err != nil {
		return Board{}, err
	}
	return b, nil
}

// parseColumn reads column x, its colours from the bottom up ended by 0.
func parseColumn(l textin.Line, x int, b *Board, at *[Height]textin.Token) error {
	for i, t := range l.Tokens {
		v, err := t.Int()
		if err != nil {
			return err
		}
		if v == 0 {
			if i+1 < len(l.Tokens) {
				return l.Tokens[i+1].Fail("mayan_after_column_end", "column %d ended with 0, but %s follows", "Column", x, "Found", l.Tokens[i+1].Quoted())
			}
			return nil
		}
		if v < 1 || v > MaxColor {
			return t.Fail("mayan_colour_outside", "colour %d is outside 1..%d", "Colour", v, "Max", MaxColor)
		}
		if i >= Height {
			return t.Fail("mayan_column_tall", "column %d is taller than %d blocks", "Column", x, "Max", Height)
		}
		b.cols[x] = setCell(b.cols[x], i, v)
		at[i] = t
	}
	// Where the closing 0 is missing: just after the line's last token.
	col := 1
	if n := len(l.Tokens); n > 0 {
		t := l.Tokens[n-1]
		col = t.Col + utf8.RuneCountInString(t.Text)
	}
	return textin.Fail(l.No, col, "mayan_column_not_ended", "column %d is not ended by 0", "Column", x)
}

// checkNoRun rejects a board that already holds three equal blocks in a row
// (the classic input never does). It reports the block, in reading order,
// that completes the first run.
func checkNoRun(b Board, at *[Width][Height]textin.Token) error {
	for x := 0; x < Width; x++ {
		for y := 0; y < b.ColumnHeight(x); y++ {
			v := b.At(x, y)
			if y >= 2 && b.At(x, y-1) == v && b.At(x, y-2) == v {
				return at[x][y].Fail("mayan_run_in_column", "three blocks of colour %d in column %d (rows %d to %d) would vanish at once; the board must start without such a run", "Colour", v, "Column", x, "From", y-2, "To", y)
			}
			if x >= 2 && b.At(x-1, y) == v && b.At(x-2, y) == v {
				return at[x][y].Fail("mayan_run_in_row", "three blocks of colour %d in row %d (columns %d to %d) would vanish at once; the board must start without such a run", "Colour", v, "Row", y, "From", x-2, "To", x)
			}
		}
	}
	return nil
}

// Format returns the instance in the classic text, ending in "\n".
func Format(b Board) string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(b.N))
	sb.WriteByte('\n')
	for x := 0; x < Width; x++ {
		for _, v := range b.Column(x) {
			sb.WriteString(strconv.Itoa(v))
			sb.WriteByte(' ')
		}
		sb.WriteString("0\n")
	}
	return sb.String()
}

// FormatCases returns the instances one after another, as ParseCases reads
// them (the Mayan format has no terminator).
func FormatCases(bs []Board) string { return textin.JoinCases(bs, Format, "") }
