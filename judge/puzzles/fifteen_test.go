package puzzles

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/reference/fifteen"
)

// UVA 10181's sample: the first board is solved by LLLDRDRDR (9 moves, the
// judge's own answer), the second has two tiles swapped.
const (
	uvaSolvable   = "2 3 4 0\n1 5 7 8\n9 6 10 12\n13 14 11 15\n"
	uvaUnsolvable = "13 1 2 4\n5 0 3 7\n9 6 10 12\n15 8 11 14\n"
	fifteenGoal   = "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n"
	// korf1 is Korf's instance 1 (57 moves), on UVA's goal.
	korf1 = "13 6 8 12\n15 14 0 10\n11 7 4 5\n9 1 3 2\n"
)

// solvedFifteen returns the canonical case of input and its reference solution.
func solvedFifteen(t *testing.T, input string) (string, judge.Solution) {
	t.Helper()
	pz := Fifteen{}
	c, err := pz.ParseCase(input)
	if err != nil {
		t.Fatalf("ParseCase(%q): %v", input, err)
	}
	sol, err := pz.Solve(context.Background(), c, nil)
	if err != nil {
		t.Fatalf("Solve(%q): %v", c, err)
	}
	return c, sol
}

func TestFifteenCheckAnswer(t *testing.T) {
	solvable, ref := solvedFifteen(t, uvaSolvable)
	unsolvable, noRef := solvedFifteen(t, uvaUnsolvable)
	if ref.Moves != "LLLDRDRDR" || ref.Optimal != 9 || noRef.Solvable {
		t.Fatalf("the reference answers %q (%d), solvable %v for the sample; want LLLDRDRDR and not solvable", ref.Moves, ref.Optimal, noRef.Solvable)
	}
	// A board of 14 moves with four shortest solutions, the judge's the
	// first in the order D < L < R < U.
	four, fourRef := solvedFifteen(t, "1 2 3 4\n6 0 7 8\n5 10 13 11\n9 14 15 12\n")
	if fourRef.Moves != "DRDLUULDDRRURD" {
		t.Fatalf("the reference answers %q for the board of four solutions", fourRef.Moves)
	}
	tests := []struct {
		name, checker, c string
		ref              judge.Solution
		line             string
		verdict          judge.Verdict
		msg              string
	}{
		{"exact, the judge's answer", "", solvable, ref, "LLLDRDRDR", judge.Accepted, "correct"},
		{"exact, spaced", "", solvable, ref, "L L L D R D R D R", judge.Accepted, "correct"},
		{"exact, a longer solution", "", solvable, ref, "LLLDRDRDRLR", judge.WrongAnswer, "11 moves, the optimum is 9"},
		{"classic, a longer solution", CheckerClassic, solvable, ref, "LLLDRDRDRLR", judge.Accepted, "correct"},
		{"classic, too long", CheckerClassic, solvable, ref, strings.Repeat("LR", 21) + "LLLDRDRDR", judge.WrongAnswer, "51 moves solve the board, at most 50"},
		{"optimal, a longer solution", CheckerOptimal, solvable, ref, "LLLDRDRDRLR", judge.WrongAnswer, "11 moves, the optimum is 9"},
		{"illegal move", CheckerClassic, solvable, ref, "LLLL", judge.Invalid, "line 1: move 4 (\"L\")"},
		{"not a move", CheckerOptimal, solvable, ref, "LLX", judge.Invalid, "move 3 (\"X\")"},
		{"not solved", CheckerClassic, solvable, ref, "LLL", judge.WrongAnswer, "all 3 moves are legal, but the board is not solved"},
		{"not solvable, wrongly", CheckerClassic, solvable, ref, "This puzzle is not solvable.", judge.WrongAnswer, "this board can be solved"},
		{"not solvable, rightly", CheckerClassic, unsolvable, noRef, "This puzzle is not solvable.", judge.Accepted, "correct"},
		{"not solvable, without the stop", CheckerClassic, unsolvable, noRef, "This puzzle is not solvable", judge.Invalid, "move 1 (\"T\")"},
		{"moves on a board that has no solution", CheckerOptimal, unsolvable, noRef, "R", judge.WrongAnswer, "not solved"},
		{"exact, another shortest solution", "", four, fourRef, "LDRRRDLLULDRRR", judge.WrongAnswer, "not the first shortest sequence"},
		{"optimal, another shortest solution", CheckerOptimal, four, fourRef, "LDRRRDLLULDRRR", judge.Accepted, "correct"},
		{"the solved board, no moves", "", fifteenGoal, judge.Solution{Solvable: true, Answer: "\n"}, "", judge.Accepted, "correct"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Fifteen{}.CheckAnswer(tc.c, tc.ref, judge.Answer{{No: 1, Text: tc.line}}, tc.checker)
			if r.Verdict != tc.verdict || !strings.Contains(r.Message, tc.msg) {
				t.Errorf("CheckAnswer(%q, checker %q) = %s %q, want %s with %q", tc.line, tc.checker, r.Verdict, r.Message, tc.verdict, tc.msg)
			}
		})
	}
}

// TestFifteenClassicTooFar: under UVA's rule a board that needs more than
// 50 moves is "not solvable"; the other checkers want its solution.
func TestFifteenClassicTooFar(t *testing.T) {
	c, ref := solvedFifteen(t, korf1)
	if ref.Optimal != 57 {
		t.Fatalf("Korf's instance 1 solved in %d moves, want 57", ref.Optimal)
	}
	line := judge.Answer{{No: 1, Text: "This puzzle is not solvable."}}
	if r := (Fifteen{}).CheckAnswer(c, ref, line, CheckerClassic); r.Verdict != judge.Accepted {
		t.Errorf("classic: %s %q, want accepted", r.Verdict, r.Message)
	}
	if r := (Fifteen{}).CheckAnswer(c, ref, line, CheckerOptimal); r.Verdict != judge.WrongAnswer {
		t.Errorf("optimal: %s %q, want wrong_answer", r.Verdict, r.Message)
	}
	if r := (Fifteen{}).CheckAnswer(c, ref, judge.Answer{{No: 1, Text: ref.Moves}}, CheckerOptimal); r.Verdict != judge.Accepted {
		t.Errorf("optimal, the reference moves: %s %q, want accepted", r.Verdict, r.Message)
	}
}

func TestFifteenSplitAnswers(t *testing.T) {
	solvable, _ := solvedFifteen(t, uvaSolvable)
	goal, _ := solvedFifteen(t, fifteenGoal)
	tests := []struct {
		name    string
		cases   []string
		output  string
		answers []string
		surplus int
	}{
		{"blank lines skipped", []string{solvable, solvable}, "\nLLLDRDRDR\n\n\nLLLDRDRDR\n\n", []string{"LLLDRDRDR", "LLLDRDRDR"}, 0},
		{"the solved board's empty line", []string{solvable, goal, solvable}, "LLLDRDRDR\n\nLLLDRDRDR\n", []string{"LLLDRDRDR", "", "LLLDRDRDR"}, 0},
		{"the solved board last", []string{solvable, goal}, "LLLDRDRDR\n\n", []string{"LLLDRDRDR", ""}, 0},
		{"the solved board last, no newline", []string{solvable, goal}, "LLLDRDRDR\n", []string{"LLLDRDRDR"}, 0},
		{"surplus", []string{solvable}, "LLLDRDRDR\r\nR\n\n", []string{"LLLDRDRDR"}, 1},
		{"early stop", []string{solvable, solvable}, "LLLDRDRDR  \n", []string{"LLLDRDRDR"}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			answers, surplus := Fifteen{}.SplitAnswers(tc.cases, tc.output)
			var got []string
			for _, a := range answers {
				if len(a) != 1 {
					t.Fatalf("an answer of %d lines: %+v", len(a), a)
				}
				got = append(got, a[0].Text)
			}
			if strings.Join(got, "|") != strings.Join(tc.answers, "|") || len(got) != len(tc.answers) || len(surplus) != tc.surplus {
				t.Errorf("SplitAnswers(%q) = %q, surplus %v; want %q, %d surplus lines", tc.output, got, surplus, tc.answers, tc.surplus)
			}
		})
	}
}

// TestFifteenSymmetryKey: a board and its mirror image share a key and an
// optimum; a relabelled board, or another turn of it, does not share it.
func TestFifteenSymmetryKey(t *testing.T) {
	pz := Fifteen{}
	rng := rand.New(rand.NewPCG(3, 4))
	draw, err := pz.Candidates(map[string]int{"size": 4, "walk": 30}, nil, judge.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for range 20 {
		c, _ := draw(rng)
		b, _ := fifteen.ParseCase(c)
		m := fifteen.Format(fifteen.Mirror(b))
		if pz.SymmetryKey(c) != pz.SymmetryKey(m) {
			t.Errorf("SymmetryKey(%q) != SymmetryKey of its mirror %q", c, m)
		}
		_, s1 := solvedFifteen(t, c)
		_, s2 := solvedFifteen(t, m)
		if s1.Optimal != s2.Optimal {
			t.Errorf("%q solves in %d, its mirror in %d", c, s1.Optimal, s2.Optimal)
		}
	}
	swapped := "2 1 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n"
	if pz.SymmetryKey(fifteenGoal) == pz.SymmetryKey(swapped) {
		t.Errorf("the goal and a board with two tiles swapped share a key")
	}
	if pz.SymmetryKey(uvaSolvable) == pz.SymmetryKey(uvaUnsolvable) {
		t.Errorf("the two sample boards share a key")
	}
}

// TestFifteenCandidates: a walk of k moves ends within k moves of the goal,
// at k's parity; a uniform draw is always solvable; the size is limited.
func TestFifteenCandidates(t *testing.T) {
	pz := Fifteen{}
	for _, tc := range []struct{ size, walk int }{{3, 12}, {4, 15}, {4, 0}, {3, 0}} {
		params := map[string]int{"size": tc.size}
		if tc.walk > 0 {
			params["walk"] = tc.walk
		}
		draw, err := pz.Candidates(params, nil, judge.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(tc.size), uint64(tc.walk)))
		for range 10 {
			c, ok := draw(rng)
			if !ok {
				t.Fatal("a draw failed")
			}
			b, err := fifteen.ParseCase(c)
			if err != nil || b.Width != tc.size || !b.Solvable() {
				t.Fatalf("drew %q: width %d, solvable %v, %v; want a solvable %dx%d board", c, b.Width, b.Solvable(), err, tc.size, tc.size)
			}
			if tc.walk == 0 {
				continue
			}
			_, s := solvedFifteen(t, c)
			if s.Optimal > tc.walk || s.Optimal%2 != tc.walk%2 {
				t.Errorf("a walk of %d moves drew %q, %d moves from the goal", tc.walk, c, s.Optimal)
			}
		}
	}
	for _, tc := range []struct {
		params map[string]int
		limits judge.Limits
		want   string
	}{
		{map[string]int{"size": 5}, judge.Limits{}, "params.size"},
		{map[string]int{"size": 4}, judge.Limits{MaxSize: 3}, "params.size"},
		{map[string]int{"walk": 0}, judge.Limits{}, "params.walk"},
		{map[string]int{"walk": maxWalk + 1}, judge.Limits{}, "params.walk"},
	} {
		if _, err := pz.Candidates(tc.params, nil, tc.limits); judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Candidates(%v, %+v): %v, want EINVALID naming %s", tc.params, tc.limits, err, tc.want)
		}
	}
}

func TestFifteenLimits(t *testing.T) {
	pz := Fifteen{}
	eight := "1 2 3\n4 5 6\n7 0 8\n"
	if _, err := pz.ParseCaseWithin(uvaSolvable, judge.Limits{MaxSize: 3}); judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(err.Error(), "4x4") {
		t.Errorf("a 4x4 board on a 3x3 problem: %v, want EINVALID", err)
	}
	if _, err := pz.ParseCaseWithin(eight, judge.Limits{MaxSize: 3}); err != nil {
		t.Errorf("a 3x3 board on a 3x3 problem: %v", err)
	}
	for _, l := range []judge.Limits{{MaxSize: 2}, {MaxSize: 5}, {MaxColors: 3}, {MaxMoves: 9}} {
		if err := pz.CheckProblemLimits(l); judge.ErrorCode(err) != judge.EINVALID {
			t.Errorf("CheckProblemLimits(%+v) = %v, want EINVALID", l, err)
		}
	}
}

func TestFifteenCheckMoves(t *testing.T) {
	c, ref := solvedFifteen(t, uvaSolvable)
	u, noRef := solvedFifteen(t, uvaUnsolvable)
	tests := []struct {
		name, c, moves string
		ref            *judge.Solution
		verdict        judge.Verdict
		score          float64
	}{
		{"optimal", c, "LLLDRDRDR", &ref, judge.Accepted, 100},
		{"longer", c, "LRLLLDRDRDR", &ref, judge.Suboptimal, 100 * 9.0 / 11},
		{"not solved", c, "LL", &ref, judge.NotSolved, 0},
		{"off the board", c, "R", &ref, judge.Invalid, 0},
		{"no solution", u, "L", &noRef, judge.NotSolved, 0},
		{"no reference", c, "L", nil, judge.JudgeError, 0},
	}
	for _, tc := range tests {
		r := Fifteen{}.CheckMoves(tc.c, tc.ref, tc.moves)
		if r.Verdict != tc.verdict || r.Score != tc.score {
			t.Errorf("%s: CheckMoves(%q) = %s %.2f (%s), want %s %.2f", tc.name, tc.moves, r.Verdict, r.Score, r.Message, tc.verdict, tc.score)
		}
	}
}
