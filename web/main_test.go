package web

import (
	"os"
	"testing"

	"puzzlejudge/internal/testkit/sandboxtest"
)

// TestMain serves the sandbox's containers first: their init is this test
// binary run again (the program browser test runs a real program).
func TestMain(m *testing.M) { os.Exit(sandboxtest.Main(m)) }
