package mayan

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"testing"

	"puzzlejudge/internal/testutil"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// TestGolden parses every testdata/golden/*.in, solves each instance and
// replays the answer; the report must match the .golden file beside it.
func TestGolden(t *testing.T) {
	testutil.GoldenFiles(t, "testdata/golden/*.in", *update, "-update", goldenReport)
}

func goldenReport(t *testing.T, input string) string {
	bs, err := ParseCases(input)
	if err != nil {
		return "error: " + err.Error() + "\n"
	}
	var sb strings.Builder
	for i, b := range bs {
		sol, err := Solve(context.Background(), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&sb, "== instance %d: %d blocks\n%sanswer:\n%s", i+1, b.Blocks(), Format(b), sol.Answer())
		r := Replay(b, sol.MovesText())
		for _, s := range r.Steps {
			fmt.Fprintf(&sb, "replay %s: %d vanished in %d round(s), %d left\n", s.Token, s.Cleared, s.Rounds, s.Left)
		}
		if sol.Solvable && (!r.Solved || r.Used != b.N) {
			t.Errorf("instance %d: the answer does not replay to an empty board: %+v", i+1, r)
		}
	}
	return sb.String()
}
