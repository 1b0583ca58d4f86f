//go:build !race

package sandboxtest

const raceEnabled = false
