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

// Quick reports whether a test should run at its quick size: under -short,
// or without -tags long. The engines' property tests check their property
// on a few hundred boards there and on thousands in the long set.
func Quick() bool { return testing.Short() || !Long }
