package mayan

import (
	"testing"

	"puzzlejudge/internal/testutil"
)

// goldenInputs returns the texts of testdata/golden/*.in, the fuzz seeds.
func goldenInputs(f *testing.F) []string { return testutil.Inputs(f, "testdata/golden/*.in") }

func FuzzParseCases(f *testing.F) {
	testutil.Seed(f, goldenInputs(f))
	f.Fuzz(func(t *testing.T, input string) {
		bs := testutil.RoundTrip(t, input, ParseCases, FormatCases, Format)
		for i := range bs {
			if _, any := runs(&bs[i].cols); any || bs[i].N < 1 || bs[i].N > MaxMoves {
				t.Fatalf("ParseCases accepted a bad board %q", Format(bs[i]))
			}
			if one, err := ParseCase(Format(bs[i])); err != nil || one != bs[i] {
				t.Fatalf("ParseCase(Format(b)) = %v, %v", one, err)
			}
		}
	})
}

func FuzzReplay(f *testing.F) {
	for _, s := range goldenInputs(f) {
		f.Add(s, "2 1 1\n3 1 1\n3 0 1\n")
		f.Add(s, "0 0 1\n4 0 -1\n1 2 -1\n")
	}
	f.Add(sampleInput, "0 0\n")
	f.Add(sampleInput, "9 9 9\n")
	f.Add(sampleInput, "0 0 -1\n")
	f.Fuzz(func(t *testing.T, board, moves string) {
		b, err := ParseCase(board)
		if err != nil {
			return
		}
		r := Replay(b, moves)
		if r.BadIndex == 0 && r.Used != len(r.Steps) || r.BadIndex != 0 && (r.BadIndex != len(r.Steps) || r.Used != r.BadIndex-1) {
			t.Fatalf("Replay(%q): bad %d, used %d, %d steps", moves, r.BadIndex, r.Used, len(r.Steps))
		}
		if r.Final.Blocks() > b.Blocks() || r.Solved != r.Final.Empty() {
			t.Fatalf("Replay(%q): final board %q from %q", moves, Format(r.Final), Format(b))
		}
		if _, any := runs(&r.Final.cols); any {
			t.Fatalf("Replay(%q) left a run on the board: %q", moves, Format(r.Final))
		}
		for i := 0; i < Width; i++ {
			for y := 0; y < r.Final.ColumnHeight(i); y++ {
				if r.Final.At(i, y) == 0 {
					t.Fatalf("Replay(%q) left a floating block: %q", moves, Format(r.Final))
				}
			}
		}
		// Replaying the legal prefix again gives the same board.
		var prefix string
		for _, s := range r.Steps[:r.Used] {
			prefix += s.Token + "\n"
		}
		if again := Replay(b, prefix); again.Final != r.Final || again.BadIndex != 0 {
			t.Fatalf("Replay of the legal prefix %q differs", prefix)
		}
	})
}
