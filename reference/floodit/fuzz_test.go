package floodit

import (
	"errors"
	"path/filepath"
	"testing"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/reference/textin"
)

// seedInputs adds every testdata/*.in file to the fuzzer's corpus.
func seedInputs(f *testing.F) []string { return testutil.Inputs(f, filepath.Join("testdata", "*.in")) }

// FuzzParseCases checks that the parsers never panic, that every error
// carries a position (or is about the end of the input), and that what they
// accept formats back to the same boards.
func FuzzParseCases(f *testing.F) {
	testutil.Seed(f, seedInputs(f))
	testutil.Seed(f, []string{"3\n0 1 2\n1 1 2\n2 2 1\n", "1\n-0\n0\n"})
	f.Fuzz(func(t *testing.T, input string) {
		_, err := ParseCases(input)
		checkParseError(t, input, err)
		testutil.RoundTrip(t, input, ParseCases, FormatCases, Format)
		_, err = ParseCase(input)
		checkParseError(t, input, err)
		testutil.RoundTripOne(t, input, ParseCase, Format)
	})
}

func checkParseError(t *testing.T, input string, err error) {
	if err == nil {
		return
	}
	var te *textin.Error
	if !errors.As(err, &te) {
		t.Fatalf("ParseCases(%q) error %v is not a *textin.Error", input, err)
	}
	if te.Line == 0 || te.Col == 0 {
		t.Fatalf("ParseCases(%q) error %q has no line and column", input, err)
	}
}

// FuzzReplay checks that Replay never panics, that it reports the first bad
// move by index and token, and that it agrees with ParseMoves.
func FuzzReplay(f *testing.F) {
	f.Add("3\n0 1 2\n1 1 2\n2 2 1\n", "1 2 1")
	f.Add("2\n0 9\n9 9\n", "9,10")
	f.Add("1\n0\n", "-1 x 99999999999999999999")
	for _, in := range seedInputs(f) {
		f.Add(in, "0 1 2 3 4 5 6")
	}
	f.Fuzz(func(t *testing.T, board, moves string) {
		b, err := ParseCase(board)
		if err != nil {
			bs, err := ParseCases(board)
			if err != nil || len(bs) == 0 {
				return
			}
			b = bs[0]
		}
		r := Replay(b, moves)
		parsed, perr := ParseMoves(moves)
		if r.BadIndex == 0 {
			if perr != nil || len(parsed) != r.Used || len(r.Steps) != r.Used {
				t.Fatalf("Replay(%q) accepted %d moves, ParseMoves: %d, %v", moves, r.Used, len(parsed), perr)
			}
		} else {
			if r.BadIndex != r.Used+1 || len(r.Steps) != r.BadIndex || r.Reason == "" || r.BadToken == "" {
				t.Fatalf("Replay(%q) = %+v: inconsistent bad move", moves, r)
			}
			var me *MoveError
			if perr != nil && errors.As(perr, &me) && me.Index < r.BadIndex {
				t.Fatalf("ParseMoves(%q) fails at move %d, before Replay's %d", moves, me.Index, r.BadIndex)
			}
		}
		if r.Solved != r.Final.Flooded() {
			t.Fatalf("Replay(%q): Solved %v but Final.Flooded %v", moves, r.Solved, r.Final.Flooded())
		}
	})
}
