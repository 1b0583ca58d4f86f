// Package similaritytest gives tests the installed Dolos (tools/similarity)
// and a set of programs to compare: five C++ solutions of one task, one of
// them (eve's) a copy of another (ada's) with every identifier renamed and
// the layout changed.
//
// Where Node.js or the installed folder is missing the tests that need
// Dolos are skipped with the reason, unless PUZZLEJUDGE_REQUIRE_SIMILARITY
// is set (as .ci/run does after tools/similarity/install): then they fail.
package similaritytest

import (
	"embed"
	"os"
	"path"
	"strings"
	"testing"

	"puzzlejudge/tools/similarity"
)

//go:embed testdata/*.cpp
var programs embed.FS

// Required reports whether the tests must find Dolos installed.
func Required() bool { return os.Getenv("PUZZLEJUDGE_REQUIRE_SIMILARITY") != "" }

// Engine returns an engine over the installed Dolos: JUDGE_SIMILARITY_DIR,
// or the folder install fills by default. It skips t, with the reason,
// where Dolos cannot run, or fails it when Required.
func Engine(t testing.TB) similarity.Engine {
	t.Helper()
	dir := os.Getenv("JUDGE_SIMILARITY_DIR")
	if dir == "" {
		var err error
		if dir, err = similarity.DefaultDir(); err != nil {
			missing(t, err.Error())
		}
	}
	e := similarity.Engine{Dir: dir}
	if err := e.Check(); err != nil {
		missing(t, err.Error())
	}
	return e
}

func missing(t testing.TB, reason string) {
	t.Helper()
	if Required() {
		t.Fatalf("Dolos is required here (PUZZLEJUDGE_REQUIRE_SIMILARITY) but cannot run: %s", reason)
	}
	t.Skipf("Dolos cannot run here (%s): tools/similarity/install installs it", reason)
}

// Program is a student's program of the set.
type Program struct {
	User   string
	Source string
}

// CopySet returns the five programs by user, in name order: ada, bob, cyd,
// dan, eve; eve's is ada's renamed and laid out anew, the others were
// written apart (a recursive flood, a BFS, an explicit stack, union-find).
func CopySet() []Program {
	entries, err := programs.ReadDir("testdata")
	if err != nil {
		panic(err)
	}
	var out []Program
	for _, e := range entries {
		data, err := programs.ReadFile(path.Join("testdata", e.Name()))
		if err != nil {
			panic(err)
		}
		out = append(out, Program{User: strings.TrimSuffix(e.Name(), ".cpp"), Source: string(data)})
	}
	return out
}
