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
