//go:build linux

package sandbox

import (
	"context"
	"runtime"
	"strconv"
	"testing"
)

// TestParseCPUs reads the kernel's list format, each core once, in order,
// and refuses what is not a core of this machine.
func TestParseCPUs(t *testing.T) {
	last := runtime.NumCPU() - 1
	for _, tc := range []struct {
		list string
		want []int
		ok   bool
	}{
		{"", nil, true},
		{"0", []int{0}, true},
		{"0-" + strconv.Itoa(last), seq(last), true},
		{" 0 , 0 ", []int{0}, true},
		{strconv.Itoa(last + 1), nil, false},
		{"1-0", nil, false},
		{"a", nil, false},
		{",", nil, false},
		{"-1", nil, false},
	} {
		got, err := ParseCPUs(tc.list)
		if (err == nil) != tc.ok || len(got) != len(tc.want) {
			t.Errorf("ParseCPUs(%q) = %v, %v; want %v (ok %v)", tc.list, got, err, tc.want, tc.ok)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("ParseCPUs(%q) = %v, want %v", tc.list, got, tc.want)
			}
		}
	}
}

func seq(last int) []int {
	var out []int
	for i := 0; i <= last; i++ {
		out = append(out, i)
	}
	return out
}

// TestRunsArePinned: with EmbeddedConfig.CPUs, a run may use only the
// core it was given (its cgroup's cpuset).
func TestRunsArePinned(t *testing.T) {
	embeddedRunner(t) // skips where the host has no sandbox
	core := runtime.NumCPU() - 1
	r, err := newTestEmbedded(EmbeddedConfig{Config: Config{Languages: cppOnly(t)}, GoCache: testGoCache,
		CgroupPrefix: "puzzlejudge-test-cpuset", CPUs: []int{core}})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	a := compile(t, r, "cpp", "cpus.cpp")
	for range 2 {
		res, err := r.Run(context.Background(), a, nil, Limits{})
		if err != nil || res.Status != StatusOK || string(res.Stdout) != strconv.Itoa(core)+"\n" {
			t.Fatalf("a run pinned to core %d may run on %q (%s %q, %v)", core, res.Stdout, res.Status, res.Message, err)
		}
	}
}
