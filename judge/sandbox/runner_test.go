//go:build linux

package sandbox

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

func TestRunCpp(t *testing.T) { forBothRunners(t, testRunCpp) }

func testRunCpp(t *testing.T, r Runner) {
	tests := []struct {
		name    string
		program string
		stdin   string
		status  Status
		stdout  string
		message string
	}{
		{"sum", "sum.cpp", "1 2 3\n-4\n", StatusOK, "2\n", ""},
		{"sum of nothing", "sum.cpp", "", StatusOK, "0\n", ""},
		{"exit status", "exit3.cpp", "7", StatusRuntimeError, "7\n", "exit status 3"},
		{"null pointer", "segv.cpp", "0", StatusRuntimeError, "", "killed by signal SIGSEGV (segmentation fault)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a := compile(t, r, "cpp", tc.program)
			res, err := r.Run(context.Background(), a, []byte(tc.stdin), Limits{CPU: time.Second})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if res.Status != tc.status || string(res.Stdout) != tc.stdout || res.Message != tc.message {
				t.Errorf("Run(%s, %q) = %s %q %q, want %s %q %q", tc.program, tc.stdin, res.Status, res.Stdout, res.Message, tc.status, tc.stdout, tc.message)
			}
			if res.CPU <= 0 || res.Wall <= 0 || res.MemoryKiB <= 0 {
				t.Errorf("Run(%s) measured cpu %v, wall %v, memory %d KiB; want all > 0", tc.program, res.CPU, res.Wall, res.MemoryKiB)
			}
		})
	}
}

func TestCompileError(t *testing.T) { forEachRunner(t, testCompileError) }

func testCompileError(t *testing.T, r Runner) {
	res, err := r.Compile(context.Background(), "cpp", program(t, "syntax_error.cpp"), CompileLimits{})
	if err != nil {
		t.Fatal(err)
	}
	if res.OK() {
		t.Fatal("Compile(syntax_error.cpp) succeeded")
	}
	for _, want := range []string{"main.cpp:5", "error", "compilation failed: exit status 1"} {
		if !strings.Contains(res.Output, want) {
			t.Errorf("compile output lacks %q:\n%s", want, res.Output)
		}
	}
}

func TestCompileIsCached(t *testing.T) { forEachRunner(t, testCompileIsCached) }

func testCompileIsCached(t *testing.T, r Runner) {
	ctx := context.Background()
	src := program(t, "sum.cpp")
	src = append(src, []byte("// cached "+t.Name()+time.Now().String()+"\n")...)
	first, err := r.Compile(ctx, "cpp", src, CompileLimits{})
	if err != nil || !first.OK() || first.Cached {
		t.Fatalf("first Compile = %+v, %v; want a fresh artifact", first, err)
	}
	again, err := r.Compile(ctx, "cpp", src, CompileLimits{})
	if err != nil || !again.OK() || !again.Cached {
		t.Fatalf("second Compile = %+v, %v; want the cached artifact", again, err)
	}
	if again.Artifact.Key() != first.Artifact.Key() {
		t.Errorf("keys differ: %s, %s", again.Artifact.Key(), first.Artifact.Key())
	}
	other, err := r.Compile(ctx, "cpp98", src, CompileLimits{})
	if err != nil || other.Cached || other.Artifact.Key() == first.Artifact.Key() {
		t.Errorf("Compile in another language = %+v, %v; want a compile of its own", other, err)
	}
	res, err := r.Run(ctx, again.Artifact, []byte("40 2"), Limits{})
	if err != nil || res.Status != StatusOK || string(res.Stdout) != "42\n" {
		t.Errorf("Run(cached) = %+v, %v; want ok 42", res, err)
	}
}

func TestUnknownLanguage(t *testing.T) { forEachRunner(t, testUnknownLanguage) }

func testUnknownLanguage(t *testing.T, r Runner) {
	_, err := r.Compile(context.Background(), "cobol", []byte("x"), CompileLimits{})
	if !errors.Is(err, ErrUnknownLanguage) {
		t.Errorf("Compile(cobol) = %v, want ErrUnknownLanguage", err)
	}
}

func TestRunHonoursContext(t *testing.T) {
	forEachRunner(t, func(t *testing.T, r Runner) {
		a := compile(t, r, "cpp", "sleep.cpp")
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err := r.Run(ctx, a, nil, Limits{CPU: 10 * time.Second})
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Run after the deadline = %v, want context.DeadlineExceeded", err)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("Run returned %v after its context ended", d)
		}
	})
}

// TestManyAtOnce: more runs than slots, at once; each gets its own answer.
func TestManyAtOnce(t *testing.T) {
	forEachRunner(t, func(t *testing.T, r Runner) {
		a := compile(t, r, "cpp", "sum.cpp")
		errs := make(chan error, 12)
		for i := range 12 {
			go func() {
				res, err := r.Run(context.Background(), a, []byte(strconv.Itoa(i)+" 100"), Limits{})
				if err == nil && (res.Status != StatusOK || string(res.Stdout) != strconv.Itoa(i+100)+"\n") {
					err = fmt.Errorf("Run(%d + 100) = %s %q", i, res.Status, res.Stdout)
				}
				errs <- err
			}()
		}
		for range 12 {
			if err := <-errs; err != nil {
				t.Error(err)
			}
		}
	})
}

func TestCompilerOutputIsCut(t *testing.T) {
	long := strings.Repeat("é", int(MaxCompileOutput)) // 2 bytes each
	got := withReason(compilerOutput(execResult{stderr: []byte(long)}, CompileLimits{}.withDefaults(Language{})), "compilation failed: exit status 1")
	if len(got) > int(MaxCompileOutput) || !utf8.ValidString(got) || !strings.HasSuffix(got, "\ncompilation failed: exit status 1") {
		t.Errorf("cut message: %d bytes, valid UTF-8 %v, ends %q", len(got), utf8.ValidString(got), tail(got, 40))
	}
}
