package main

import (
	"strings"
	"testing"
)

const mayanSample = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n"

func TestRunMayan(t *testing.T) {
	tests := []runTest{
		{"sample", []string{"-puzzle", "mayan"}, mayanSample, 0, "2 1 1\n3 1 1\n3 0 1\n", ""},
		{"sample moves", []string{"-puzzle", "mayan", "-moves"}, mayanSample, 0, "2 1 1\n3 1 1\n3 0 1\n", ""},
		{"several instances", []string{"-puzzle", "mayan"}, mayanSample + "2\n2 2 0\n0\n2 0\n0\n0\n1\n2 2 0\n0\n2 0\n0\n0\n", 0,
			"2 1 1\n3 1 1\n3 0 1\n-1\n0 0 1\n", ""},
		{"no solution", []string{"-puzzle", "mayan", "-moves"}, "3\n1 2 0\n2 1 0\n3 3 0\n1 2 0\n0\n", 0, "-1\n", ""},
		{"missing terminator", []string{"-puzzle", "mayan"}, "3\n1 0\n2 1\n0\n0\n0\n", 2, "", "line 3, column 4: column 1 is not ended by 0"},
		{"bad colour", []string{"-puzzle", "mayan"}, "3\n1 11 0\n0\n0\n0\n0\n", 2, "", "line 2, column 3: colour 11 is outside 1..10"},
		{"too many moves", []string{"-puzzle", "mayan"}, "8\n0\n0\n0\n0\n0\n", 2, "", "line 1, column 1: the number of moves 8 is outside 1..7"},
		{"bad second instance", []string{"-puzzle", "mayan"}, mayanSample + "3\n1 0\n", 2, "", "instance 2 needs 4 more column(s)"},
		{"a run at the start", []string{"-puzzle", "mayan"}, "1\n5 0\n5 0\n5 0\n0\n0\n", 2, "", "line 4, column 1: three blocks of colour 5 in row 0"},
		{"empty", []string{"-puzzle", "mayan"}, "\n", 2, "", "empty input"},
	}
	checkRuns(t, tests)
}

// TestRunMayanShippedCases runs every case of problems/mayan through the
// command and compares with its expected answer.
func TestRunMayanShippedCases(t *testing.T) {
	cases := shippedCases(t, "mayan")
	var all, want strings.Builder
	for _, c := range cases {
		all.WriteString(c.input)
		want.WriteString(c.answer)
	}
	// The cases one after another are one classic input of many instances.
	code, stdout, stderr := runCmd([]string{"-puzzle", "mayan"}, all.String())
	if code != 0 || stdout != want.String() {
		t.Errorf("run on the %d shipped cases = %d, stderr %q, stdout:\n%s\nwant:\n%s", len(cases), code, stderr, stdout, want.String())
	}
}

func TestRunMayanTimeout(t *testing.T) {
	// A full board with n = 7 takes far longer than a millisecond.
	full := "7\n3 1 2 2 3 2 2 0\n2 2 1 3 2 1 1 0\n1 3 2 1 1 3 3 0\n2 1 1 3 3 1 2 0\n3 2 2 1 1 3 1 0\n"
	code, stdout, stderr := runCmd([]string{"-puzzle", "mayan", "-timeout", "1ms"}, full)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "instance 1: context deadline exceeded") {
		t.Errorf("run with -timeout 1ms = %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
