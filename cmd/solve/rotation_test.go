package main

import (
	"strings"
	"testing"
)

const rotationSample = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n" +
	"1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n0\n"

func TestRunRotation(t *testing.T) {
	solved := "3 3 3 3 3 3 1 1 1 3 3 1 1 3 3 1 1 1 3 3 3 3 2 2\n"
	tests := []runTest{
		{"sample", []string{"-puzzle", "rotation"}, rotationSample, 0, "AC\n2\nDDHH\n2\n", ""},
		{"sample moves", []string{"-puzzle", "rotation", "-moves"}, rotationSample, 0, "AC\nDDHH\n", ""},
		{"solved", []string{"-puzzle", "rotation"}, solved + "0\n", 0, "No moves needed\n1\n", ""},
		{"solved moves", []string{"-puzzle", "rotation", "-moves"}, solved + "0\n", 0, "\n", ""},
		{"no cases", []string{"-puzzle", "rotation"}, "0\n", 0, "", ""},
		{"bad symbol", []string{"-puzzle", "rotation"}, rotationSample[:4] + "4" + rotationSample[5:], 2, "", "line 1, column 5: symbol 4 is outside 1..3"},
		{"short line", []string{"-puzzle", "rotation"}, solved + "1 2 3\n0\n", 2, "", "line 2, column 6: expected 24 symbols, found 3"},
		{"missing 0", []string{"-puzzle", "rotation"}, solved, 2, "", "the input must end with a line holding only 0"},
		{"text after 0", []string{"-puzzle", "rotation"}, rotationSample + "x\n", 2, "", `line 4, column 1: unexpected "x" after the closing line 0`},
	}
	checkRuns(t, tests)
}

// TestRunRotationShippedCases runs every case of problems/rotation through
// the command, alone and all in one input, and compares with the expected
// answers.
func TestRunRotationShippedCases(t *testing.T) {
	var all, allWant strings.Builder
	for _, c := range shippedCases(t, "rotation") {
		code, stdout, stderr := runCmd([]string{"-puzzle", "rotation"}, c.input)
		if code != 0 || stdout != c.answer {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q", c.name, code, stdout, stderr, c.answer)
		}
		all.WriteString(strings.TrimSuffix(strings.TrimSpace(c.input), "0"))
		allWant.WriteString(c.answer)
	}
	all.WriteString("0\n")
	code, stdout, stderr := runCmd([]string{"-puzzle", "rotation"}, all.String())
	if code != 0 || stdout != allWant.String() {
		t.Errorf("all cases in one input: exit %d, stdout %q, stderr %q; want %q", code, stdout, stderr, allWant.String())
	}
}
