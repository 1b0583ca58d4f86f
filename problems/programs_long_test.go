//go:build linux && long

package problems_test

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/programtest"
	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/problems"
)

// cpuNoise is how much more CPU time a board may take on a busy machine
// than on the idle one the limits were set on.
const cpuNoise = 1.25

// TestShippedPrograms compiles every program in a shipped problem's
// submissions/ folders and runs it on every board of the problem in the
// sandbox, under the problem's limits, as a student's program is judged. An
// accepted program must be accepted on every board; a time_limit_exceeded one
// must run out of time on some board (it stops at the first). The problem's
// time limit must also leave the room its ac_to_time_limit promises over the
// slowest board of its slowest accepted C++ program: the test fails when a
// limit no longer separates the programs.
//
// The limits come from figures taken on an idle machine; CPU time on a busy
// one runs over them (textbook.cpp's slowest Rotation board: 6.4 s idle,
// 8.0 s in a .ci/run at load 10, the test's own programs running beside
// it), so the room is checked with cpuNoise of slack, and on a slower
// machine than that one with its slowdown as well (programtest.Slowdown,
// which scales the runs' CPU limits too): the check is of the limits, not
// of the machine.
func TestShippedPrograms(t *testing.T) {
	runner := sandboxtest.Embedded(t)
	slow := programtest.Slowdown(t)
	ps, err := problems.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range ps {
		dir := filepath.Join(p.Problem.Slug, "submissions")
		if _, err := os.Stat(dir); err != nil {
			continue
		}
		t.Run(p.Problem.Slug, func(t *testing.T) {
			b := programtest.NewBench(t, runner, p).ScaleTime(slow)
			var mu sync.Mutex
			var slowest time.Duration
			var slowestName string
			// The group returns when all its programs, run in parallel within
			// the sandbox's slots, are judged.
			t.Run("programs", func(t *testing.T) {
				for _, folder := range []string{"accepted", "time_limit_exceeded"} {
					names, _ := filepath.Glob(filepath.Join(dir, folder, "*"))
					for _, path := range names {
						name := folder + "/" + filepath.Base(path)
						t.Run(name, func(t *testing.T) {
							t.Parallel()
							worst, lang := b.Judge(t, path, expected[folder])
							mu.Lock()
							defer mu.Unlock()
							if folder == "accepted" && (lang == "cpp" || lang == "c") && worst > slowest {
								slowest, slowestName = worst, name
							}
						})
					}
				}
			})
			limit := time.Duration(p.Problem.Limits.TimeLimit * float64(time.Second))
			ac := p.Problem.Limits.ACToTimeLimit
			t.Logf("time limit %v; slowest accepted C/C++ board %v (%s); x%.1f = %v", limit, slowest, slowestName, ac, time.Duration(ac*float64(slowest)))
			if time.Duration(ac*float64(slowest)) > time.Duration(cpuNoise*slow*float64(limit)) {
				t.Errorf("time_limit %v < ac_to_time_limit %.1f x %v (%s), beyond the %.2fx a busy machine adds and this machine's %.2fx: the limit no longer leaves the room it promises", limit, ac, slowest, slowestName, cpuNoise, slow)
			}
		})
	}
}
