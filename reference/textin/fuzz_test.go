package textin

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzSplit checks the tokenizer every engine parser stands on: tokens are
// never empty and hold no separator, lines are numbered 1, 2, ..., columns
// point at the token's first character, and Int never panics.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{"3\n0 1 2\n", "1,2 ,3\r\n", "\n\n", "é 7\t-1", "x\ry", "99999999999 +-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		lines := Split(input, ',')
		raw := strings.Split(input, "\n")
		for i, l := range lines {
			if l.No != i+1 {
				t.Fatalf("line %d numbered %d", i+1, l.No)
			}
			text := strings.TrimSuffix(raw[i], "\r")
			for _, tok := range l.Tokens {
				if tok.Text == "" || strings.ContainsAny(tok.Text, " \t,\r") {
					t.Fatalf("bad token %q", tok.Text)
				}
				if tok.Line != l.No || tok.Col < 1 {
					t.Fatalf("token %q at %d:%d on line %d", tok.Text, tok.Line, tok.Col, l.No)
				}
				if utf8.ValidString(text) {
					rs := []rune(text)
					if tok.Col-1+utf8.RuneCountInString(tok.Text) > len(rs) || string(rs[tok.Col-1:tok.Col-1+utf8.RuneCountInString(tok.Text)]) != tok.Text {
						t.Fatalf("token %q is not at column %d of %q", tok.Text, tok.Col, text)
					}
				}
				if _, err := tok.Int(); err != nil && !strings.HasPrefix(err.Error(), "line ") {
					t.Fatalf("Int error without a position: %v", err)
				}
			}
		}
	})
}
