package judge_test

import (
	"strings"
	"testing"

	"puzzlejudge/judge"
)

// TestReplayPageBounded: an API page stops at MaxReplayPageBytes of text
// whatever its limit, says where the next starts, gives at least one step,
// and is a copy (the page holds none of the rest of the replay).
func TestReplayPageBounded(t *testing.T) {
	big := strings.Repeat("9 ", 1000) // a 2 KB board, as a 30x30 Flood-it board's
	r := judge.Replay{Steps: make([]judge.Step, 1000)}
	for i := range r.Steps {
		r.Steps[i] = judge.Step{Move: "1", Legal: true, Board: big}
	}
	if steps, _ := r.Page(0, 1000); len(steps) != 1000 {
		t.Errorf("Page(0, 1000) = %d steps, want 1000 (no bound of bytes)", len(steps))
	}
	steps, next := r.PageWithin(0, 1000, judge.MaxReplayPageBytes)
	if n := len(steps); n == 0 || n*len(big) > judge.MaxReplayPageBytes || next != n {
		t.Fatalf("Page(0, 1000) = %d steps, next %d; want at most %d bytes of boards and next after them", n, next, judge.MaxReplayPageBytes)
	}
	steps[0].Board = "changed"
	if r.Steps[0].Board != big {
		t.Error("the page shares the replay's steps")
	}
	if steps, next := r.PageWithin(990, 1000, judge.MaxReplayPageBytes); len(steps) != 10 || next != -1 {
		t.Errorf("Page(990, 1000) = %d steps, next %d; want the last 10", len(steps), next)
	}
	huge := judge.Replay{Steps: []judge.Step{{Board: strings.Repeat("x", 2*judge.MaxReplayPageBytes)}, {Board: "y"}}}
	if steps, next := huge.PageWithin(0, 10, judge.MaxReplayPageBytes); len(steps) != 1 || next != 1 {
		t.Errorf("a step over the bound: %d steps, next %d; want it alone", len(steps), next)
	}
	small := judge.Replay{Steps: make([]judge.Step, 300)}
	if steps, next := small.PageWithin(0, 200, judge.MaxReplayPageBytes); len(steps) != 200 || next != 200 {
		t.Errorf("small steps: %d, next %d; want the limit, 200", len(steps), next)
	}
}
