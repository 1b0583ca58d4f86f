package ccs_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"puzzlejudge/judge/ccs"
)

// FuzzParseCCSContestID: a contest id of a Contest API path is read back
// only as the canonical number of a positive id, whatever the path holds.
func FuzzParseCCSContestID(f *testing.F) {
	seeds, err := os.ReadFile("testdata/ccs-contest-ids.txt")
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range strings.Split(string(seeds), "\n") {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := ccs.ParseCCSContestID(s)
		if ok && (n <= 0 || strconv.FormatInt(n, 10) != s || ccs.CCSContestID(n) != s) {
			t.Errorf("ParseCCSContestID(%q) = %d, true", s, n)
		}
	})
}
