package rotation

import (
	"context"
	"flag"
	"os"
	"strings"
	"testing"

	"puzzlejudge/internal/testutil"
)

var (
	update = flag.Bool("update", false, "rewrite testdata/cases.golden from the solver")
	idaMax = flag.Int("ida-max", 11, "also check golden cases of at most this many moves with the IDA* baseline (13: all, about a minute)")
)

// TestGolden solves every case of testdata/cases.in (samples, solved boards,
// the deepest boards found, ties between symbols, boards where one symbol
// has more than eight squares, one move from solved with each letter, random
// boards) and compares the answers with testdata/cases.golden. The answers of
// the cheaper cases are checked against the IDA* baseline as well; the two
// 13-move cases were checked with
//
//	go test ./reference/rotation/ -run Golden -ida-max=13
//
// and -update rewrites the golden file (review its diff).
func TestGolden(t *testing.T) {
	in, err := os.ReadFile("testdata/cases.in")
	if err != nil {
		t.Fatal(err)
	}
	boards, err := ParseCases(string(in))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	var answers []string
	for _, b := range boards {
		s, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatalf("Solve(%s): %v", Format(b), err)
		}
		out.WriteString(s.Answer())
		answers = append(answers, s.Answer())
		if s.Len() <= *idaMax && !testutil.Quick() {
			slow, err := solveIDA(context.Background(), b, nil)
			if err != nil {
				t.Fatal(err)
			}
			if slow.Answer() != s.Answer() {
				t.Errorf("case %s: Solve %q, IDA* %q", Format(b), s.Answer(), slow.Answer())
			}
		}
	}
	if out.String() != testutil.Golden(t, "testdata/cases.golden", out.String(), *update, "-update") {
		t.Errorf("answers differ from testdata/cases.golden (run with -update and review the diff):\n%s", out.String())
	}
}
