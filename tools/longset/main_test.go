package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// write makes the files of a small tree under a temporary folder.
func write(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, text := range files {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestLongTests(t *testing.T) {
	root := write(t, map[string]string{
		"a/a.go": "package a\n",
		"a/a_test.go": `package a

import "testing"

func TestPlain(t *testing.T) { _ = fmtName(judging{}.String()) }

func TestSized(t *testing.T) { _ = boards() }

func TestSkipped(t *testing.T) { testutil.LongOnly(t, "why") }

func boards() int {
	if testutil.Quick() {
		return 1
	}
	return 9
}

func fmtName(s string) string { return s }
`,
		"a/slow_long_test.go": `//go:build long

package a

import "testing"

type judging struct{}

func (judging) String() string { return "" }

func TestSlow(t *testing.T) {}

func FuzzSlow(f *testing.F) {}
`,
		"b/b_test.go":       "package b\n\nimport \"testing\"\n\nfunc TestQuick(t *testing.T) {}\n",
		"c/c_other_test.go": "//go:build !long\n\npackage c\n\nimport \"testing\"\n\nfunc TestNotLong(t *testing.T) {}\n",
		// A folder the go tool skips is skipped here too.
		"a/testdata/x_test.go": "//go:build long\n\npackage x\n\nfunc TestData(t *testing.T) {}\n",
	})
	pkgs, names, err := longTests(root)
	if err != nil {
		t.Fatal(err)
	}
	wantPkgs := []string{"./a"}
	if !slices.Equal(pkgs, wantPkgs) {
		t.Errorf("packages %v, want %v", pkgs, wantPkgs)
	}
	// TestPlain calls String, a method of the long file's type, by name:
	// a method is not taken for a function of the long set.
	want := []string{"FuzzSlow", "TestSized", "TestSkipped", "TestSlow"}
	if !slices.Equal(names, want) {
		t.Errorf("tests %v, want %v", names, want)
	}
}

// A helper outside the tests that reads the switch would hide its callers:
// longset refuses the tree.
func TestLongReadOutsideTests(t *testing.T) {
	root := write(t, map[string]string{
		"kit/kit.go":    "package kit\n\nfunc Size() int {\n\tif testutil.Long {\n\t\treturn 9\n\t}\n\treturn 1\n}\n",
		"a/a_test.go":   "package a\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) { testutil.LongOnly(t, \"x\") }\n",
		"testutil/x.go": "package testutil\n\nconst Long = false\n\nfunc Quick() bool { return !Long }\n",
	})
	_, _, err := longTests(root)
	if err == nil || !strings.Contains(err.Error(), "kit.go reads testutil.Long") {
		t.Fatalf("err = %v, want kit.go named", err)
	}
}

// The repository's own long set holds the suites docs/TESTING.md names.
func TestRepositoryLongSet(t *testing.T) {
	pkgs, names, err := longTests("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"TestShippedPrograms", "TestSeedPrograms", "TestMultiProcess", "TestBrowserPlay", "TestPrecompiledHeader", "TestHostilePrograms", "TestKorf100"} {
		if !slices.Contains(names, name) {
			t.Errorf("%s is not in the long set %v", name, names)
		}
	}
	for _, quick := range []string{"TestBrowser", "TestShippedProgramOnOneBoard", "TestSeedProgramDefect", "TestRunCpp"} {
		if slices.Contains(names, quick) {
			t.Errorf("%s, a quick test, is listed for the long step", quick)
		}
	}
	if !slices.Contains(pkgs, "./problems") {
		t.Errorf("packages %v lack problems", pkgs)
	}
}
