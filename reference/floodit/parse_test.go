package floodit

import (
	"errors"
	"flag"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/reference/textin"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// sampleInput is the classic two-case sample of UVA 1505.
const sampleInput = "2\n0 0\n0 0\n3\n0 1 2\n1 1 2\n2 2 1\n0\n"

func TestParseCasesSample(t *testing.T) {
	bs, err := ParseCases(sampleInput)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != 2 || bs[0].N() != 2 || bs[1].N() != 3 || bs[1].At(2, 2) != 1 {
		t.Fatalf("ParseCases(sample) = %v", bs)
	}
	if got := FormatCases(bs); got != sampleInput {
		t.Errorf("FormatCases(ParseCases(sample)) = %q, want %q", got, sampleInput)
	}
}

func TestParseCasesLenient(t *testing.T) {
	tests := []struct {
		name, input string
		cases       int
	}{
		{"no terminator", "1\n0\n", 1},
		{"blank lines and CRLF", "\r\n2\r\n0 1\r\n\r\n1 0\r\n0\r\n\r\n", 1},
		{"tabs and extra spaces", "2\n  0\t1 \n1   1\n0\n", 1},
		{"only the terminator", "0\n", 0},
		{"sizes beyond the classic limits", "1\n15\n30\n" + strings.Repeat(strings.TrimSpace(strings.Repeat("0 ", 30))+"\n", 30) + "0\n", 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			bs, err := ParseCases(tc.input)
			if err != nil {
				t.Fatalf("ParseCases(%q): %v", tc.input, err)
			}
			if len(bs) != tc.cases {
				t.Errorf("ParseCases(%q) gave %d cases, want %d", tc.input, len(bs), tc.cases)
			}
		})
	}
}

func TestParseCasesErrors(t *testing.T) {
	tests := []struct {
		name, input string
		want        string
		line, col   int
	}{
		{"empty", "", "line 1, column 1: unexpected end of input: expected the board size N", 1, 1},
		{"blank", "\n\n", "line 1, column 1: unexpected end of input: expected the board size N", 1, 1},
		{"size not a number", "x\n", `line 1, column 1: expected the board size N, found "x"`, 1, 1},
		{"size too large", "31\n", "line 1, column 1: board size 31 is outside 1..30", 1, 1},
		{"negative size", "-2\n", "line 1, column 1: board size -2 is outside 1..30", 1, 1},
		{"two numbers on the size line", "2 2\n", `line 1, column 3: expected only the board size on this line, found "2"`, 1, 3},
		{"short row", "3\n0 1 2\n1 1\n", "line 3, column 4: expected 3 colours, found 2", 3, 4},
		{"long row", "2\n0 1\n1 1 1\n", "line 3, column 5: expected 2 colours, found 3", 3, 5},
		{"colour out of range", "3\n0 1 2\n1 1 2\n2 2 16\n", "line 4, column 5: colour 16 is outside 0..15", 4, 5},
		{"negative colour", "2\n0 -1\n1 1\n", "line 2, column 3: colour -1 is outside 0..15", 2, 3},
		{"colour not a number", "2\n0 a\n1 1\n", `line 2, column 3: expected a colour, found "a"`, 2, 3},
		{"missing rows", "2\n0 0\n0 0\n3\n0 1 2\n", "line 6, column 1: unexpected end of input: case 2 needs 2 more rows", 6, 1},
		{"missing one row", "2\n0 0\n\n", "line 3, column 1: unexpected end of input: case 1 needs 1 more row", 3, 1},
		{"text after the terminator", "1\n0\n0\n5\n", `line 4, column 1: unexpected "5" after the closing 0`, 4, 1},
		{"too many boards", strings.Repeat("1\n0\n", MaxCases+1), "line 20001, column 1: more than 10000 boards in one input", 20001, 1},
		{"long token quoted short", "1\n" + strings.Repeat("9", 40) + "\n", `line 2, column 1: expected a colour, found "99999999999999999999..."`, 2, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseCases(tc.input)
			if err == nil {
				t.Fatalf("ParseCases(%q) succeeded, want error %q", tc.input, tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("ParseCases(%q) error = %q, want %q", tc.input, err, tc.want)
			}
			var te *textin.Error
			if !errors.As(err, &te) || te.Line != tc.line || te.Col != tc.col {
				t.Errorf("ParseCases(%q) error position = %+v, want line %d column %d", tc.input, te, tc.line, tc.col)
			}
		})
	}
}

func TestParseCase(t *testing.T) {
	for _, input := range []string{"2\n0 1\n1 0\n", "2\n0 1\n1 0\n0\n", "\n2\n0 1\n\n1 0\n\n0\n\n"} {
		b, err := ParseCase(input)
		if err != nil {
			t.Fatalf("ParseCase(%q): %v", input, err)
		}
		if Format(b) != "2\n0 1\n1 0\n" {
			t.Errorf("Format(ParseCase(%q)) = %q", input, Format(b))
		}
	}
	bad := []struct{ input, want string }{
		{"0\n", "line 1, column 1: expected a board, found the closing 0"},
		{"1\n0\n1\n2\n", `line 3, column 1: expected only one board, found "1" after it`},
		{"1\n0\n0\n1\n", `line 4, column 1: unexpected "1" after the closing 0`},
		{"1\n0\n0 0\n", `line 3, column 1: expected only one board, found "0" after it`},
		{"", "line 1, column 1: unexpected end of input: expected the board size N"},
	}
	for _, tc := range bad {
		if _, err := ParseCase(tc.input); err == nil || err.Error() != tc.want {
			t.Errorf("ParseCase(%q) error = %v, want %q", tc.input, err, tc.want)
		}
	}
}

// TestRoundTrip checks Format and ParseCase are inverse on random boards of
// every size and colour count.
func TestRoundTrip(t *testing.T) {
	rng := newRand(1)
	for i := 0; i < 300; i++ {
		b := randomBoard(rng, 1+rng.IntN(MaxN), 1+rng.IntN(MaxColors))
		got, err := ParseCase(Format(b))
		if err != nil {
			t.Fatalf("ParseCase(Format(b)): %v", err)
		}
		if got != b {
			t.Fatalf("ParseCase(Format(b)) != b for %q", Format(b))
		}
		bs, err := ParseCases(FormatCases([]Board{b, b}))
		if err != nil || len(bs) != 2 || bs[1] != b {
			t.Fatalf("ParseCases(FormatCases) = %v, %v", len(bs), err)
		}
	}
}

// TestGolden solves every case of testdata/*.in and compares the answers and
// move sequences with testdata/*.golden (go test -update rewrites them).
func TestGolden(t *testing.T) {
	testutil.GoldenFiles(t, filepath.Join("testdata", "*.in"), *update, "-update", goldenOutput)
}

// goldenOutput is, per case, the answer, the moves and the replay's verdict;
// for input that does not parse, the error.
func goldenOutput(t *testing.T, input string) string {
	bs, err := ParseCases(input)
	if err != nil {
		return "error: " + err.Error() + "\n"
	}
	var sb strings.Builder
	for _, b := range bs {
		sol, err := Solve(t.Context(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		r := Replay(b, sol.MovesText())
		if !r.Solved || r.BadIndex != 0 || r.Used != sol.Len() {
			t.Errorf("moves %q do not flood %q: %+v", sol.MovesText(), Format(b), r)
		}
		sb.WriteString(sol.Answer())
		sb.WriteString("moves: " + sol.MovesText() + "\n")
	}
	return sb.String()
}

func TestMovesOfSolution(t *testing.T) {
	s := Solution{Moves: []Move{1, 2, 1}, Solvable: true}
	if s.Answer() != "3\n" || s.MovesText() != "1 2 1" || s.Len() != 3 {
		t.Errorf("Solution{1 2 1}: Answer %q MovesText %q Len %d", s.Answer(), s.MovesText(), s.Len())
	}
	if !reflect.DeepEqual(Solution{}.MovesText(), "") || (Solution{}).Answer() != "0\n" {
		t.Errorf("empty solution: %q %q", Solution{}.MovesText(), Solution{}.Answer())
	}
}
