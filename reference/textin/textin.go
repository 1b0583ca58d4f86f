// Package textin reads the line-oriented classic judge formats of the puzzles
// and reports problems by line and column, so that every parser in reference/
// speaks of positions the same way.
package textin

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error is a problem found at a position of an input text. Line and Col are
// 1-based; Col is 0 when the problem concerns a whole line, Line is 0 when it
// concerns the whole input (unexpected end, for instance).
type Error struct {
	Line int
	Col  int
	Msg  string
	// Code and Args say Msg as a message code with its arguments (see
	// Reason), for the faces that translate it; Code is "" when Msg has
	// none.
	Code string
	Args []any
}

func (e *Error) Error() string {
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Col, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	default:
		return e.Msg
	}
}

// Errorf returns an *Error at line and col with a formatted message.
func Errorf(line, col int, format string, args ...any) *Error {
	return &Error{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// Fail returns an *Error at line and col saying why (see Why).
func Fail(line, col int, code, format string, pairs ...any) *Error {
	r := Why(code, format, pairs...)
	return &Error{Line: line, Col: col, Msg: r.Text, Code: r.Code, Args: r.Args}
}

// Reason says what is wrong in English (Text) and as a message code with
// arguments (Code, and Args: pairs of a name and a value, a value being
// text, a number or a Reason of its own), so that the judge can give the
// same message in another language. The zero Reason means nothing is wrong.
type Reason struct {
	Text string
	Code string
	Args []any
}

// Why returns the Reason code, its Text being format over the values of
// pairs in their order.
func Why(code, format string, pairs ...any) Reason {
	values := make([]any, 0, len(pairs)/2)
	for i := 1; i < len(pairs); i += 2 {
		if r, ok := pairs[i].(Reason); ok {
			values = append(values, r.Text)
			continue
		}
		values = append(values, pairs[i])
	}
	return Reason{Text: fmt.Sprintf(format, values...), Code: code, Args: pairs}
}

// Bad reports whether r says something is wrong.
func (r Reason) Bad() bool { return r.Text != "" }

// Token is one whitespace-separated word of the input with its position.
// Col counts characters (runes), not bytes.
type Token struct {
	Text string
	Line int
	Col  int
}

// Errorf returns an *Error located at the token.
func (t Token) Errorf(format string, args ...any) *Error {
	return Errorf(t.Line, t.Col, format, args...)
}

// Fail returns an *Error located at the token saying why (see Why).
func (t Token) Fail(code, format string, pairs ...any) *Error {
	return Fail(t.Line, t.Col, code, format, pairs...)
}

// Quoted returns the token's text quoted for a message, shortened when it is
// long so that a message never repeats a huge user input.
func (t Token) Quoted() string {
	return Quote(t.Text)
}

// Quote quotes s for an error message, keeping at most 20 characters of it.
func Quote(s string) string {
	const max = 20
	if utf8.RuneCountInString(s) > max {
		r := []rune(s)
		s = string(r[:max]) + "..."
	}
	return strconv.Quote(s)
}

// Int parses the token as a decimal integer. Tokens that are not integers, or
// whose value does not fit in 9 digits, are reported at the token.
func (t Token) Int() (int, error) {
	s := t.Text
	digits := strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	if digits == "" || len(digits) > 9 {
		return 0, t.Fail("input_expected_integer", "expected an integer, found %s", "Found", t.Quoted())
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, t.Fail("input_expected_integer", "expected an integer, found %s", "Found", t.Quoted())
		}
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0, t.Fail("input_expected_integer", "expected an integer, found %s", "Found", t.Quoted())
	}
	return v, nil
}

// Line is one line of input: its 1-based number and its tokens.
type Line struct {
	No     int
	Tokens []Token
}

// Blank reports whether the line holds no token.
func (l Line) Blank() bool { return len(l.Tokens) == 0 }

// After returns the column just after the line's last token, where text
// missing at its end would go (1 on a blank line).
func (l Line) After() int {
	if len(l.Tokens) == 0 {
		return 1
	}
	t := l.Tokens[len(l.Tokens)-1]
	return t.Col + utf8.RuneCountInString(t.Text)
}

// Split cuts input into lines ("\n" or "\r\n") and each line into tokens
// separated by spaces or tabs (and by sep, when it is not zero, for formats
// that also allow commas). Every line is kept, blank ones too.
//
// The tokens of all lines share one array, counted before it is allocated:
// grown line by line, they were three allocations in four of reading a big
// input (a thousand boards for solve), and half its time.
func Split(input string, sep rune) []Line {
	raw := strings.Split(input, "\n")
	if len(raw) > 0 && raw[len(raw)-1] == "" {
		raw = raw[:len(raw)-1]
	}
	n := 0
	for i, text := range raw {
		raw[i] = strings.TrimSuffix(text, "\r")
		n += countTokens(raw[i], sep)
	}
	all := make([]Token, 0, n)
	lines := make([]Line, len(raw))
	for i, text := range raw {
		start := len(all)
		all = tokens(all, text, i+1, sep)
		if len(all) > start {
			// A full slice expression: a caller appending to a line's
			// tokens gets a copy instead of overwriting the next line.
			lines[i].Tokens = all[start:len(all):len(all)]
		}
		lines[i].No = i + 1
	}
	return lines
}

func isSpace(r, sep rune) bool {
	return r == ' ' || r == '\t' || r == '\r' || r == '\v' || r == '\f' || (sep != 0 && r == sep)
}

// countTokens returns the number of tokens of one line.
func countTokens(text string, sep rune) int {
	n, in := 0, false
	for _, r := range text {
		s := isSpace(r, sep)
		if !s && !in {
			n++
		}
		in = !s
	}
	return n
}

// tokens appends the tokens of one line, its number line, to out.
func tokens(out []Token, text string, line int, sep rune) []Token {
	col, start, startCol := 0, -1, 0
	for i, r := range text {
		col++
		if isSpace(r, sep) {
			if start >= 0 {
				out = append(out, Token{Text: text[start:i], Line: line, Col: startCol})
				start = -1
			}
			continue
		}
		if start < 0 {
			start, startCol = i, col
		}
	}
	if start >= 0 {
		out = append(out, Token{Text: text[start:], Line: line, Col: startCol})
	}
	return out
}

// Reader hands out the non-blank lines of an input one at a time.
type Reader struct {
	lines []Line
	next  int
	seen  int // the number of the last line Next returned, 0 before any
}

// NewReader returns a Reader over input (see Split for sep).
func NewReader(input string, sep rune) *Reader {
	return &Reader{lines: Split(input, sep)}
}

// Next returns the next line that holds a token; ok is false at the end.
func (r *Reader) Next() (l Line, ok bool) {
	for r.next < len(r.lines) {
		l = r.lines[r.next]
		r.next++
		if !l.Blank() {
			r.seen = l.No
			return l, true
		}
	}
	return Line{}, false
}

// Peek returns the next non-blank line without consuming it.
func (r *Reader) Peek() (l Line, ok bool) {
	next, seen := r.next, r.seen
	l, ok = r.Next()
	r.next, r.seen = next, seen
	return l, ok
}

// Missing returns where a line missing at the end of the input would
// start, for an "unexpected end of input": column 1 of the line after the
// last one Next returned (line 1 of an input without any).
func (r *Reader) Missing() (line, col int) { return r.seen + 1, 1 }

// Rest returns the remaining non-blank lines without consuming them.
func (r *Reader) Rest() []Line {
	var out []Line
	for _, l := range r.lines[r.next:] {
		if !l.Blank() {
			out = append(out, l)
		}
	}
	return out
}

// JoinCases writes cases one after another in the classic format, each by
// format, then end: the closing line ("0\n") of the formats that have one,
// "" for those that do not. Every engine's FormatCases is JoinCases over its
// own Format, so what one writes its ParseCases reads back.
func JoinCases[B any](cases []B, format func(B) string, end string) string {
	var sb strings.Builder
	for _, c := range cases {
		sb.WriteString(format(c))
	}
	sb.WriteString(end)
	return sb.String()
}
