package pages

import (
	"os"
	"testing"

	"puzzlejudge/internal/testkit/sandboxtest"
)

// TestMain serves the sandbox's containers first: their init is this test
// binary run again (the program pages run real programs).
func TestMain(m *testing.M) { os.Exit(sandboxtest.Main(m)) }
