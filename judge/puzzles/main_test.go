package puzzles

import (
	"os"
	"testing"

	"puzzlejudge/internal/testutil"
)

// TestMain keeps the 15-puzzle's tables where the test packages share them
// (testutil.SharedTableDir): TestFifteenCheckAnswer's first 4x4 solve built
// them, 15 s at load 15.
func TestMain(m *testing.M) {
	SetTableDir(testutil.SharedTableDir())
	os.Exit(m.Run())
}
