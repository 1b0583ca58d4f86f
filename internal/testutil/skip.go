package testutil

import (
	"os"
	"testing"
)

// LongOnly skips t unless the tests were built with -tags long, saying
// what the long set does here that the quick set does not.
func LongOnly(t testing.TB, what string) {
	t.Helper()
	if !Long {
		t.Skip("long set (go test -tags long): " + what)
	}
}

// Quick reports whether a test should run at its quick size: under -short,
// or without -tags long. The engines' property tests check their property
// on a few hundred boards there and on thousands in the long set.
func Quick() bool { return testing.Short() || !Long }

// LongStepEnv, set to 1, says that the quick set has run already: .ci/run's
// long step sets it when it runs the tests tools/longset lists (those of
// the long set) with -tags long, after the quick step.
const LongStepEnv = "PUZZLEJUDGE_LONG_STEP"

// QuickPart skips t, a subtest of a test that the long set changes, in
// .ci/run's long step: what t does is the same in both sets, and the quick
// step ran it. `go test -tags long ./...` alone runs it (the whole set).
func QuickPart(t testing.TB) {
	t.Helper()
	if Long && os.Getenv(LongStepEnv) == "1" {
		t.Skip("ran in the quick step (" + LongStepEnv + "=1)")
	}
}
