package sandbox

import (
	"syscall"
	"testing"
	"time"
)

// TestRunResultCPUSignals: the kernel's CPU limit (RLIMIT_CPU, which go-judge
// sets one second above the limit) may end a run before go-judge's own CPU
// clock does; seen in a loaded run as a 24 s-limit program killed by SIGKILL
// after 23.06 s of CPU, reported as a runtime error.
func TestRunResultCPUSignals(t *testing.T) {
	lim := Limits{CPU: 24 * time.Second, Wall: 49 * time.Second}
	tests := []struct {
		name   string
		signal syscall.Signal
		cpu    time.Duration
		want   Status
	}{
		{"SIGKILL near the CPU limit", syscall.SIGKILL, 23060 * time.Millisecond, StatusTimeLimit},
		{"SIGXCPU", syscall.SIGXCPU, 25 * time.Second, StatusTimeLimit},
		{"SIGKILL early", syscall.SIGKILL, time.Second, StatusRuntimeError},
		{"SIGSEGV near the CPU limit", syscall.SIGSEGV, 23 * time.Second, StatusRuntimeError},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := runResult(execResult{status: execSignalled, exitStatus: int(tc.signal), cpu: tc.cpu}, lim)
			if got.Status != tc.want {
				t.Errorf("runResult(%v after %v) = %s (%s), want %s", tc.signal, tc.cpu, got.Status, got.Message, tc.want)
			}
		})
	}
}
