package main

import (
	"strconv"
	"strings"
	"testing"
)

// fifteenSample is UVA 10181's sample input.
const fifteenSample = "2\n2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n"

// korf1 is Korf's instance 1 (14 13 15 7 / 11 12 9 5 / 6 0 2 1 / 4 8 10 3 on
// his goal, the blank top left) turned half a turn with every tile t renamed
// 16-t, which puts it on UVA's goal and keeps its optimal length, 57.
const korf1 = "1\n13 6 8 12\n15 14 0 10\n11 7 4 5\n9 1 3 2\n"

func TestRunFifteen(t *testing.T) {
	tests := []runTest{
		{"sample", []string{"-puzzle", "fifteen"}, fifteenSample, 0, "LLLDRDRDR\nThis puzzle is not solvable.\n", ""},
		{"sample moves", []string{"-puzzle", "fifteen", "-moves"}, fifteenSample, 0, "LLLDRDRDR\nThis puzzle is not solvable.\n", ""},
		{"the 8-puzzle", []string{"-puzzle", "fifteen", "-moves"}, "1\n1 2 3\n4 5 6\n7 0 8\n", 0, "R\n", ""},
		{"solved", []string{"-puzzle", "fifteen", "-moves"}, "1\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n", 0, "\n", ""},
		{"twice a tile", []string{"-puzzle", "fifteen"}, "1\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 15\n", 2, "", "line 5, column 10: tile 15 appears twice"},
		{"a case missing", []string{"-puzzle", "fifteen"}, "2\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n", 2, "", "expected case 2 of 2"},
	}
	checkRuns(t, tests)
}

// TestRunFifteenKorf1 solves Korf's instance 1 with -moves: one line of
// letters without separators, UVA's output, 57 of them.
func TestRunFifteenKorf1(t *testing.T) {
	code, stdout, stderr := runCmd([]string{"-puzzle", "fifteen", "-moves"}, korf1)
	line := strings.TrimSuffix(stdout, "\n")
	if code != 0 || len(line) != 57 || strings.Trim(line, "LRUD") != "" || strings.Count(stdout, "\n") != 1 {
		t.Fatalf("exit %d, stdout %q, stderr %q; want one line of 57 moves", code, stdout, stderr)
	}
}

// TestRunFifteenShippedCases runs every case of the two 15-puzzle problems
// through the command, alone and all in one input.
func TestRunFifteenShippedCases(t *testing.T) {
	for _, slug := range []string{"fifteen", "fifteen-optimal"} {
		var boards, want strings.Builder
		cases := shippedCases(t, slug)
		for _, c := range cases {
			code, stdout, stderr := runCmd([]string{"-puzzle", "fifteen"}, c.input)
			if code != 0 || stdout != c.answer {
				t.Errorf("%s/%s: exit %d, stdout %q, stderr %q; want %q", slug, c.name, code, stdout, stderr, c.answer)
			}
			_, board, _ := strings.Cut(c.input, "\n") // the count line "1"
			boards.WriteString(board)
			want.WriteString(c.answer)
		}
		all := strconv.Itoa(len(cases)) + "\n" + boards.String()
		code, stdout, stderr := runCmd([]string{"-puzzle", "fifteen"}, all)
		if code != 0 || stdout != want.String() {
			t.Errorf("%s, all cases in one input: exit %d, stdout %q, stderr %q; want %q", slug, code, stdout, stderr, want.String())
		}
	}
}
