//go:build linux

package problems_test

import (
	"os"
	"path/filepath"
	"testing"

	"puzzlejudge/internal/testkit/programtest"
	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge"
	"puzzlejudge/problems"
)

// TestMain serves the sandbox's containers: each one runs this test binary
// again as its init process.
func TestMain(m *testing.M) { os.Exit(sandboxtest.Main(m)) }

// The folders of a problem's submissions/ that this test knows, with the
// verdict every program in them must get (Kattis's layout).
var expected = map[string]judge.Verdict{
	"accepted":            judge.Accepted,
	"time_limit_exceeded": judge.TimeLimit,
}

// TestShippedProgramOnOneBoard is the quick set's shipped program: the
// Flood-it IDA* of floodit-timed (the problem with the tight limits)
// compiled and run on the problem's last board, its hardest, in the
// sandbox under the problem's limits, as a student's program is judged, and
// accepted. TestShippedPrograms (-tags long) runs every program on every
// board.
func TestShippedProgramOnOneBoard(t *testing.T) {
	runner := sandboxtest.Embedded(t)
	ps, err := problems.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		if p.Problem.Slug != "floodit-timed" {
			continue
		}
		p.Cases = p.Cases[len(p.Cases)-1:]
		b := programtest.NewBench(t, runner, p)
		b.Judge(t, filepath.Join("floodit-timed", "submissions", "accepted", "ida.cpp"), expected["accepted"])
		return
	}
	t.Fatal("no shipped problem floodit-timed")
}
