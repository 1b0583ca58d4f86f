package rotation

import (
	"errors"
	"strings"
	"testing"

	"puzzlejudge/reference/textin"
)

const (
	sample1 = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
	sample2 = "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3"
)

func TestParseCases(t *testing.T) {
	in := sample1 + "\n\n" + sample2 + "\r\n0\n\n"
	bs, err := ParseCases(in)
	if err != nil {
		t.Fatalf("ParseCases: %v", err)
	}
	if len(bs) != 2 {
		t.Fatalf("ParseCases: %d cases, want 2", len(bs))
	}
	if got := Format(bs[0]); got != sample1+"\n" {
		t.Errorf("Format(case 1) = %q, want %q", got, sample1+"\n")
	}
	if got := FormatCases(bs); got != sample1+"\n"+sample2+"\n0\n" {
		t.Errorf("FormatCases = %q", got)
	}
	if bs[0].Squares[4] != 3 || bs[1].Squares[23] != 3 {
		t.Errorf("squares 5 and 24 read as %d and %d, want 3 and 3", bs[0].Squares[4], bs[1].Squares[23])
	}
	if bs, err := ParseCases("0\n"); err != nil || len(bs) != 0 {
		t.Errorf(`ParseCases("0") = %v, %v; want no case, no error`, bs, err)
	}
}

func TestParseCaseForms(t *testing.T) {
	for _, in := range []string{sample1, sample1 + "\n", sample1 + "\n0\n", "\n  " + sample1 + "  \n\n0", sample1 + "\t\n0\r\n"} {
		b, err := ParseCase(in)
		if err != nil {
			t.Errorf("ParseCase(%q): %v", in, err)
			continue
		}
		if got := Format(b); got != sample1+"\n" {
			t.Errorf("ParseCase(%q) formats as %q", in, got)
		}
	}
}

// TestParseErrors checks that every error names its line and column: the
// token at fault, or where what is missing would go.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
		one            bool // ParseCase instead of ParseCases
	}{
		{"empty", "", "line 1, column 1: unexpected end of input: expected a line of 24 symbols or the closing line 0", false},
		{"no terminator", sample1 + "\n", "line 2, column 1: unexpected end of input: the input must end with a line holding only 0 (after case 1)", false},
		{"short line", sample1 + "\n1 2 3\n0\n", "line 2, column 6: expected 24 symbols, found 3", false},
		{"long line", sample1 + " 2\n0\n", "line 1, column 49: expected 24 symbols, found 25", false},
		{"symbol 4", "1 1 4" + sample1[5:] + "\n0\n", "line 1, column 5: symbol 4 is outside 1..3", false},
		{"symbol 0", "0 " + sample1[2:] + "\n0\n", "line 1, column 1: symbol 0 is outside 1..3", false},
		{"letter", "\n" + sample1[:46] + " x\n0\n", `line 2, column 48: expected a symbol 1, 2 or 3, found "x"`, false},
		{"comma", "1,1" + sample1[3:] + "\n0\n", `line 1, column 1: expected a symbol 1, 2 or 3, found "1,1"`, false},
		{"after terminator", sample1 + "\n0\n" + sample2 + "\n", `line 3, column 1: unexpected "1" after the closing line 0`, false},
		{"one: empty", "  \n", "line 1, column 1: unexpected end of input: expected a line of 24 symbols", true},
		{"one: only 0", "0\n", "line 1, column 1: expected a line of 24 symbols, found the closing line 0", true},
		{"one: two cases", sample1 + "\n" + sample2 + "\n", `line 2, column 1: expected one case: only the closing line 0 may follow it, found "1"`, true},
		{"one: after 0", sample1 + "\n0\n0\n", `line 3, column 1: unexpected "0" after the closing line 0`, true},
		{"one: short", "1 2 3", "line 1, column 6: expected 24 symbols, found 3", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if tc.one {
				_, err = ParseCase(tc.in)
			} else {
				_, err = ParseCases(tc.in)
			}
			var te *textin.Error
			if !errors.As(err, &te) {
				t.Fatalf("error %v (%T), want a *textin.Error", err, err)
			}
			if err.Error() != tc.want {
				t.Errorf("error %q, want %q", err.Error(), tc.want)
			}
		})
	}
}

func TestParseTooManyCases(t *testing.T) {
	in := strings.Repeat(sample1+"\n", MaxCases+1) + "0\n"
	_, err := ParseCases(in)
	if err == nil || !strings.Contains(err.Error(), "too many cases") {
		t.Errorf("ParseCases(%d cases) error %v, want too many cases", MaxCases+1, err)
	}
	if _, err := ParseCases(strings.Repeat(sample1+"\n", MaxCases) + "0\n"); err != nil {
		t.Errorf("ParseCases(%d cases): %v", MaxCases, err)
	}
}
