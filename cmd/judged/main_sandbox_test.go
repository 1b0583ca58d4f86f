package main

import (
	"os"
	"testing"

	"puzzlejudge/internal/testkit/sandboxtest"
)

// TestMain serves the sandbox's containers first, as main does: their init
// is this test binary run again.
func TestMain(m *testing.M) { os.Exit(sandboxtest.Main(m)) }
