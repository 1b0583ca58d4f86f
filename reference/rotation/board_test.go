package rotation

import (
	"testing"

	"puzzlejudge/internal/testutil"
)

// numbered returns a board whose square k (1-based) holds k, so that a move's
// effect can be read square by square. Apply does not look at the values.
func numbered() Board {
	var b Board
	for i := range b.Squares {
		b.Squares[i] = uint8(i + 1)
	}
	return b
}

// TestApplyEveryMove checks each move against the classic picture, worked by
// hand: "7<-12" means that square 7 holds, after the move, what square 12
// held before. Every square not listed keeps its own.
func TestApplyEveryMove(t *testing.T) {
	tests := []struct {
		move Move
		want map[int]int // square -> square it takes its symbol from
	}{
		{'A', map[int]int{1: 3, 3: 7, 7: 12, 12: 16, 16: 21, 21: 23, 23: 1}},       // left column up
		{'B', map[int]int{2: 4, 4: 9, 9: 13, 13: 18, 18: 22, 22: 24, 24: 2}},       // right column up
		{'C', map[int]int{5: 11, 6: 5, 7: 6, 8: 7, 9: 8, 10: 9, 11: 10}},           // top row right
		{'D', map[int]int{14: 20, 15: 14, 16: 15, 17: 16, 18: 17, 19: 18, 20: 19}}, // bottom row right
		{'E', map[int]int{2: 24, 4: 2, 9: 4, 13: 9, 18: 13, 22: 18, 24: 22}},       // right column down
		{'F', map[int]int{1: 23, 3: 1, 7: 3, 12: 7, 16: 12, 21: 16, 23: 21}},       // left column down
		{'G', map[int]int{14: 15, 15: 16, 16: 17, 17: 18, 18: 19, 19: 20, 20: 14}}, // bottom row left
		{'H', map[int]int{5: 6, 6: 7, 7: 8, 8: 9, 9: 10, 10: 11, 11: 5}},           // top row left
	}
	for _, tc := range tests {
		t.Run(tc.move.String(), func(t *testing.T) {
			got := numbered().Apply(tc.move)
			for sq := 1; sq <= Squares; sq++ {
				want, moved := tc.want[sq]
				if !moved {
					want = sq
				}
				if int(got.Squares[sq-1]) != want {
					t.Errorf("after %s square %d holds %d, want %d", tc.move, sq, got.Squares[sq-1], want)
				}
			}
		})
	}
}

// TestApplySymbols replays the first sample by hand: A, then C, fill the
// centre with 2. The expected boards were worked out on paper.
func TestApplySymbols(t *testing.T) {
	start := mustParse(t, "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3")
	afterA := mustParse(t, "1 1 3 1 3 2 2 2 3 1 3 2 2 3 1 2 2 2 3 1 3 1 1 3")
	afterAC := mustParse(t, "1 1 3 1 3 3 2 2 2 3 1 2 2 3 1 2 2 2 3 1 3 1 1 3")
	if got := start.Apply('A'); got != afterA {
		t.Errorf("A: got %s want %s", Format(got), Format(afterA))
	}
	if got := afterA.Apply('C'); got != afterAC {
		t.Errorf("C: got %s want %s", Format(got), Format(afterAC))
	}
	if !afterAC.Solved() || afterAC.CentreSymbol() != 2 {
		t.Errorf("after AC: Solved=%v symbol=%d, want true, 2", afterAC.Solved(), afterAC.CentreSymbol())
	}
	if start.Solved() || afterA.Solved() {
		t.Errorf("sample solved before its last move")
	}
}

// TestMoveAlgebra checks that each move is undone by its reverse and that
// seven turns of a line bring it back.
func TestMoveAlgebra(t *testing.T) {
	b := numbered()
	for m := Move('A'); m <= 'H'; m++ {
		rev := Move('A' + inverse[m.index()])
		if got := b.Apply(m).Apply(rev); got != b {
			t.Errorf("%s then %s changed the board", m, rev)
		}
		got := b
		for range 7 {
			got = got.Apply(m)
		}
		if got != b {
			t.Errorf("seven %s moves changed the board", m)
		}
		moved := 0
		for i := range b.Squares {
			if b.Apply(m).Squares[i] != b.Squares[i] {
				moved++
			}
		}
		if moved != 7 {
			t.Errorf("%s moved %d squares, want 7", m, moved)
		}
	}
}

func TestCentre(t *testing.T) {
	b := mustParse(t, "3 3 3 3 3 3 1 1 1 3 3 1 1 3 3 1 1 1 3 3 3 3 2 2")
	if !b.Solved() || b.CentreSymbol() != 1 || b.CentreBest() != 8 {
		t.Errorf("Solved=%v CentreSymbol=%d CentreBest=%d, want true 1 8", b.Solved(), b.CentreSymbol(), b.CentreBest())
	}
	b.Squares[16] = 2 // classic square 17
	if b.Solved() || b.CentreBest() != 7 {
		t.Errorf("after changing square 17: Solved=%v CentreBest=%d, want false 7", b.Solved(), b.CentreBest())
	}
}

func mustParse(t testing.TB, line string) Board {
	t.Helper()
	return testutil.MustParse(t, ParseCase, line)
}
