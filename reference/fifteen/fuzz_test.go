package fifteen

import (
	"context"
	"os"
	"strings"
	"testing"

	"puzzlejudge/internal/testutil"
)

// seedInputs returns the classic inputs of testdata plus broken variants.
func seedInputs(f *testing.F) []string {
	in, err := os.ReadFile("testdata/cases.in")
	if err != nil {
		f.Fatal(err)
	}
	s := string(in)
	return []string{s, "1\n" + uvaSample, uvaSample, "0\n", "", "1\n1 2 3\n4 0 5\n7 8 6\n", "1\n1 2 3\n4 0 5\n7 8 5\n",
		"2\n" + uvaSample, s[:100], strings.ReplaceAll(s, " ", ","), strings.ReplaceAll(s, "\n", " "), "1\n1 2 3 4\n5 6 7\n"}
}

func FuzzParseCases(f *testing.F) {
	testutil.Seed(f, seedInputs(f))
	f.Fuzz(func(t *testing.T, input string) {
		for _, b := range testutil.RoundTrip(t, input, ParseCases, FormatCases, Format) {
			if err := b.Validate(); err != nil {
				t.Fatalf("parsed an invalid board: %v", err)
			}
		}
	})
}

func FuzzParseCase(f *testing.F) {
	testutil.Seed(f, seedInputs(f))
	f.Fuzz(func(t *testing.T, input string) {
		testutil.RoundTripOne(t, input, ParseCase, Format)
	})
}

// FuzzReplay replays any text on any board the parser accepts (the sample
// otherwise) and on the zero Board, and checks Replay against ParseMoves and
// Apply.
func FuzzReplay(f *testing.F) {
	for _, s := range []string{"LLLDRDRDR", "L L D", "L,R", "llr", "LUX", "RRRR", "UUUU\nDDDD", "L\xffR", "É", ",,,", ""} {
		f.Add(uvaSample, s)
	}
	f.Add("1 2 3\n4 0 5\n7 8 6\n", "LURD")
	f.Fuzz(func(t *testing.T, board, text string) {
		b, err := ParseCase(board)
		if err != nil {
			b = mustParse(t, uvaSample)
		}
		if z := Replay(Board{}, text); z.Used != 0 || z.Solved {
			t.Fatalf("Replay on the zero board played %d moves", z.Used)
		}
		r := Replay(b, text)
		moves, perr := ParseMoves(text)
		want := b
		legal := 0
		for _, m := range moves {
			next, _, ok := want.Apply(m)
			if !ok {
				break
			}
			want = next
			legal++
		}
		if r.Used != legal || r.Final != want || r.Solved != want.Solved() || len(Boards(b, r)) != legal {
			t.Fatalf("Replay used %d final %q; applying the parsed moves: %d, %q", r.Used, Format(r.Final), legal, Format(want))
		}
		clean := perr == nil && legal == len(moves)
		if clean != (r.BadIndex == 0) {
			t.Fatalf("Replay bad move %d; ParseMoves %v, %d of %d moves legal", r.BadIndex, perr, legal, len(moves))
		}
		if r.BadIndex != 0 && (r.BadIndex != r.Used+1 || len(r.Steps) != r.Used+1 || r.Reason == "" || r.BadToken == "") {
			t.Fatalf("Replay bad move %d %q %q after %d steps", r.BadIndex, r.BadToken, r.Reason, len(r.Steps))
		}
	})
}

// FuzzSolve8 solves any 3x3 board the parser accepts: the answer must be
// "not solvable" exactly when the parity says so, and otherwise replay to
// the goal.
func FuzzSolve8(f *testing.F) {
	f.Add("1 2 3\n4 0 5\n7 8 6\n")
	f.Add("8 6 7\n2 5 4\n3 0 1\n")
	f.Add("1 2 3\n4 5 6\n8 7 0\n")
	f.Fuzz(func(t *testing.T, board string) {
		b, err := ParseCase(board)
		if err != nil || b.Width != 3 {
			return
		}
		s, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		if s.Solvable != b.Solvable() || (s.Solvable && (!Replay(b, s.MovesText()).Solved || s.Len() > 31)) {
			t.Fatalf("Solve(%q) = %q, solvable %v", Format(b), s.MovesText(), s.Solvable)
		}
	})
}
