//go:build long

package main

import (
	"testing"

	"puzzlejudge/internal/testkit/sandboxtest"
)

// TestServerRunsProgramsRemote: with sandbox.url the server sends its
// programs to an external go-judge, built from the module and started here.
func TestServerRunsProgramsRemote(t *testing.T) {
	url := sandboxtest.GoJudge(t)
	runsPrograms(t, "  url: ["+url+"]\n  parallel: 2\n")
}
