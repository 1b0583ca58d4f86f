package textin

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	lines := Split("3\r\n 0 1\t2\n\n1,2 ,3\n", ',')
	if len(lines) != 4 {
		t.Fatalf("Split gave %d lines, want 4", len(lines))
	}
	want := []Token{{"0", 2, 2}, {"1", 2, 4}, {"2", 2, 6}}
	if !reflect.DeepEqual(lines[1].Tokens, want) {
		t.Errorf("line 2 tokens = %v, want %v", lines[1].Tokens, want)
	}
	if !lines[2].Blank() {
		t.Errorf("line 3 should be blank")
	}
	want = []Token{{"1", 4, 1}, {"2", 4, 3}, {"3", 4, 6}}
	if !reflect.DeepEqual(lines[3].Tokens, want) {
		t.Errorf("line 4 tokens = %v, want %v", lines[3].Tokens, want)
	}
}

func TestColumnsCountRunes(t *testing.T) {
	lines := Split("é 7", 0)
	if got := lines[0].Tokens[1].Col; got != 3 {
		t.Errorf("column of 7 = %d, want 3", got)
	}
}

func TestInt(t *testing.T) {
	tests := []struct {
		text string
		want int
		ok   bool
	}{
		{"0", 0, true}, {"-1", -1, true}, {"+5", 5, true}, {"12", 12, true},
		{"x", 0, false}, {"-", 0, false}, {"1e3", 0, false}, {"9999999999", 0, false}, {"", 0, false},
	}
	for _, tc := range tests {
		got, err := Token{Text: tc.text, Line: 1, Col: 1}.Int()
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("Int(%q) = %d, %v; want %d, ok=%v", tc.text, got, err, tc.want, tc.ok)
		}
	}
}

func TestErrorText(t *testing.T) {
	tests := []struct {
		err  *Error
		want string
	}{
		{Errorf(4, 7, "colour %d is outside 0..5", 9), "line 4, column 7: colour 9 is outside 0..5"},
		{Errorf(2, 0, "expected 3 colours, found 2"), "line 2: expected 3 colours, found 2"},
		{Errorf(0, 0, "unexpected end of input"), "unexpected end of input"},
	}
	for _, tc := range tests {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
	}
}

func TestReader(t *testing.T) {
	r := NewReader("\n1\n\n2\n", 0)
	if l, ok := r.Peek(); !ok || l.No != 2 {
		t.Fatalf("Peek = %v, %v", l, ok)
	}
	if l, _ := r.Next(); l.No != 2 {
		t.Fatalf("Next line %d, want 2", l.No)
	}
	if rest := r.Rest(); len(rest) != 1 || rest[0].No != 4 {
		t.Fatalf("Rest = %v", rest)
	}
	r.Next()
	if _, ok := r.Next(); ok {
		t.Fatalf("Next after end should fail")
	}
}

func TestQuote(t *testing.T) {
	if got := Quote("abcdefghijklmnopqrstuvwxyz"); got != `"abcdefghijklmnopqrst..."` {
		t.Errorf("Quote = %s", got)
	}
}

func TestJoinCases(t *testing.T) {
	itoa := func(i int) string { return strconv.Itoa(i) + "\n" }
	for _, tc := range []struct {
		cases []int
		end   string
		want  string
	}{
		{nil, "0\n", "0\n"},
		{[]int{1, 2}, "0\n", "1\n2\n0\n"},
		{[]int{1, 2}, "", "1\n2\n"},
	} {
		if got := JoinCases(tc.cases, itoa, tc.end); got != tc.want {
			t.Errorf("JoinCases(%v, %q) = %q, want %q", tc.cases, tc.end, got, tc.want)
		}
	}
}

// TestAfterAndMissing: where text missing at the end of a line, or at the
// end of the input, would go.
func TestAfterAndMissing(t *testing.T) {
	for _, tc := range []struct {
		line string
		want int
	}{{"", 1}, {"  ", 1}, {"1 2", 4}, {"  12\t", 5}, {"é x", 4}} {
		if got := Split(tc.line+"\n", 0)[0].After(); got != tc.want {
			t.Errorf("Line(%q).After() = %d, want %d", tc.line, got, tc.want)
		}
	}
	for _, tc := range []struct {
		input string
		reads int
		want  int
	}{{"", 0, 1}, {"\n\n", 1, 1}, {"1\n\n2\n", 1, 2}, {"1\n\n2\n\n", 2, 4}} {
		r := NewReader(tc.input, 0)
		for range tc.reads {
			r.Next()
		}
		r.Peek()
		if line, col := r.Missing(); line != tc.want || col != 1 {
			t.Errorf("Missing() after %d reads of %q = %d, %d, want %d, 1", tc.reads, tc.input, line, col, tc.want)
		}
	}
}

// BenchmarkSplit reads a thousand 14x14 boards, the size of pc19, the
// input solve reads in the comparison of docs/PERFORMANCE.md.
func BenchmarkSplit(b *testing.B) {
	var sb strings.Builder
	for i := range 1000 {
		sb.WriteString("14\n")
		for r := range 14 {
			for c := range 14 {
				if c > 0 {
					sb.WriteByte(' ')
				}
				sb.WriteByte(byte('0' + (i+r*c)%6))
			}
			sb.WriteByte('\n')
		}
	}
	input := sb.String()
	b.SetBytes(int64(len(input)))
	b.ReportAllocs()
	for b.Loop() {
		Split(input, 0)
	}
}

// TestSplitLinesApart checks that the lines' tokens, which share one array,
// stay apart: appending to one line leaves the next as it was.
func TestSplitLinesApart(t *testing.T) {
	lines := Split("a b\nc d\n", 0)
	_ = append(lines[0].Tokens, Token{Text: "x"})
	if got := lines[1].Tokens[0].Text; got != "c" {
		t.Fatalf("line 2 starts with %q after an append to line 1, want %q", got, "c")
	}
}
