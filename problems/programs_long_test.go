//go:build linux && long

package problems_test

import (
	"os"
	"os/exec"
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

// The calibration: fifteen-optimal's accepted program on Korf's first
// instance, compiled with g++ -O2 and run natively, took idleCalibration of
// CPU on the idle machine the limits were set on (docs/PERFORMANCE.md,
// "The shipped problems' programs", 2026-12-02). Machines of the same kind
// are not all as fast: on 2026-12-02 at 21:00 UTC a fresh one, idle but for
// its neighbours (33% steal), ran it in 1.67-1.83 s, and every program's
// CPU time grew alike.
const (
	calibrationProgram = "fifteen-optimal/submissions/accepted/linear_conflict.cpp"
	calibrationBoard   = "fifteen-optimal/tests/15-korf-001.in"
	idleCalibration    = 720 * time.Millisecond
)

// machineSlowdown returns how many times slower this machine runs
// CPU-bound code than the one the limits were set on, at least 1: the least
// CPU time of three native runs of the calibration, over idleCalibration.
func machineSlowdown(t *testing.T) float64 {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "calibration")
	if out, err := exec.Command("g++", "-O2", "-o", bin, calibrationProgram).CombinedOutput(); err != nil {
		t.Fatalf("compiling %s: %v\n%s", calibrationProgram, err, out)
	}
	least := time.Duration(1<<63 - 1)
	for range 3 {
		in, err := os.Open(calibrationBoard)
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin)
		cmd.Stdin = in
		err = cmd.Run()
		in.Close()
		if err != nil {
			t.Fatalf("running %s: %v", calibrationProgram, err)
		}
		least = min(least, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
	}
	slow := max(1, float64(least)/float64(idleCalibration))
	t.Logf("calibration: %s on %s took %v of CPU (%v when the limits were set): this machine is %.2fx as slow", filepath.Base(calibrationProgram), filepath.Base(calibrationBoard), least, idleCalibration, slow)
	return slow
}

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
// machine than that one with its slowdown as well (machineSlowdown): the
// check is of the limits, not of the machine.
func TestShippedPrograms(t *testing.T) {
	runner := sandboxtest.Embedded(t)
	slow := machineSlowdown(t)
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
			b := programtest.NewBench(t, runner, p)
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
