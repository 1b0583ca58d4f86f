//go:build linux

package sandbox

import (
	"context"
	"strings"
	"testing"
)

// TestEachLanguage compiles and runs a real accepted program in every
// default language. CI installs them all (.ci/run), so there a missing one
// fails; elsewhere it is skipped with the reason. (go is looked for in
// /usr/local/go, where the official tarball puts it.)
func TestEachLanguage(t *testing.T) {
	forEachRunner(t, func(t *testing.T, r Runner) {
		offered := make(map[string]Language)
		for _, l := range r.Languages() {
			offered[l.ID] = l
		}
		_, skipped := Detect(context.Background(), DefaultLanguages())
		tests := []struct{ language, program string }{
			{"c", "sum.c"},
			{"cpp", "sum.cpp"},
			{"cpp98", "sum98.cpp"},
			{"python3", "sum.py"},
			{"java", "Sum.java"},
			{"go", "sum.go"},
		}
		for _, tc := range tests {
			t.Run(tc.language, func(t *testing.T) {
				l, ok := offered[tc.language]
				if !ok {
					if sandboxRequired() {
						t.Fatalf("%s is not installed: %v", tc.language, skipped[tc.language])
					}
					t.Skipf("%s is not installed: %v", tc.language, skipped[tc.language])
				}
				a := compile(t, r, tc.language, tc.program)
				res, err := r.Run(context.Background(), a, []byte("1 2 3\n4\n-20 100\n"), Limits{})
				if err != nil {
					t.Fatalf("Run(%s): %v", tc.program, err)
				}
				if res.Status != StatusOK || string(res.Stdout) != "90\n" {
					t.Errorf("Run(%s) = %s %q (%s; stderr %q), want ok \"90\\n\"", tc.program, res.Status, res.Stdout, res.Message, res.Stderr)
				}
				t.Logf("%s (%s): cpu %v, wall %v, %d KiB", tc.language, l.Version, res.CPU, res.Wall, res.MemoryKiB)
			})
		}
	})
}

// TestCpp98Only: the textbook program is refused as C++17 and accepted as
// C++98, which is why cpp98 exists.
func TestCpp98Only(t *testing.T) { forEachRunner(t, testCpp98Only) }

func testCpp98Only(t *testing.T, r Runner) {
	res, err := r.Compile(context.Background(), "cpp", program(t, "sum98.cpp"), CompileLimits{})
	if err != nil {
		t.Fatal(err)
	}
	if res.OK() {
		t.Errorf("sum98.cpp compiled as C++17; the test no longer shows why cpp98 is needed")
	}
}

// TestJavaClassName compiles, with the real javac, Java programs whose
// public class is not Main: one named Solution is accepted and runs (a
// copy of the file is named after it), and ones with a real error say
// that error, not the class's name.
func TestJavaClassName(t *testing.T) {
	forEachRunner(t, func(t *testing.T, r Runner) {
		if !offers(r, "java") {
			if sandboxRequired() {
				t.Fatal("java is not installed")
			}
			t.Skip("java is not installed")
		}
		a := compile(t, r, "java", "Solution.java")
		res, err := r.Run(context.Background(), a, []byte("1 2 3\n4\n-20 100\n"), Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != StatusOK || string(res.Stdout) != "90\n" {
			t.Errorf("Run(Solution.java) = %s %q (%s; stderr %q), want ok \"90\\n\"", res.Status, res.Stdout, res.Message, res.Stderr)
		}
		for _, tc := range []struct{ source, want string }{
			{"public class Solution { public static void main(String[] a) { int x = ; } }\n", "illegal start of expression"},
			{"public class Solution { public static void main(String[] a) { int x = y; } }\n", "Solution.java:1: error: cannot find symbol"},
		} {
			c, err := r.Compile(context.Background(), "java", []byte(tc.source), CompileLimits{})
			if err != nil {
				t.Fatal(err)
			}
			if c.OK() || !strings.Contains(c.Output, tc.want) || strings.Contains(c.Output, "should be declared") {
				t.Errorf("a broken Solution compiled %v with %q; want its own error %q, not the class's name", c.OK(), c.Output, tc.want)
			}
		}
	})
}

func offers(r Runner, id string) bool {
	for _, l := range r.Languages() {
		if l.ID == id {
			return true
		}
	}
	return false
}
