package fifteen

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"puzzlejudge/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite testdata/cases.golden and testdata/report.golden from the solver")

// TestGolden solves every case of testdata/cases.in (UVA's sample, solved
// boards of both widths, boards the parity rules out, the two 3x3 boards
// that need 31 moves, five of Korf's instances turned to UVA's goal, short
// ones) and compares the classic output with testdata/cases.golden and a
// report of each case (width, length, Manhattan distance, replay of the
// answer) with testdata/report.golden. -update rewrites both (review the
// diff).
func TestGolden(t *testing.T) {
	in, err := os.ReadFile("testdata/cases.in")
	if err != nil {
		t.Fatal(err)
	}
	boards, err := ParseCases(string(in))
	if err != nil {
		t.Fatal(err)
	}
	var out, report strings.Builder
	for i, b := range boards {
		s, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatalf("Solve(%s): %v", Format(b), err)
		}
		out.WriteString(s.Answer())
		fmt.Fprintf(&report, "case %d: %dx%d, Manhattan %d, ", i+1, b.Width, b.Width, b.Manhattan())
		if !s.Solvable {
			report.WriteString("not solvable\n")
			continue
		}
		r := Replay(b, s.MovesText())
		fmt.Fprintf(&report, "%d moves, replay solved %v\n", s.Len(), r.Solved)
		if !r.Solved || r.Used != s.Len() {
			t.Errorf("case %d: the answer %q does not solve the board", i+1, s.MovesText())
		}
	}
	if got := out.String(); got != testutil.Golden(t, "testdata/cases.golden", got, *update, "-update") {
		t.Errorf("answers differ from testdata/cases.golden (run with -update and review the diff):\n%s", got)
	}
	if got := report.String(); got != testutil.Golden(t, "testdata/report.golden", got, *update, "-update") {
		t.Errorf("report differs from testdata/report.golden (run with -update and review the diff):\n%s", got)
	}
}
