//go:build !long

package testutil

// Long reports whether the tests were built with -tags long (see long.go):
// here they were not, so each slow suite runs its one representative case.
const Long = false
