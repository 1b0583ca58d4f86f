package testutil

import "testing"

// LongOnly skips t unless the tests were built with -tags long, saying
// what the long set does here that the quick set does not.
func LongOnly(t testing.TB, what string) {
	t.Helper()
	if !Long {
		t.Skip("long set (go test -tags long): " + what)
	}
}
