package service

import (
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

type movesTest struct {
	name    string
	caseID  int64
	moves   string
	verdict judge.Verdict
	msg     string
	used    int
	optimal int // as stored: 0 for a hidden case that was not solved
	score   float64
}

func runMoves(t *testing.T, d *problemData, tests []movesTest) {
	t.Helper()
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := judgeMoves(judge.Submission{Kind: judge.KindMoves, CaseID: tc.caseID, Payload: tc.moves}, d)
			if len(got) != 1 {
				t.Fatalf("judgeMoves(%q) = %d results, want 1", short(tc.moves), len(got))
			}
			r := got[0]
			if r.Verdict != tc.verdict || !strings.Contains(r.Message, tc.msg) || r.Used != tc.used || r.Optimal != tc.optimal || r.Score != tc.score {
				t.Errorf("judgeMoves(%q) = %s %q used %d optimal %d score %v, want %s %q used %d optimal %d score %v",
					short(tc.moves), r.Verdict, r.Message, r.Used, r.Optimal, r.Score, tc.verdict, tc.msg, tc.used, tc.optimal, tc.score)
			}
		})
	}
}

func TestFlooditMoves(t *testing.T) {
	d := ready(t, puzzles.Floodit{}, "", "2\n0 0\n0 0\n", "3\n0 1 2\n1 1 2\n2 2 1\n")
	const hidden = 2
	runMoves(t, d, []movesTest{
		{"optimal", hidden, "1 2 1", judge.Accepted, "3 moves, optimal", 3, 3, 100},
		{"commas", hidden, "1,2,1", judge.Accepted, "", 3, 3, 100},
		{"lines crlf", hidden, "1\r\n2\r\n1\r\n", judge.Accepted, "", 3, 3, 100},
		{"suboptimal", hidden, "1 2 1 1", judge.Suboptimal, "4 moves, the optimum is 3", 4, 3, 75},
		{"not solved", hidden, "1 2", judge.NotSolved, "all 2 moves are legal, but the board is not flooded", 2, 0, 0},
		{"empty", hidden, "", judge.NotSolved, "all 0 moves are legal", 0, 0, 0},
		{"already flooded", 1, "", judge.Accepted, "0 moves, optimal", 0, 0, 100},
		{"sample shows optimum", 1, "3", judge.Suboptimal, "1 move, the optimum is 0", 1, 0, 0},
		{"no such colour", hidden, "1 9 1", judge.Invalid, `move 2 ("9"): no such colour on a 6-colour board`, 1, 0, 0},
		{"garbage", hidden, "1 x", judge.Invalid, `move 2 ("x")`, 1, 0, 0},
		{"negative", hidden, "-1", judge.Invalid, `move 1 ("-1")`, 0, 0, 0},
		{"unicode", hidden, "１ 2", judge.Invalid, `move 1`, 0, 0, 0},
		{"very long token", hidden, strings.Repeat("7", 100000), judge.Invalid, `move 1 ("77777777777777777777...")`, 0, 0, 0},
		{"too many moves", hidden, strings.Repeat("1 ", 20000), judge.Invalid, "move 10001", 10000, 0, 0},
		{"removed case", 99, "1", judge.JudgeError, "removed", 0, 0, 0},
	})
	d.cases[1].Status, d.cases[1].Expected = judge.CaseSolving, judge.Solution{}
	d.byID[d.cases[1].ID] = d.cases[1]
	runMoves(t, d, []movesTest{{"solving", hidden, "1 2 1", judge.JudgeError, "not available yet", 0, 0, 0}})
	d.cases[1].Status = judge.CaseFailed
	d.byID[d.cases[1].ID] = d.cases[1]
	runMoves(t, d, []movesTest{{"failed", hidden, "1 2 1", judge.JudgeError, "not your fault", 0, 0, 0}})
}

func TestRotationMoves(t *testing.T) {
	d := ready(t, puzzles.Rotation{}, "",
		"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n", // AC
		"1 1 1 1 1 1 1 1 3 3 3 3 3 3 3 3 2 2 2 2 2 2 2 2\n", // DDHH
	)
	runMoves(t, d, []movesTest{
		{"optimal", 2, "DDHH", judge.Accepted, "4 moves, optimal", 4, 4, 100},
		{"another optimal", 2, "HHDD", judge.Accepted, "", 4, 4, 100},
		{"spaced", 2, "D D,H\nH", judge.Accepted, "", 4, 4, 100},
		{"suboptimal", 1, "AAFC", judge.Suboptimal, "4 moves, the optimum is 2", 4, 2, 50},
		{"not solved", 2, "DD", judge.NotSolved, "all 2 moves are legal, but the centre is not solved", 2, 0, 0},
		{"empty", 2, "", judge.NotSolved, "all 0 moves", 0, 0, 0},
		{"lowercase", 2, "DDhH", judge.Invalid, `move 3 ("h")`, 2, 0, 0},
		{"not a letter", 2, "DZ", judge.Invalid, `move 2 ("Z")`, 1, 0, 0},
		{"unicode", 2, "DÄ", judge.Invalid, `move 2`, 1, 0, 0},
		{"too many", 2, strings.Repeat("A", 20000), judge.Invalid, "move 10001", 10000, 0, 0},
	})
}

func TestMayanMoves(t *testing.T) {
	d := ready(t, puzzles.Mayan{}, "",
		"3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n",
		"2\n1 0\n1 0\n0\n1 0\n0\n", // clears in one move (3 0 -1), but needs exactly 2
		"1\n1 1 0\n0\n0\n0\n0\n",   // no solution
	)
	runMoves(t, d, []movesTest{
		{"smallest", 1, "2 1 1\n3 1 1\n3 0 1\n", judge.Accepted, "cleared in 3 moves", 3, 3, 100},
		{"any order", 1, "3 1 -1\n3 1 1\n3 0 1", judge.Accepted, "", 3, 3, 100},
		{"crlf", 1, "2 1 1\r\n3 1 1\r\n3 0 1\r\n", judge.Accepted, "", 3, 3, 100},
		{"not cleared", 1, "2 1 1\n3 1 1\n", judge.NotSolved, "all 2 moves are legal, but 12 blocks are left (3 moves allowed)", 2, 0, 0},
		{"too many", 1, "0 0 1\n0 0 1\n0 0 1\n0 0 1\n", judge.Invalid, `move 4 ("0 0 1"): this board must be cleared in exactly 3 moves`, 4, 0, 0},
		{"off the board", 1, "0 0 -1", judge.Invalid, `move 1 ("0 0 -1")`, 0, 0, 0},
		{"garbage", 1, "2 1 1\nx", judge.Invalid, `move 2 ("x")`, 1, 0, 0},
		{"empty", 1, "", judge.NotSolved, "all 0 moves are legal", 0, 0, 0},
		{"cleared too early", 2, "3 0 -1", judge.NotSolved, "cleared after 1 move, but it must be cleared in exactly 2", 1, 0, 0},
		{"no solution", 3, "0 0 1", judge.NotSolved, "", 1, 0, 0},
		{"very long line", 1, strings.Repeat("1", 100000), judge.Invalid, "move 1", 0, 0, 0},
	})
	// Move mode needs no reference: the rule of the puzzle decides.
	d.cases[0].Status, d.cases[0].Expected = judge.CaseSolving, judge.Solution{}
	runMoves(t, d, []movesTest{{"no reference", 1, "2 1 1\n3 1 1\n3 0 1\n", judge.Accepted, "", 3, 3, 100}})
}
