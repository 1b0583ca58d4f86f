package testutil

import (
	"os"
	"path/filepath"
)

// SharedDir returns the folder shared/<parts...> found by going up from the
// working directory (a test's package folder), where the project's shared
// data, seeds and programs lie beside the repository; "" when there is none,
// and the caller skips.
func SharedDir(parts ...string) string {
	dir, err := filepath.Abs(".")
	if err != nil {
		return ""
	}
	for {
		d := filepath.Join(append([]string{dir, "shared"}, parts...)...)
		if st, err := os.Stat(d); err == nil && st.IsDir() {
			return d
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// SharedTableDir returns a folder of the temporary directory, kept across
// runs, for the engines' tables (puzzles.SetTableDir): the 15-puzzle's 4x4
// databases take seconds of CPU to build in each test process (15 s at
// load 15) and milliseconds to read. reference/fifteen writes its files
// whole (a rename) and checks them when it reads them, so the test packages
// that run at once may share them. "" (no folder: build in memory) where
// it cannot be made.
func SharedTableDir() string {
	dir := filepath.Join(os.TempDir(), "puzzlejudge-test-tables")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return ""
	}
	return dir
}
