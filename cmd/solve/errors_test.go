package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/errors from the command")

// located is how every parse error of the command begins: the line and the
// column, as the README promises.
var located = regexp.MustCompile(`^solve: line \d+, column \d+: `)

// TestParseErrorsGolden runs the command on each malformed input of
// testdata/errors (PUZZLE-what.in, run with -puzzle PUZZLE) and compares its
// exit status and stderr with PUZZLE-what.golden; every error must name a
// line and a column, the Flood-it and Rotation ones as the Mayan ones do
// (issue 24, bug 7). go test ./cmd/solve -run ParseErrorsGolden -update
// rewrites the golden files.
func TestParseErrorsGolden(t *testing.T) {
	ins, err := filepath.Glob(filepath.Join("testdata", "errors", "*.in"))
	if err != nil || len(ins) == 0 {
		t.Fatalf("no inputs under testdata/errors: %v", err)
	}
	seen := map[string]int{}
	for _, in := range ins {
		name := strings.TrimSuffix(filepath.Base(in), ".in")
		puzzle, _, _ := strings.Cut(name, "-")
		seen[puzzle]++
		t.Run(name, func(t *testing.T) {
			input, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			code, stdout, stderr := runCmd([]string{"-puzzle", puzzle}, string(input))
			got := "exit " + strconv.Itoa(code) + "\n" + stderr
			golden := strings.TrimSuffix(in, ".in") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) || stdout != "" {
				t.Errorf("solve -puzzle %s < %s = stdout %q,\n%s\nwant\n%s", puzzle, in, stdout, got, want)
			}
			if code != 2 || !located.MatchString(stderr) {
				t.Errorf("solve -puzzle %s < %s: exit %d, stderr %q; want exit 2 and the line and column first", puzzle, in, code, stderr)
			}
		})
	}
	for _, p := range []string{"floodit", "rotation", "mayan"} {
		if seen[p] == 0 {
			t.Errorf("testdata/errors has no input for %s", p)
		}
	}
}
