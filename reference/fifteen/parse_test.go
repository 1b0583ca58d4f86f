package fifteen

import (
	"errors"
	"strings"
	"testing"

	"puzzlejudge/reference/textin"
)

func TestParseCases(t *testing.T) {
	three := "1 2 3\n4 0 5\n7 8 6\n"
	tests := []struct {
		name    string
		in      string
		want    int // number of boards
		widths  []int
		line    int // of the error, when want < 0
		col     int
		message string // part of the error message
	}{
		{name: "uva sample", in: "2\n" + uvaSample + uvaSample2, want: 2, widths: []int{4, 4}},
		{name: "blank lines and crlf", in: "\r\n1\r\n\r\n" + strings.ReplaceAll(uvaSample, "\n", "\r\n") + "\n\n", want: 1, widths: []int{4}},
		{name: "3x3", in: "1\n" + three, want: 1, widths: []int{3}},
		{name: "mixed sizes", in: "2\n" + three + uvaSample, want: 2, widths: []int{3, 4}},
		{name: "zero cases", in: "0\n", want: 0},
		{name: "tabs", in: "1\n" + strings.ReplaceAll(three, " ", "\t"), want: 1, widths: []int{3}},
		{name: "empty", in: "", want: -1, message: "expected the number of cases"},
		{name: "count not a number", in: "x\n" + three, want: -1, line: 1, col: 1, message: `found "x"`},
		{name: "count with more", in: "1 2\n" + three, want: -1, line: 1, col: 3, message: "only the number of cases"},
		{name: "negative count", in: "-1\n", want: -1, line: 1, col: 1, message: "outside 0..10000"},
		{name: "too many cases", in: "10001\n", want: -1, line: 1, col: 1, message: "outside 0..10000"},
		{name: "missing case", in: "2\n" + three, want: -1, message: "expected case 2 of 2"},
		{name: "short row", in: "1\n1 2 3 4\n5 6 7\n", want: -1, line: 3, message: "row 2 of case 1: expected 4 numbers, found 3"},
		{name: "first row of 5", in: "1\n1 2 3 4 5\n", want: -1, line: 2, message: "4 numbers (15-puzzle) or 3 (8-puzzle), found 5"},
		{name: "first row of 2", in: "1\n1 2\n", want: -1, line: 2, message: "found 2"},
		{name: "missing row", in: "1\n1 2 3\n4 0 5\n", want: -1, message: "case 1 has 2 rows, expected 3"},
		{name: "not a number", in: "1\n1 2 3\n4 x 5\n7 8 6\n", want: -1, line: 3, col: 3, message: `found "x"`},
		{name: "tile too big", in: "1\n1 2 3\n4 0 5\n7 8 9\n", want: -1, line: 4, col: 5, message: "tile 9 is outside 0..8"},
		{name: "negative tile", in: "1\n1 2 3\n4 0 -5\n7 8 6\n", want: -1, line: 3, col: 5, message: "tile -5 is outside"},
		{name: "duplicate tile", in: "1\n1 2 3\n4 0 5\n7 8 5\n", want: -1, line: 4, col: 5, message: "tile 5 appears twice in case 1 (first at line 3, column 5)"},
		{name: "two blanks", in: "1\n1 2 3\n4 0 5\n7 0 6\n", want: -1, line: 4, col: 3, message: "the blank 0 appears twice"},
		{name: "text after", in: "1\n" + three + "9\n", want: -1, line: 5, col: 1, message: `unexpected "9" after the last of the 1 cases`},
		{name: "huge number", in: "1\n1 2 3\n4 0 5\n7 8 99999999999\n", want: -1, line: 4, col: 5, message: "expected an integer"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bs, err := ParseCases(tc.in)
			if tc.want < 0 {
				var te *textin.Error
				if !errors.As(err, &te) {
					t.Fatalf("ParseCases(%q) error %v, want a *textin.Error", tc.in, err)
				}
				if te.Line != tc.line || te.Col != tc.col || !strings.Contains(te.Msg, tc.message) {
					t.Errorf("ParseCases(%q) error %q at %d:%d, want %q at %d:%d", tc.in, te.Msg, te.Line, te.Col, tc.message, tc.line, tc.col)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseCases(%q): %v", tc.in, err)
			}
			if len(bs) != tc.want {
				t.Fatalf("ParseCases(%q) = %d boards, want %d", tc.in, len(bs), tc.want)
			}
			for i, b := range bs {
				if b.Width != tc.widths[i] || b.Validate() != nil {
					t.Errorf("board %d: width %d (want %d), valid: %v", i+1, b.Width, tc.widths[i], b.Validate())
				}
			}
			again, err := ParseCases(FormatCases(bs))
			if err != nil || len(again) != len(bs) {
				t.Fatalf("ParseCases(FormatCases) = %d, %v", len(again), err)
			}
			for i := range bs {
				if again[i] != bs[i] {
					t.Errorf("board %d changed in a round trip: %q, %q", i+1, Format(bs[i]), Format(again[i]))
				}
			}
		})
	}
}

func TestParseCase(t *testing.T) {
	b := mustParse(t, uvaSample)
	if b.Width != 4 || b.Cells[3] != 0 || b.Cells[4] != 1 || b.Cells[15] != 15 {
		t.Fatalf("ParseCase(sample) = %+v", b)
	}
	if got := mustParse(t, "1\n"+uvaSample); got != b {
		t.Errorf("ParseCase with the count 1 = %q, want the same board", Format(got))
	}
	if got := Format(b); got != uvaSample {
		t.Errorf("Format = %q, want %q", got, uvaSample)
	}
	if got := FormatCases([]Board{b, b}); got != "2\n"+uvaSample+uvaSample {
		t.Errorf("FormatCases = %q", got)
	}
	for _, tc := range []struct{ in, message string }{
		{"", "expected case 1 of 1"},
		{"2\n" + uvaSample, "expected one case, but the count says 2"},
		{uvaSample + uvaSample, "expected one case: unexpected \"2\" after it"},
		{"1\n", "expected case 1 of 1"},
	} {
		if _, err := ParseCase(tc.in); err == nil || !strings.Contains(err.Error(), tc.message) {
			t.Errorf("ParseCase(%q) error %v, want %q", tc.in, err, tc.message)
		}
	}
}

func TestValidate(t *testing.T) {
	good := Goal(4)
	dup := good
	dup.Cells[0] = 2
	outside := Goal(3)
	outside.Cells[12] = 1
	big := Goal(3)
	big.Cells[0] = 9
	for _, tc := range []struct {
		name string
		b    Board
		ok   bool
	}{
		{"goal 4", good, true}, {"goal 3", Goal(3), true}, {"zero", Board{}, false},
		{"width 5", Board{Width: 5}, false}, {"duplicate", dup, false},
		{"cell outside", outside, false}, {"tile too big", big, false},
	} {
		if err := tc.b.Validate(); (err == nil) != tc.ok {
			t.Errorf("%s: Validate() = %v, want ok %v", tc.name, err, tc.ok)
		}
	}
}
