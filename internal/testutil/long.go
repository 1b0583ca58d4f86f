//go:build long

package testutil

// Long reports whether the tests were built with -tags long: the long set
// (every shipped program on every board, the seeds' programs, every hostile
// program on every sandbox, the browsers at every width, the load tests at
// full size) runs beside the quick one. `go test ./...` leaves it out;
// `go test -tags long ./...` and .ci/run run it.
const Long = true
