//go:build race

package sandboxtest

const raceEnabled = true
