package testutil

import "testing"

// The engines' fuzz tests of their parsers share what follows: the seeds,
// and the round trip every parser owes (what it accepts, its formatter
// writes back to the same boards). Each test adds its engine's own checks
// on the boards RoundTrip returns.

// Seed adds each input to the fuzzer's corpus.
func Seed(f *testing.F, inputs []string) {
	for _, s := range inputs {
		f.Add(s)
	}
}

// RoundTrip parses input and, when parse accepts it, checks that format
// and parse again give back the same boards, naming a changed one with
// show; it returns the boards (nil when input was refused).
func RoundTrip[B comparable](t *testing.T, input string, parse func(string) ([]B, error), format func([]B) string, show func(B) string) []B {
	t.Helper()
	bs, err := parse(input)
	if err != nil {
		return nil
	}
	again, err := parse(format(bs))
	if err != nil || len(again) != len(bs) {
		t.Fatalf("parse(format(parse(%q))) = %d boards, %v; want %d", input, len(again), err, len(bs))
	}
	for i := range bs {
		if again[i] != bs[i] {
			t.Fatalf("board %d changed in a round trip: %q became %q", i+1, show(bs[i]), show(again[i]))
		}
	}
	return bs
}

// RoundTripOne is RoundTrip for a parser of one board.
func RoundTripOne[B comparable](t *testing.T, input string, parse func(string) (B, error), format func(B) string) {
	t.Helper()
	b, err := parse(input)
	if err != nil {
		return
	}
	if again, err := parse(format(b)); err != nil || again != b {
		t.Fatalf("parse(format(parse(%q))) = %q, %v; want the board back", input, format(again), err)
	}
}

// MustParse parses one board with an engine's ParseCase, failing the test
// when it does not parse: the engines' tests build their boards from text.
func MustParse[B any](tb testing.TB, parse func(string) (B, error), text string) B {
	tb.Helper()
	b, err := parse(text)
	if err != nil {
		tb.Fatalf("ParseCase(%q): %v", text, err)
	}
	return b
}
