package judge

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// FuzzParseMsg reads stored message arguments, which a database may hold
// from any version of the judge: it never panics, and what it accepts
// says the same once written again.
func FuzzParseMsg(f *testing.F) {
	fh, err := os.Open("testdata/message-args.txt")
	if err != nil {
		f.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		id, args, _ := strings.Cut(line, "\t")
		f.Add(id, args)
	}
	f.Fuzz(func(t *testing.T, id, args string) {
		m, ok := ParseMsg(id, args)
		if !ok {
			return
		}
		text := m.Text()
		again, ok := ParseMsg(string(m.ID), m.ArgsJSON())
		if !ok || again.Text() != text {
			t.Errorf("ParseMsg(%q, %q) says %q; written again as %q it says %q (%v)", id, args, text, m.ArgsJSON(), again.Text(), ok)
		}
	})
}

// BenchmarkResultWith measures what a message costs a judged case: the
// English text and the stored arguments of an illegal move.
func BenchmarkResultWith(b *testing.B) {
	m := M("move_bad", "Index", 7, "Token", `"9"`, "Reason", M("floodit_colour_not_on_board", "Colours", 6))
	for b.Loop() {
		_ = Result{Verdict: Invalid}.With(m)
	}
}
