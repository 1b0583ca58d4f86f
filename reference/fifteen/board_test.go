package fifteen

import "testing"

func TestSolvable(t *testing.T) {
	swap := func(b Board, i, j int) Board { b.Cells[i], b.Cells[j] = b.Cells[j], b.Cells[i]; return b }
	tests := []struct {
		name string
		b    Board
		want bool
	}{
		{"goal 4", Goal(4), true},
		{"goal 3", Goal(3), true},
		{"uva sample 1", mustParse(t, uvaSample), true},
		{"uva sample 2", mustParse(t, uvaSample2), false},
		{"two tiles swapped 4", swap(Goal(4), 0, 1), false},
		{"two tiles swapped 3", swap(Goal(3), 6, 7), false},
		{"15 and 14 swapped (Sam Loyd)", swap(Goal(4), 13, 14), false},
		{"blank moved up", play(t, Goal(4), "U"), true},
		{"blank swapped with a non-neighbour", swap(Goal(4), 15, 10), false},
		{"blank top-left, tiles in order 4", mustParse(t, "0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n"), false},
		{"blank top-left, tiles in order 3", mustParse(t, "0 1 2\n3 4 5\n6 7 8\n"), true},
	}
	for _, tc := range tests {
		if got := tc.b.Solvable(); got != tc.want {
			t.Errorf("%s: Solvable(%q) = %v, want %v", tc.name, Format(tc.b), got, tc.want)
		}
	}
}

func TestManhattan(t *testing.T) {
	for _, tc := range []struct {
		b    Board
		want int
	}{
		{Goal(4), 0},
		{mustParse(t, uvaSample), 9},
		{mustParse(t, "8 7 6\n5 4 3\n2 1 0\n"), 16},
	} {
		if got := tc.b.Manhattan(); got != tc.want {
			t.Errorf("Manhattan(%q) = %d, want %d", Format(tc.b), got, tc.want)
		}
	}
}
