package judge

import (
	"bytes"
	"os"
	"testing"
	"time"
)

// TestWriteBoardCSV writes the hand-worked ICPC day (contest_board_test.go)
// and compares it with testdata/contest-board.csv.
func TestWriteBoardCSV(t *testing.T) {
	c := twoProblems(ScoringICPC, 0)
	b := ComputeBoard(c, subs(t, c, append(icpcDay, "=evil A 0:01:00 wrong_answer")...), contestStart.Add(6*time.Hour), true)
	var buf bytes.Buffer
	if err := WriteBoardCSV(&buf, c, b); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/contest-board.csv")
	if err != nil {
		t.Fatal(err)
	}
	if buf.String() != string(want) {
		t.Errorf("WriteBoardCSV:\n%s\nwant (testdata/contest-board.csv):\n%s", buf.String(), want)
	}
}
