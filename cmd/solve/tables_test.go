package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain keeps the tests' tables out of the user's cache folder: the
// default -tables is under $XDG_CACHE_HOME (os.UserCacheDir on Linux).
func TestMain(m *testing.M) {
	if os.Getenv("SOLVE_TEST_CHILD") == "" {
		dir, err := os.MkdirTemp("", "solve-test-cache-")
		if err != nil {
			panic(err)
		}
		os.Setenv("XDG_CACHE_HOME", dir)
		code := m.Run()
		os.RemoveAll(dir)
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// TestChildRun is not a test: it is the command, run in a process of its
// own by TestRunKeepsTables (the tables are read once per process), with
// the arguments in SOLVE_TEST_ARGS and the input on stdin.
func TestChildRun(t *testing.T) {
	if os.Getenv("SOLVE_TEST_CHILD") == "" {
		t.Skip("run by TestRunKeepsTables")
	}
	os.Exit(run(t.Context(), strings.Fields(os.Getenv("SOLVE_TEST_ARGS")), os.Stdin, os.Stdout, os.Stderr))
}

// childSolve runs the command in a new process of the test binary.
func childSolve(t *testing.T, cacheHome, args, input string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildRun$")
	cmd.Env = append(os.Environ(), "SOLVE_TEST_CHILD=1", "SOLVE_TEST_ARGS="+args, "XDG_CACHE_HOME="+cacheHome)
	cmd.Stdin = strings.NewReader(input)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("solve %s: %v (%s)", args, err, out)
	}
	return string(out)
}

// TestRunKeepsTables: a 4x4 solve leaves the 15-puzzle's tables in the
// user's cache folder, and a later run reads them from there (a read does
// not write the file again); with -tables, from that folder.
func TestRunKeepsTables(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the 4x4 tables in a process of its own")
	}
	// The folder of TestMain, where this process's own 4x4 runs (in
	// fifteen_test.go, run before) have left the tables already: then
	// no run here builds them.
	home := os.Getenv("XDG_CACHE_HOME")
	want := strings.Repeat("x", 57)
	if out := childSolve(t, home, "-puzzle fifteen -moves", korf1); len(strings.TrimSpace(out)) != len(want) {
		t.Fatalf("first run: %q, want 57 moves", out)
	}
	file := filepath.Join(home, "puzzlejudge", "fifteen-pdb-4x4.bin")
	st, err := os.Stat(file)
	if err != nil {
		t.Fatalf("no tables in the user's cache folder: %v", err)
	}
	if out := childSolve(t, home, "-puzzle fifteen -moves", korf1); len(strings.TrimSpace(out)) != len(want) {
		t.Fatalf("second run: %q, want 57 moves", out)
	}
	if st2, err := os.Stat(file); err != nil || !st2.ModTime().Equal(st.ModTime()) || !os.SameFile(st, st2) {
		t.Errorf("the second run replaced the tables instead of reading them (%v)", err)
	}
	// -tables elsewhere: the tables are read from there, and the user's
	// cache folder is left alone.
	other := filepath.Join(t.TempDir(), "tables")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(other, 0o755); err != nil {
		t.Fatal(err)
	}
	moved := filepath.Join(other, "fifteen-pdb-4x4.bin")
	if err := os.WriteFile(moved, data, 0o644); err != nil {
		t.Fatal(err)
	}
	st, _ = os.Stat(moved)
	os.Remove(file)
	if out := childSolve(t, home, "-puzzle fifteen -moves -tables "+other, korf1); len(strings.TrimSpace(out)) != len(want) {
		t.Fatalf("run with -tables: %q", out)
	}
	if _, err := os.Stat(file); err == nil {
		t.Error("a run with -tables wrote to the user's cache folder")
	}
	if st2, err := os.Stat(moved); err != nil || !os.SameFile(st, st2) {
		t.Errorf("the run with -tables did not read them from there (%v)", err)
	}
}
