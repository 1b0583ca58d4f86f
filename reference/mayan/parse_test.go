package mayan

import (
	"errors"
	"strings"
	"testing"

	"puzzlejudge/reference/textin"
)

const sampleInput = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n"

func TestParseSample(t *testing.T) {
	bs, err := ParseCases(sampleInput)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 1 {
		t.Fatalf("ParseCases(sample) gave %d boards, want 1", len(bs))
	}
	b := bs[0]
	if b.N != 3 || b.Blocks() != 12 || b.At(4, 3) != 4 || b.At(2, 2) != 4 || b.At(0, 1) != 0 || b.ColumnHeight(4) != 4 {
		t.Errorf("sample parsed as n=%d %q", b.N, columns(b))
	}
	if got := Format(b); got != sampleInput {
		t.Errorf("Format(sample) = %q, want %q", got, sampleInput)
	}
}

func TestParseCasesSeveral(t *testing.T) {
	input := sampleInput + "\n1\n0\n0\r\n2 2 0\n\n0\n2 0\n"
	bs, err := ParseCases(input)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 2 || bs[1].N != 1 || bs[1].Blocks() != 3 {
		t.Fatalf("ParseCases gave %d boards %v", len(bs), bs)
	}
	again, err := ParseCases(FormatCases(bs))
	if err != nil || len(again) != 2 || again[0] != bs[0] || again[1] != bs[1] {
		t.Errorf("ParseCases(FormatCases(bs)) = %v, %v; want the same boards", again, err)
	}
}

func TestParseCaseTolerance(t *testing.T) {
	b, err := ParseCase(sampleInput + "0\n")
	if err != nil {
		t.Fatalf("ParseCase with a closing 0: %v", err)
	}
	if b.N != 3 {
		t.Errorf("ParseCase gave n = %d", b.N)
	}
	if _, err := ParseCase(sampleInput + sampleInput); err == nil || !strings.Contains(err.Error(), "line 7") {
		t.Errorf("ParseCase of two instances: err = %v, want a complaint at line 7", err)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, input, want string
	}{
		{"empty", " \n\n", "line 1, column 1: empty input: expected the number of moves, then five columns"},
		{"n not a number", "x\n", `line 1, column 1: expected an integer, found "x"`},
		{"n too large", "8\n0\n0\n0\n0\n0\n", "line 1, column 1: the number of moves 8 is outside 1..7"},
		{"n zero", "0\n0\n0\n0\n0\n0\n", "line 1, column 1: the number of moves 0 is outside 1..7"},
		{"two numbers for n", "3 4\n", `line 1, column 3: expected only the number of moves on this line, found "4"`},
		{"missing columns", "3\n1 0\n2 0\n", "line 4, column 1: unexpected end of input: instance 1 needs 3 more column(s)"},
		{"missing terminator", "3\n1 0\n2 1\n0\n0\n0\n", "line 3, column 4: column 1 is not ended by 0"},
		{"text after terminator", "3\n1 0 5\n0\n0\n0\n0\n", `line 2, column 5: column 0 ended with 0, but "5" follows`},
		{"colour 11", "3\n1 11 0\n0\n0\n0\n0\n", "line 2, column 3: colour 11 is outside 1..10"},
		{"negative colour", "3\n0\n0\n-1 0\n0\n0\n", "line 4, column 1: colour -1 is outside 1..10"},
		{"column too tall", "3\n1 2 1 2 1 2 1 2 0\n0\n0\n0\n0\n", "line 2, column 15: column 0 is taller than 7 blocks"},
		{"vertical run", "3\n0\n1 2 2 2 0\n0\n0\n0\n", "line 3, column 7: three blocks of colour 2 in column 1 (rows 1 to 3) would vanish at once; the board must start without such a run"},
		{"equal blocks in different rows are no run", "3\n5 0\n1 5 0\n5 0\n0\n7 5 0\n", ""},
		{"a broken row is no run", "3\n5 0\n5 0\n1 0\n5 5 0\n0\n", ""},
		{"horizontal run", "3\n5 0\n5 0\n5 0\n0\n0\n", "line 4, column 1: three blocks of colour 5 in row 0 (columns 0 to 2) would vanish at once; the board must start without such a run"},
		{"bad second instance", sampleInput + "2\n0\n0\n", "line 10, column 1: unexpected end of input: instance 2 needs 3 more column(s)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseCases(tc.input)
			if tc.want == "" {
				if err != nil {
					t.Errorf("ParseCases(%q): %v, want no error", tc.input, err)
				}
				return
			}
			var te *textin.Error
			if !errors.As(err, &te) {
				t.Fatalf("ParseCases(%q) error = %v, want a *textin.Error", tc.input, err)
			}
			if err.Error() != tc.want {
				t.Errorf("ParseCases(%q) error = %q, want %q", tc.input, err, tc.want)
			}
		})
	}
}

func TestParseTooLong(t *testing.T) {
	if _, err := ParseCases(strings.Repeat(" ", MaxInputBytes+1)); err == nil {
		t.Errorf("ParseCases accepted an input longer than %d bytes", MaxInputBytes)
	}
}
