package mayan

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"puzzlejudge/internal/testutil"
)

// TestShippedCases solves every case of the shipped problem and compares it
// with its .ans, so that a change of the solver cannot silently change the
// expected answers of problems/mayan (run with -update to rewrite them).
func TestShippedCases(t *testing.T) {
	files, err := filepath.Glob("../../problems/mayan/tests/*.in")
	if err != nil || len(files) == 0 {
		t.Skip("problems/mayan/tests not present")
	}
	for _, in := range files {
		t.Run(filepath.Base(in), func(t *testing.T) {
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			b, err := ParseCase(string(data))
			if err != nil {
				t.Fatal(err)
			}
			if testutil.Quick() && b.Blocks() > 30 {
				t.Skip("a full board: slow under -short")
			}
			sol, err := Solve(context.Background(), b, nil)
			if err != nil {
				t.Fatal(err)
			}
			path := strings.TrimSuffix(in, ".in") + ".ans"
			if want := testutil.Golden(t, path, sol.Answer(), *update, "-update"); sol.Answer() != want {
				t.Errorf("Solve(%s) = %q, want %q", in, sol.Answer(), want)
			}
		})
	}
}
