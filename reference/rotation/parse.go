package rotation

import (
	"fmt"
	"strings"

	"puzzlejudge/reference/textin"
)

// MaxCases bounds the number of cases of one input.
const MaxCases = 10000

// ParseCases reads the classic judge input: one line of 24 symbols (1..3,
// separated by spaces) per case, then a line holding only 0. Blank lines are
// ignored; nothing but blank lines may follow the 0. Errors are *textin.Error
// and name the line and the token.
func ParseCases(input string) ([]Board, error) {
	r := textin.NewReader(input, 0)
	var boards []Board
	for {
		l, ok := r.Next()
		if !ok {
			line, col := r.Missing()
			if len(boards) == 0 {
				return nil, textin.Fail(line, col, "rotation_end_expected_line", "unexpected end of input: expected a line of %d symbols or the closing line 0", "Squares", Squares)
			}
			return nil, textin.Fail(line, col, "rotation_end_no_closing", "unexpected end of input: the input must end with a line holding only 0 (after case %d)", "Case", len(boards))
		}
		if isTerminator(l) {
			if err := nothingAfter(r); err != nil {
				return nil, err
			}
			return boards, nil
		}
		if len(boards) == MaxCases {
			return nil, l.Tokens[0].Fail("rotation_too_many_cases", "too many cases: at most %d are accepted", "Max", MaxCases)
		}
		b, err := parseLine(l)
		if err != nil {
			return nil, err
		}
		boards = append(boards, b)
	}
}

// ParseCase reads exactly one case: a line of 24 symbols, optionally followed
// by the closing line 0.
func ParseCase(input string) (Board, error) {
	r := textin.NewReader(input, 0)
	l, ok := r.Next()
	if !ok {
		line, col := r.Missing()
		return Board{}, textin.Fail(line, col, "rotation_end_expected_symbols", "unexpected end of input: expected a line of %d symbols", "Squares", Squares)
	}
	if isTerminator(l) {
		return Board{}, l.Tokens[0].Fail("rotation_closing_not_case", "expected a line of %d symbols, found the closing line 0", "Squares", Squares)
	}
	b, err := parseLine(l)
	if err != nil {
		return Board{}, err
	}
	if next, ok := r.Next(); ok {
		if !isTerminator(next) {
			return Board{}, next.Tokens[0].Fail("rotation_one_case", "expected one case: only the closing line 0 may follow it, found %s", "Found", next.Tokens[0].Quoted())
		}
		if err := nothingAfter(r); err != nil {
			return Board{}, err
		}
	}
	return b, nil
}

func isTerminator(l textin.Line) bool {
	return len(l.Tokens) == 1 && l.Tokens[0].Text == "0"
}

// nothingAfter reports text after the closing 0 as an error.
func nothingAfter(r *textin.Reader) error {
	if l, ok := r.Next(); ok {
		return l.Tokens[0].Fail("rotation_after_closing", "unexpected %s after the closing line 0", "Found", l.Tokens[0].Quoted())
	}
	return nil
}

// parseLine reads the 24 symbols of one case from one line.
func parseLine(l textin.Line) (Board, error) {
	var b Board
	for i, t := range l.Tokens {
		if i == Squares {
			return Board{}, t.Fail("rotation_symbols", "expected %d symbols, found %d", "Squares", Squares, "Found", len(l.Tokens))
		}
		s, err := parseSymbol(t)
		if err != nil {
			return Board{}, err
		}
		b.Squares[i] = s
	}
	if n := len(l.Tokens); n < Squares {
		return Board{}, textin.Fail(l.No, l.After(), "rotation_symbols", "expected %d symbols, found %d", "Squares", Squares, "Found", n) // where the next one is missing
	}
	return b, nil
}

func parseSymbol(t textin.Token) (uint8, error) {
	if len(t.Text) == 1 && t.Text[0] >= '1' && t.Text[0] <= '0'+Symbols {
		return t.Text[0] - '0', nil
	}
	v, err := t.Int()
	if err != nil {
		return 0, t.Fail("rotation_expected_symbol", "expected a symbol 1, 2 or 3, found %s", "Found", t.Quoted())
	}
	return 0, t.Fail("rotation_symbol_outside", "symbol %d is outside 1..%d", "Symbol", v, "Max", Symbols)
}

// Format returns the case as one classic input line ending in "\n", without
// the closing 0.
func Format(b Board) string {
	var sb strings.Builder
	for i, s := range b.Squares {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%d", s)
	}
	sb.WriteByte('\n')
	return sb.String()
}

// FormatCases returns the classic judge input of the cases, closing 0 included.
func FormatCases(bs []Board) string { return textin.JoinCases(bs, Format, "0\n") }
