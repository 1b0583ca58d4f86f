package main

import (
	"fmt"
	"strings"
	"testing"
)

// TestJobsKeepOrder solves every shipped case of each puzzle in one input,
// once on one goroutine and once on four, and wants the same output: the
// cases finish in another order, the output must not.
func TestJobsKeepOrder(t *testing.T) {
	for _, puzzle := range []string{"floodit", "rotation", "mayan"} {
		t.Run(puzzle, func(t *testing.T) {
			var in strings.Builder
			for _, c := range shippedCases(t, puzzle) {
				// Flood-it and Rotation inputs end with a 0 line; a case file
				// carries its own, which must go before the cases are joined.
				text := strings.TrimRight(c.input, "\n")
				if puzzle != "mayan" {
					text = strings.TrimSuffix(text, "\n0")
				}
				in.WriteString(text + "\n")
			}
			if puzzle != "mayan" {
				in.WriteString("0\n")
			}
			for _, moves := range []bool{false, true} {
				args := []string{"-puzzle", puzzle, fmt.Sprintf("-moves=%v", moves)}
				code1, out1, err1 := runCmd(append(args, "-j", "1"), in.String())
				code4, out4, err4 := runCmd(append(args, "-j", "4"), in.String())
				if code1 != 0 || code4 != 0 || out1 == "" || out1 != out4 {
					t.Errorf("-moves=%v: -j 1 = %d %q (%s); -j 4 = %d %q (%s)", moves, code1, out1, err1, code4, out4, err4)
				}
			}
		})
	}
}

func TestJobsFlag(t *testing.T) {
	checkRuns(t, []runTest{
		{"zero", []string{"-puzzle", "floodit", "-j", "0"}, sample, 2, "", "-j 0: want at least 1"},
		{"more jobs than cases", []string{"-puzzle", "floodit", "-j", "16"}, sample, 0, "0\n3\n", ""},
		// The second case's error is reported even though a later case
		// may already be solved.
		{"bad case stops", []string{"-puzzle", "floodit", "-j", "2"}, "2\n0 0\n0 0\n2\n0 1\n", 2, "", "needs 1 more row"},
	})
}
