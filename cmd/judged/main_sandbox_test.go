package main

import (
	"context"
	"os"
	"testing"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/reference/fifteen"
)

// TestMain serves the sandbox's containers first, as main does: their init
// is this test binary run again. Then the 15-puzzle's 4x4 tables are made
// ready, read from the folder the test packages share (or built there
// once), before any test runs. Every server of these tests names its own
// data folder for them (run calls puzzles.SetTableDir), and the tables are
// built once per process: a build started by one test's server wrote its
// file into that test's temporary folder after the test had ended, while
// the folder was being removed ("TempDir RemoveAll cleanup: directory not
// empty" in TestBackupRestoreUnderLoad, when CI's load made the build
// outlast the test).
func TestMain(m *testing.M) { os.Exit(sandboxtest.Main(m, prepareTables)) }

func prepareTables() {
	if err := fifteen.Prepare(context.Background(), 4); err != nil {
		panic(err)
	}
}
