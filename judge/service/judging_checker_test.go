package service

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// ready returns a problem of puzzle pz whose cases are solved by the
// reference solver, as the workers see it; the first case is a sample.
func ready(t testing.TB, pz judge.Puzzle, checker string, inputs ...string) *problemData {
	t.Helper()
	d := &problemData{problem: judge.Problem{Puzzle: pz.Name(), Checker: checker}, puzzle: pz}
	for i, in := range inputs {
		c, err := pz.ParseCase(in)
		if err != nil {
			t.Fatalf("ParseCase(%q): %v", in, err)
		}
		sol, err := pz.Solve(context.Background(), c, nil)
		if err != nil {
			t.Fatalf("Solve(%q): %v", c, err)
		}
		d.cases = append(d.cases, judge.Case{ID: int64(i + 1), Position: i + 1, Name: strconv.Itoa(i + 1), Sample: i == 0, Input: c, Status: judge.CaseReady, Expected: sol})
	}
	d.byID = map[int64]judge.Case{}
	for _, c := range d.cases {
		d.byID[c.ID] = c
	}
	return d
}

// want is one expected case result: its verdict and a part of its message.
type want struct {
	verdict judge.Verdict
	msg     string
}

type answerTest struct {
	name   string
	output string
	want   []want
}

func runAnswers(t *testing.T, d *problemData, tests []answerTest) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := judgeAnswer(judge.Submission{Kind: judge.KindAnswer, Payload: tc.output}, d)
			if len(got) != len(tc.want) {
				t.Fatalf("judgeAnswer(%q) = %d results %+v, want %d", tc.output, len(got), got, len(tc.want))
			}
			for i, w := range tc.want {
				checkResult(t, tc.output, got[i], w)
			}
		})
	}
}

func checkResult(t *testing.T, input string, got judge.CaseResult, w want) {
	t.Helper()
	if got.Verdict != w.verdict || !strings.Contains(got.Message, w.msg) {
		t.Errorf("judge(%q) case %d = %s %q, want %s containing %q", short(input), got.Position, got.Verdict, got.Message, w.verdict, w.msg)
	}
	if len(got.Message) > 200 {
		t.Errorf("judge(%q) case %d: message of %d bytes: %q", short(input), got.Position, len(got.Message), got.Message)
	}
	wantScore := 0.0
	if got.Verdict == judge.Accepted {
		wantScore = 100
	}
	if got.Verdict != judge.Suboptimal && got.Score != wantScore {
		t.Errorf("judge(%q) case %d: score %v for %s", short(input), got.Position, got.Score, got.Verdict)
	}
}

func short(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

var (
	ok        = want{judge.Accepted, ""}
	noOutput  = want{judge.WrongAnswer, "no output for this case"}
	longDigit = strings.Repeat("9", 100000)
)

func TestFlooditAnswers(t *testing.T) {
	d := ready(t, puzzles.Floodit{}, "", "2\n0 0\n0 0\n", "3\n0 1 2\n1 1 2\n2 2 1\n")
	runAnswers(t, d, []answerTest{
		{"exact", "0\n3\n", []want{ok, ok}},
		{"crlf", "0\r\n3\r\n", []want{ok, ok}},
		{"trailing spaces and blank lines", "0  \n3\t\n\n\n", []want{ok, ok}},
		{"blank lines between", "\n0\n\n\n3", []want{ok, ok}},
		{"leading spaces", "  0\n 3\n", []want{ok, ok}},
		{"wrong hidden", "0\n4\n", []want{ok, {judge.WrongAnswer, "line 2: 4 is not the minimum number of moves"}}},
		{"negative", "0\n-3\n", []want{ok, {judge.WrongAnswer, "-3 is not the minimum"}}},
		{"missing", "0\n", []want{ok, noOutput}},
		{"empty", "", []want{noOutput, noOutput}},
		{"only blanks", "\n \r\n\t\n", []want{noOutput, noOutput}},
		{"surplus", "0\n3\n5\n", []want{ok, {judge.WrongAnswer, "line 3: output after the answer of the last case (1 more line)"}}},
		{"surplus after a wrong last answer", "0\n4\n5\n", []want{ok, {judge.WrongAnswer, "not the minimum number of moves; line 3: output after"}}},
		{"garbage", "0\nx\n", []want{ok, {judge.Invalid, `line 2, column 1: expected an integer, found "x"`}}},
		{"two numbers", "0\n3 3\n", []want{ok, {judge.Invalid, "line 2, column 3: expected one integer"}}},
		{"unicode digit", "0\n３\n", []want{ok, {judge.Invalid, "expected an integer"}}},
		{"unicode garbage", "ça\n3\n", []want{{judge.Invalid, `line 1, column 1: expected an integer, found "ça"`}, ok}},
		{"very long line", "0\n" + longDigit + "\n", []want{ok, {judge.Invalid, "expected an integer"}}},
		{"float", "0.0\n3\n", []want{{judge.Invalid, "expected an integer"}, ok}},
	})
}

func TestRotationAnswers(t *testing.T) {
	d := ready(t, puzzles.Rotation{}, "",
		"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n", // AC, 2
		"1 1 1 1 1 1 1 1 3 3 3 3 3 3 3 3 2 2 2 2 2 2 2 2\n", // DDHH, 3 (also DHDH, HHDD...)
		"1 1 3 1 3 3 2 2 2 3 1 2 2 3 1 2 2 2 3 1 3 1 1 3\n", // solved: No moves needed, 2
	)
	const rest = "DDHH\n3\nNo moves needed\n2\n"
	runAnswers(t, d, []answerTest{
		{"exact", "AC\n2\n" + rest, []want{ok, ok, ok}},
		{"leading spaces", " AC\n 2\nDDHH\n3\n  No moves needed \n2\n", []want{ok, ok, ok}},
		{"crlf and spaces", strings.ReplaceAll("AC  \n2 \n"+rest, "\n", "\r\n") + "\r\n\r\n", []want{ok, ok, ok}},
		{"lowercase", "ac\n2\n" + rest, []want{{judge.Invalid, "line 1, column 1: moves are capital letters, found 'a'"}, ok, ok}},
		{"not a move", "AX\n2\n" + rest, []want{{judge.Invalid, "line 1, column 2: 'X' is not a move (A to H)"}, ok, ok}},
		{"separated", "A C\n2\n" + rest, []want{{judge.Invalid, "line 1, column 2: ' ' is not a move"}, ok, ok}},
		{"unicode", "ÄC\n2\n" + rest, []want{{judge.Invalid, "line 1, column 1: 'Ä' is not a move"}, ok, ok}},
		{"not solving", "A\n2\n" + rest, []want{{judge.WrongAnswer, `line 1: "A" does not solve the centre`}, ok, ok}},
		{"no moves needed but needed", "No moves needed\n2\n" + rest, []want{{judge.WrongAnswer, "the centre is not solved at the start"}, ok, ok}},
		{"too long", "AAFC\n2\n" + rest, []want{{judge.WrongAnswer, `line 1: "AAFC" is 4 moves, the optimum is 2`}, ok, ok}},
		{"not smallest", "AC\n2\nHHDD\n3\nNo moves needed\n2\n",
			[]want{ok, {judge.WrongAnswer, "line 3: optimal, but not the lexicographically smallest sequence of 4 moves"}, ok}},
		{"moves on a solved board", "AC\n2\nDDHH\n3\nAF\n2\n",
			[]want{ok, ok, {judge.WrongAnswer, `"AF" is 2 moves, the optimum is 0`}}},
		{"wrong symbol", "AC\n3\n" + rest, []want{{judge.WrongAnswer, "line 2: the centre symbol after these moves is 2, not 3"}, ok, ok}},
		{"symbol garbage", "AC\nx\n" + rest, []want{{judge.Invalid, `line 2, column 1: expected an integer, found "x"`}, ok, ok}},
		{"missing symbol at the end", "AC\n2\nDDHH\n3\nNo moves needed\n",
			[]want{ok, ok, {judge.WrongAnswer, "line 5: the centre symbol is missing"}}},
		{"missing case", "AC\n2\nDDHH\n3\n", []want{ok, ok, noOutput}},
		{"empty", "", []want{noOutput, noOutput, noOutput}},
		{"surplus", "AC\n2\n" + rest + "AC\n", []want{ok, ok, {judge.WrongAnswer, "line 7: output after the answer of the last case"}}},
		{"very long line", strings.Repeat("A", 100000) + "\n2\n" + rest, []want{{judge.Invalid, "too many"}, ok, ok}},
	})
}

func TestMayanAnswers(t *testing.T) {
	const sample = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n"
	const noSolution = "1\n1 1 0\n0\n0\n0\n0\n"
	d := ready(t, puzzles.Mayan{}, "", sample, noSolution)
	runAnswers(t, d, []answerTest{
		{"exact", "2 1 1\n3 1 1\n3 0 1\n-1\n", []want{ok, ok}},
		{"crlf spaces blanks", "2 1 1\r\n3 1 1  \r\n\r\n3 0 1\r\n-1 \r\n\r\n", []want{ok, ok}},
		{"another valid", "3 1 -1\n3 1 1\n3 0 1\n-1\n", []want{{judge.WrongAnswer, "valid, but not the lexicographically smallest"}, ok}},
		{"-1 when solvable", "-1\n-1\n", []want{{judge.WrongAnswer, "line 1: -1, but the board can be cleared in 3 moves"}, ok}},
		{"moves when unsolvable", "2 1 1\n3 1 1\n3 0 1\n0 0 1\n", []want{ok, {judge.WrongAnswer, "line 4: 2 blocks left after 1 move"}}},
		{"not clearing", "2 1 1\n3 1 1\n0 0 1\n-1\n", []want{{judge.WrongAnswer, "lines 1-3: 12 blocks left after 3 moves"}, ok}},
		{"bad move", "2 1 1\n9 9 9\n3 0 1\n-1\n", []want{{judge.Invalid, "line 2: move 2"}, ok}},
		{"garbage", "x y z\n3 1 1\n3 0 1\n-1\n", []want{{judge.Invalid, "line 1: move 1"}, ok}},
		{"unicode", "２ 1 1\n3 1 1\n3 0 1\n-1\n", []want{{judge.Invalid, "line 1: move 1"}, ok}},
		{"short output", "2 1 1\n3 1 1\n", []want{{judge.WrongAnswer, "line 2: the output ends after 2 of the 3 moves"}, noOutput}},
		{"empty", "", []want{noOutput, noOutput}},
		{"surplus", "2 1 1\n3 1 1\n3 0 1\n-1\n-1\n", []want{ok, {judge.WrongAnswer, "line 5: output after the answer of the last case"}}},
		{"very long line", longDigit + "\n3 1 1\n3 0 1\n-1\n", []want{{judge.Invalid, "line 1: move 1"}, ok}},
	})
	anyValid := ready(t, puzzles.Mayan{}, judge.CheckerAnyValid, sample, noSolution)
	runAnswers(t, anyValid, []answerTest{
		{"another valid", "3 1 -1\n3 1 1\n3 0 1\n-1\n", []want{{judge.Accepted, "a valid solution"}, ok}},
		{"not clearing", "2 1 1\n3 1 1\n0 0 1\n-1\n", []want{{judge.WrongAnswer, "12 blocks left"}, ok}},
	})
}
