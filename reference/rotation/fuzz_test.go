package rotation

import (
	"errors"
	"os"
	"strings"
	"testing"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/reference/textin"
)

// seedInputs returns the classic inputs of testdata plus broken variants.
func seedInputs(f *testing.F) []string {
	in, err := os.ReadFile("testdata/cases.in")
	if err != nil {
		f.Fatal(err)
	}
	s := string(in)
	return []string{s, sample1 + "\n0\n", sample1, "0\n", "", sample1 + " 4\n0\n", "1 2 x\n0", s[:100], strings.ReplaceAll(s, " ", ",")}
}

func FuzzParseCases(f *testing.F) {
	testutil.Seed(f, seedInputs(f))
	f.Fuzz(func(t *testing.T, input string) {
		for _, b := range testutil.RoundTrip(t, input, ParseCases, FormatCases, Format) {
			if err := b.Validate(); err != nil {
				t.Fatalf("parsed an invalid board: %v", err)
			}
		}
		// Every error names a line and a column (cmd/solve prints them).
		var te *textin.Error
		if _, err := ParseCases(input); err != nil && (!errors.As(err, &te) || te.Line == 0 || te.Col == 0) {
			t.Fatalf("ParseCases(%q) error %v has no line and column", input, err)
		}
	})
}

func FuzzParseCase(f *testing.F) {
	testutil.Seed(f, seedInputs(f))
	f.Fuzz(func(t *testing.T, input string) {
		testutil.RoundTripOne(t, input, ParseCase, Format)
	})
}

func FuzzReplay(f *testing.F) {
	for _, s := range []string{"AC", "A, C", "D D H H", "DdHH", "A x C", "ABCDEFGH\nHGFEDCBA", "A\xffB", "É", ",,,"} {
		f.Add(sample1, s)
	}
	f.Add(sample2, "DDHH")
	f.Fuzz(func(t *testing.T, board, text string) {
		b, err := ParseCase(board)
		if err != nil {
			b, _ = ParseCase(sample1)
		}
		r := Replay(b, text)
		moves, perr := ParseMoves(text)
		if (perr == nil) != (r.BadIndex == 0) || r.Used != len(moves) {
			t.Fatalf("Replay: bad %d used %d; ParseMoves: %d moves, %v", r.BadIndex, r.Used, len(moves), perr)
		}
		if r.BadIndex != 0 && (r.BadIndex != r.Used+1 || len(r.Steps) != r.Used+1 || r.Reason == "" || r.BadToken == "") {
			t.Fatalf("Replay bad move %d %q %q after %d steps", r.BadIndex, r.BadToken, r.Reason, len(r.Steps))
		}
		want := b
		for _, m := range moves {
			want = want.Apply(m)
		}
		if r.Final != want || r.Solved != want.Solved() {
			t.Fatalf("Replay final board differs from applying the parsed moves")
		}
	})
}
