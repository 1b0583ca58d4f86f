package reftest

import (
	"context"
	"testing"
)

func TestSolve(t *testing.T) {
	tests := []struct {
		puzzle, input string
		want          Solution
	}{
		{"floodit", "3\n0 1 2\n1 1 2\n2 2 1\n", Solution{"3\n", "1 2 1", 3, true}},
		{"rotation", "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3\n", Solution{"DDHH\n2\n", "DDHH", 4, true}},
		{"mayan", "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n", Solution{"2 1 1\n3 1 1\n3 0 1\n", "2 1 1\n3 1 1\n3 0 1\n", 3, true}},
	}
	for _, tc := range tests {
		got, err := Solve(context.Background(), tc.puzzle, tc.input)
		if err != nil || got != tc.want {
			t.Errorf("Solve(%q, %q) = %+v, %v; want %+v", tc.puzzle, tc.input, got, err, tc.want)
		}
	}
	if _, err := Solve(context.Background(), "chess", ""); err == nil {
		t.Error("Solve of an unknown puzzle did not fail")
	}
	if _, err := Solve(context.Background(), "floodit", "2\n0 9 9\n"); err == nil {
		t.Error("Solve of a malformed case did not fail")
	}
}
