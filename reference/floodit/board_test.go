package floodit

import (
	"strings"
	"testing"

	"puzzlejudge/internal/testutil"
)

// mustBoard parses one case or fails the test.
func mustBoard(tb testing.TB, text string) Board {
	tb.Helper()
	return testutil.MustParse(tb, ParseCase, text)
}

func TestFlood(t *testing.T) {
	tests := []struct {
		name   string
		board  string
		color  int
		want   string
		region int
	}{
		{"absorbs touching cells", "3\n0 1 2\n1 1 2\n2 2 1\n", 1, "3\n1 1 2\n1 1 2\n2 2 1\n", 4},
		{"own colour changes nothing", "3\n0 1 2\n1 1 2\n2 2 1\n", 0, "3\n0 1 2\n1 1 2\n2 2 1\n", 1},
		{"whole area recoloured", "2\n0 0\n0 1\n", 1, "2\n1 1\n1 1\n", 4},
		{"diagonal does not connect", "2\n0 1\n1 0\n", 1, "2\n1 1\n1 0\n", 3},
		{"one cell board", "1\n3\n", 5, "1\n5\n", 1},
		{"chain through the new colour", "3\n0 1 0\n2 1 0\n1 1 1\n", 1, "3\n1 1 0\n2 1 0\n1 1 1\n", 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := mustBoard(t, tc.board)
			got := Flood(b, tc.color)
			if Format(got) != tc.want {
				t.Errorf("Flood(%q, %d) = %q, want %q", tc.board, tc.color, Format(got), tc.want)
			}
			if got.Region() != tc.region {
				t.Errorf("Region after Flood(%q, %d) = %d, want %d", tc.board, tc.color, got.Region(), tc.region)
			}
		})
	}
}

func TestFloodPanicsOnMissingColor(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("Flood with colour 6 on a 6-colour board did not panic")
		}
	}()
	Flood(mustBoard(t, "1\n0\n"), 6)
}

func TestColors(t *testing.T) {
	tests := []struct {
		board string
		want  int
	}{
		{"1\n0\n", 6},
		{"2\n0 5\n1 2\n", 6},
		{"2\n0 9\n1 2\n", 10},
		{"2\n15 0\n0 0\n", 16},
	}
	for _, tc := range tests {
		if got := mustBoard(t, tc.board).Colors(); got != tc.want {
			t.Errorf("Colors(%q) = %d, want %d", tc.board, got, tc.want)
		}
	}
}

func TestFlooded(t *testing.T) {
	tests := []struct {
		board string
		want  bool
	}{
		{"1\n4\n", true},
		{"2\n0 0\n0 0\n", true},
		{"2\n0 0\n0 1\n", false},
		{"3\n2 2 2\n2 2 2\n2 2 0\n", false},
	}
	for _, tc := range tests {
		if got := mustBoard(t, tc.board).Flooded(); got != tc.want {
			t.Errorf("Flooded(%q) = %v, want %v", tc.board, got, tc.want)
		}
	}
}

func TestNewBoard(t *testing.T) {
	b, err := NewBoard([][]int{{0, 1}, {2, 3}})
	if err != nil {
		t.Fatal(err)
	}
	if b.N() != 2 || b.At(1, 0) != 2 || b.Color() != 0 {
		t.Errorf("NewBoard gave N=%d At(1,0)=%d Color=%d", b.N(), b.At(1, 0), b.Color())
	}
	if got := b.Rows(); len(got) != 2 || got[1][1] != 3 {
		t.Errorf("Rows() = %v", got)
	}
	bad := []struct {
		rows [][]int
		want string
	}{
		{nil, "board size 0 is outside 1..30"},
		{[][]int{{0, 1}, {2}}, "row 2: expected 2 colours, found 1"},
		{[][]int{{16}}, "row 1: colour 16 is outside 0..15"},
		{[][]int{{-1}}, "row 1: colour -1 is outside 0..15"},
	}
	for _, tc := range bad {
		_, err := NewBoard(tc.rows)
		if err == nil || err.Error() != tc.want {
			t.Errorf("NewBoard(%v) error = %v, want %q", tc.rows, err, tc.want)
		}
	}
	big := make([][]int, MaxN+1)
	for i := range big {
		big[i] = make([]int, MaxN+1)
	}
	if _, err := NewBoard(big); err == nil || !strings.Contains(err.Error(), "outside 1..30") {
		t.Errorf("NewBoard(31x31) error = %v", err)
	}
}

func TestCheckLimits(t *testing.T) {
	b := mustBoard(t, "3\n0 1 2\n1 7 2\n2 2 1\n")
	tests := []struct {
		size, colors int
		want         string
	}{
		{0, 0, ""},
		{8, 0, ""},
		{2, 0, "board size 3 is above this problem's limit of 2"},
		{8, 6, "row 2, column 2: colour 7 is outside 0..5"},
		{8, 8, ""},
	}
	for _, tc := range tests {
		err := CheckLimits(b, tc.size, tc.colors)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("CheckLimits(%d, %d) = %q, want %q", tc.size, tc.colors, got, tc.want)
		}
	}
}
