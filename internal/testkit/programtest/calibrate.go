package programtest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"
)

// The calibration: fifteen-optimal's accepted program on Korf's first
// instance, compiled with g++ -O2 and run natively, took idleCalibration of
// CPU on the idle machine the shipped problems' limits were set on
// (docs/PERFORMANCE.md, "The shipped problems' programs", 2026-12-02).
// Machines of the same kind are not all as fast: on 2026-12-02 a fresh one,
// idle but for its neighbours (33% steal), ran it in 1.67-1.83 s, on
// 2026-12-03 another in 1.24-1.57 s, and every program's CPU time grew
// alike.
const (
	calibrationProgram = "fifteen-optimal/submissions/accepted/linear_conflict.cpp"
	calibrationBoard   = "fifteen-optimal/tests/15-korf-001.in"
	idleCalibration    = 720 * time.Millisecond
)

var calibrated struct {
	once sync.Once
	slow float64
	log  string
	err  error
}

// Slowdown returns how many times slower this machine runs CPU-bound code
// than the one the shipped problems' limits were set on, at least 1: the
// least CPU time of three native runs of the calibration program, over
// idleCalibration. It is measured once per test binary; call it before
// starting parallel subtests, so that their programs do not share the
// cores with the measurement.
func Slowdown(t *testing.T) float64 {
	t.Helper()
	calibrated.once.Do(func() { calibrated.slow, calibrated.log, calibrated.err = calibrate() })
	if calibrated.err != nil {
		t.Fatal(calibrated.err)
	}
	t.Log(calibrated.log)
	return calibrated.slow
}

// problemsDir is the repository's problems/ folder, found from this file's
// place in the source tree (the tests run from their own package folders).
func problemsDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "problems")
}

func calibrate() (slow float64, log string, err error) {
	dir, err := os.MkdirTemp("", "calibration")
	if err != nil {
		return 0, "", err
	}
	defer os.RemoveAll(dir)
	program := filepath.Join(problemsDir(), calibrationProgram)
	board := filepath.Join(problemsDir(), calibrationBoard)
	bin := filepath.Join(dir, "calibration")
	if out, err := exec.Command("g++", "-O2", "-o", bin, program).CombinedOutput(); err != nil {
		return 0, "", fmt.Errorf("compiling %s: %v\n%s", program, err, out)
	}
	least := time.Duration(1<<63 - 1)
	for range 3 {
		in, err := os.Open(board)
		if err != nil {
			return 0, "", err
		}
		cmd := exec.Command(bin)
		cmd.Stdin = in
		err = cmd.Run()
		in.Close()
		if err != nil {
			return 0, "", fmt.Errorf("running %s: %v", program, err)
		}
		least = min(least, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
	}
	slow = max(1, float64(least)/float64(idleCalibration))
	log = fmt.Sprintf("calibration: %s on %s took %v of CPU (%v when the limits were set): this machine is %.2fx as slow", filepath.Base(calibrationProgram), filepath.Base(calibrationBoard), least, idleCalibration, slow)
	return slow, log, nil
}
