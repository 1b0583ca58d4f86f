// Package testutil holds small helpers shared by the tests of several
// packages (judge, judge/store, reference/...). It imports nothing but the
// standard library, so that any package's tests may use it. Import it only
// from _test.go files.
package testutil

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// WaitFor polls cond until it holds; the bound of 20 s only stops a broken
// test from hanging, it measures nothing.
func WaitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	// Generous: a loaded CI machine running every package at once
	// has taken over 20 s for what takes milliseconds alone.
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// Inputs returns the texts of the files that match pattern (fuzz seeds,
// golden inputs), in the order of filepath.Glob.
func Inputs(t testing.TB, pattern string) []string {
	t.Helper()
	files, _ := filepath.Glob(pattern)
	var out []string
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(data))
	}
	return out
}

// Concurrently runs create each times in each of clients goroutines at once
// and returns, sorted, the ids of the calls that report ok. A call that
// fails reports it itself and returns false, which ends its goroutine.
func Concurrently(clients, each int, create func() (id int64, ok bool)) []int64 {
	var mu sync.Mutex
	var ids []int64
	var wg sync.WaitGroup
	for range clients {
		wg.Go(func() {
			for range each {
				id, ok := create()
				if !ok {
					return
				}
				mu.Lock()
				ids = append(ids, id)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	slices.Sort(ids)
	return ids
}

// Golden returns the content of the golden file at path, to compare got
// with. With update it first writes got there (making its folder), so the
// comparison passes and the change shows in git diff. A missing file fails
// the test, naming flag, the update flag of the caller's package.
func Golden(t testing.TB, path, got string, update bool, flag string) string {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test with %s to write it)", err, flag)
	}
	return string(want)
}

// GoldenFiles runs one subtest per input file matching pattern (a glob such
// as "testdata/*.in"): produce turns the file's text into a report, which
// must equal the file of the same name ending in .golden (see Golden for
// update and flag). No input file at all fails the test.
func GoldenFiles(t *testing.T, pattern string, update bool, flag string, produce func(t *testing.T, input string) string) {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs %s: %v", pattern, err)
	}
	for _, in := range files {
		t.Run(filepath.Base(in), func(t *testing.T) {
			input, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			got := produce(t, string(input))
			path := strings.TrimSuffix(in, filepath.Ext(in)) + ".golden"
			if want := Golden(t, path, got, update, flag); got != want {
				t.Errorf("report for %s:\n%s\nwant:\n%s", in, got, want)
			}
		})
	}
}
