//go:build linux

package sandbox

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/busytest"
	"puzzlejudge/internal/testutil"
)

// TestVerdictsBesideBusyCgroups: with five CPU-bound processes per core,
// each in a cgroup of its own, a program that needs 800 ms of its 1 s of
// CPU is accepted, as on an idle machine (the sandbox's CPU priority, and
// a wall-clock guard that does not count the waits for a CPU); a program
// that sleeps still gets time_limit, and its message says it was not
// running by its own doing.
func TestVerdictsBesideBusyCgroups(t *testing.T) {
	r := embeddedRunner(t)
	burn := compile(t, r, "cpp", "burn.cpp")
	sleep := compile(t, r, "cpp", "sleep.cpp")
	busytest.Start(t, 5*runtime.NumCPU(), 2*time.Minute)
	lim := Limits{CPU: time.Second, Wall: 2 * time.Second}
	for i := range 3 {
		res, err := r.Run(context.Background(), burn, []byte("800"), lim)
		if err != nil || res.Status != StatusOK || string(res.Stdout) != "burnt 800\n" {
			t.Fatalf("try %d: burning 800 ms of a 1 s limit beside busy cgroups = %s %q %q, %v; want ok", i+1, res.Status, res.Stdout, res.Message, err)
		}
		t.Logf("try %d: CPU %s, wall %s, waited for a CPU %s", i+1, res.CPU, res.Wall, res.Waited)
	}
	res, err := r.Run(context.Background(), sleep, nil, lim)
	if err != nil || res.Status != StatusTimeLimit || !strings.Contains(res.Message, "not running by the program's own doing") {
		t.Fatalf("a sleeping program beside busy cgroups = %s %q, %v; want time_limit saying it slept", res.Status, res.Message, err)
	}
	if res.Wall < lim.Wall || res.Wall > lim.Wall+5*time.Second {
		t.Errorf("the sleeping program ran %s, want its wall guard %s and little more", res.Wall, lim.Wall)
	}
}

// TestWaitIsMeasured: a run beside busy cgroups reports the time it
// waited for a CPU; alone on an idle core, little.
func TestWaitIsMeasured(t *testing.T) {
	r := embeddedRunner(t)
	burn := compile(t, r, "cpp", "burn.cpp")
	res, err := r.Run(context.Background(), burn, []byte("300"), Limits{CPU: time.Second})
	if err != nil || res.Status != StatusOK {
		t.Fatalf("burn 300 ms = %s %q, %v", res.Status, res.Message, err)
	}
	t.Logf("idle: CPU %s, wall %s, waited %s", res.CPU, res.Wall, res.Waited)
	if res.Waited < 0 || res.Waited > res.Wall {
		t.Errorf("waited %s of a %s run", res.Waited, res.Wall)
	}
}

// TestWallGuardDoesNotCountWaits: without the CPU priority (cpu.shares of
// the kernel's default, in a cgroup of its own), a run beside busy
// cgroups waits for a CPU longer than its wall-clock guard; that wait is
// measured and not counted, so the run is still accepted (or, starved
// past the point where the guard trusts its measure, run again).
//
// Long set: ten busy processes fill both cores for the test's 5-7 s, and
// slow whatever package go test runs beside this one;
// TestVerdictsBesideBusyCgroups stands for it in the quick set.
func TestWallGuardDoesNotCountWaits(t *testing.T) {
	testutil.LongOnly(t, "a run without the CPU priority beside busy cgroups, its waits not counted")
	r, burn := starvedBurner(t)
	lim := Limits{CPU: time.Second}.withDefaults(cppOnly(t)[0]) // the wall guard of 3 s
	res, err := r.Run(context.Background(), burn, []byte("800"), lim)
	if err != nil || res.Status != StatusOK {
		t.Fatalf("burning 800 ms without priority beside busy cgroups = %s %q, %v; want ok", res.Status, res.Message, err)
	}
	t.Logf("CPU %s, wall %s, waited for a CPU %s", res.CPU, res.Wall, res.Waited)
	if res.Wall <= lim.Wall || res.Waited < res.Wall-lim.Wall {
		t.Errorf("wall %s, waited %s: want a run that outlived its %s guard by waiting for a CPU (else the test proves nothing)", res.Wall, res.Waited, lim.Wall)
	}
}

// starvedBurner starts a sandbox of C++ alone without the CPU priority
// (cpu.shares of the kernel's default, in a cgroup of its own), compiles
// burn.cpp in it, and starts busy processes beside it, each in a cgroup
// of its own, for the rest of the test; it skips where the host has no
// sandbox.
func starvedBurner(t *testing.T) (Runner, *Artifact) {
	t.Helper()
	embeddedRunner(t) // skips where the host has no sandbox
	r, err := newTestEmbedded(EmbeddedConfig{Config: Config{Parallel: 1, Languages: cppOnly(t)}, GoCache: testGoCache,
		CgroupPrefix: "puzzlejudge-test-noprio", CPUShares: 1024})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		r.Close()
		// That runner moved this process into its own api cgroup, of no
		// priority: back to the shared runner's, for the tests that follow.
		prioritize(DefaultCgroupPrefix, DefaultCPUShares)
	})
	burn := compile(t, r, "cpp", "burn.cpp")
	busytest.Start(t, 5*runtime.NumCPU(), 2*time.Minute)
	return r, burn
}

// cppOnly is the C++ language alone, without its precompiled header.
func cppOnly(t *testing.T) []Language {
	for _, l := range DefaultLanguages() {
		if l.ID == "cpp" {
			l.PrecompiledHeader = ""
			return []Language{l}
		}
	}
	t.Fatal("no cpp language")
	return nil
}

// TestStarvedRunIsNotATimeLimit: a run that reaches its wall-clock cap
// while it mostly waited for a CPU (no priority, a cap below what the load
// makes it take) is the machine's fault: it is run again, and in the end
// Run answers ErrBusy, never time_limit.
//
// Long set, as TestWallGuardDoesNotCountWaits (7 s of ten busy processes
// on both cores); TestVerdictsBesideBusyCgroups stands for it in the quick
// set.
func TestStarvedRunIsNotATimeLimit(t *testing.T) {
	testutil.LongOnly(t, "a run starved to its wall cap answers ErrBusy")
	r, burn := starvedBurner(t)
	start := time.Now()
	// 400 ms of CPU take over 2 s of wall at a fifth of a core: past the
	// 1.2 s cap each try (three tries and the pauses between: 6-7 s).
	lim := Limits{CPU: 500 * time.Millisecond, Wall: time.Second, WallCap: 1200 * time.Millisecond}
	res, err := r.Run(context.Background(), burn, []byte("400"), lim)
	t.Logf("after %s: %s %q, %v", time.Since(start).Round(time.Millisecond), res.Status, res.Message, err)
	if res.Status == StatusOK {
		t.Skip("the run got its CPU within the cap: the machine was not loaded enough to starve it")
	}
	if !errors.Is(err, ErrBusy) || res.Status == StatusTimeLimit {
		t.Fatalf("a run starved to its cap = %s %q, %v; want ErrBusy, not time_limit", res.Status, res.Message, err)
	}
	if d := time.Since(start); d < busyTries*lim.WallCap {
		t.Errorf("ErrBusy after %s: want %d tries of the %s cap", d, busyTries, lim.WallCap)
	}
}
