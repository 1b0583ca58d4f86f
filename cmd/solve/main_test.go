package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"puzzlejudge/judge/puzzles"
)

const sample = "2\n0 0\n0 0\n3\n0 1 2\n1 1 2\n2 2 1\n0\n"

func runCmd(args []string, stdin string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// runTest is one call of the command and what it must give.
type runTest struct {
	name      string
	args      []string
	stdin     string
	code      int
	stdout    string
	stderrHas string
}

// checkRuns runs each test through run and compares the exit status, the
// whole stdout and a part of stderr.
func checkRuns(t *testing.T, tests []runTest) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(tc.args, tc.stdin)
			if code != tc.code || stdout != tc.stdout || !strings.Contains(stderr, tc.stderrHas) {
				t.Errorf("run(%q) = %d, stdout %q, stderr %q; want %d, %q, stderr containing %q",
					tc.args, code, stdout, stderr, tc.code, tc.stdout, tc.stderrHas)
			}
		})
	}
}

// shippedCase is one case of problems/<puzzle>/tests with its answer.
type shippedCase struct {
	name, input, answer string
}

// shippedCases reads every shipped case of a puzzle, in case order, with
// the expected answer beside it.
func shippedCases(t *testing.T, puzzle string) []shippedCase {
	t.Helper()
	ins, err := filepath.Glob(filepath.Join("..", "..", "problems", puzzle, "tests", "*.in"))
	if err != nil || len(ins) == 0 {
		t.Fatalf("no shipped %s cases: %v", puzzle, err)
	}
	cases := make([]shippedCase, len(ins))
	for i, in := range ins {
		input, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		answer, err := os.ReadFile(strings.TrimSuffix(in, ".in") + ".ans")
		if err != nil {
			t.Fatal(err)
		}
		cases[i] = shippedCase{filepath.Base(in), string(input), string(answer)}
	}
	return cases
}

func TestRun(t *testing.T) {
	big := "30\n" + strings.Repeat(strings.TrimSpace(strings.Repeat("15 ", 30))+"\n", 30) + "0\n"
	tests := []runTest{
		{"sample", []string{"-puzzle", "floodit"}, sample, 0, "0\n3\n", ""},
		{"sample moves", []string{"-puzzle", "floodit", "-moves"}, sample, 0, "\n1 2 1\n", ""},
		{"beyond the classic limits", []string{"-puzzle", "floodit"}, big, 0, "0\n", ""},
		{"colour 15", []string{"-puzzle=floodit", "-moves"}, "2\n0 15\n15 15\n0\n", 0, "15\n", ""},
		{"malformed row", []string{"-puzzle", "floodit"}, "2\n0 0\n0 0\n3\n0 1 2\n1 1\n2 2 1\n0\n", 2, "", "line 6, column 4: expected 3 colours, found 2"},
		{"bad colour", []string{"-puzzle", "floodit"}, "2\n0 16\n0 0\n0\n", 2, "", "line 2, column 3: colour 16 is outside 0..15"},
		{"truncated", []string{"-puzzle", "floodit"}, "3\n0 1 2\n", 2, "", "unexpected end of input: case 1 needs 2 more rows"},
		{"byte order mark", []string{"-puzzle", "floodit"}, "\ufeff" + sample, 0, "0\n3\n", ""},
		{"second byte order mark", []string{"-puzzle", "floodit"}, "\ufeff\ufeff" + sample, 2, "", "line 1"},
		{"unknown puzzle", []string{"-puzzle", "chess"}, sample, 2, "", `unknown puzzle "chess"`},
		{"no puzzle", nil, sample, 2, "", "-puzzle is one of: " + strings.Join(puzzles.PuzzleNames(), ", ") + "\n"},
		{"bad flag", []string{"-bogus"}, sample, 2, "", "flag provided but not defined"},
		{"stray argument", []string{"-puzzle", "floodit", "input.txt"}, sample, 2, "", `unexpected argument "input.txt"`},
	}
	checkRuns(t, tests)
}

func TestRunTimeout(t *testing.T) {
	// A 30x30 board with 8 colours takes far longer than a millisecond.
	var sb strings.Builder
	sb.WriteString("30\n")
	x := uint32(7)
	for r := 0; r < 30; r++ {
		for c := 0; c < 30; c++ {
			x = x*1103515245 + 12345
			if c > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteByte(byte('0' + (x>>16)%8))
		}
		sb.WriteByte('\n')
	}
	code, stdout, stderr := runCmd([]string{"-puzzle", "floodit", "-timeout", "20ms"}, sb.String())
	if code != 1 || stdout != "" || !strings.Contains(stderr, "deadline exceeded") {
		t.Errorf("run with -timeout 20ms = %d, %q, %q", code, stdout, stderr)
	}
}

func TestRunInputTooLarge(t *testing.T) {
	code, stdout, stderr := runCmd([]string{"-puzzle", "floodit"}, strings.Repeat(" ", maxInput+1))
	if code != 2 || stdout != "" || !strings.Contains(stderr, "larger than") {
		t.Errorf("run with a huge input = %d, %q, %q", code, stdout, stderr)
	}
}

// TestShippedProblems runs the command on every shipped Flood-it case and
// compares with its .ans file, and on the sample input of the README.
func TestShippedProblems(t *testing.T) {
	cases := shippedCases(t, "floodit")
	dir := filepath.Join("..", "..", "problems", "floodit")
	input, err := os.ReadFile(filepath.Join(dir, "sample.in"))
	if err != nil {
		t.Fatal(err)
	}
	answer, err := os.ReadFile(filepath.Join(dir, "sample.ans"))
	if err != nil {
		t.Fatal(err)
	}
	cases = append(cases, shippedCase{"sample.in", string(input), string(answer)})
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runCmd([]string{"-puzzle", "floodit"}, c.input)
			if code != 0 || stdout != c.answer {
				t.Errorf("solve < %s = %d, %q (stderr %q), want %q", c.name, code, stdout, stderr, c.answer)
			}
		})
	}
}
