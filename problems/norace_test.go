//go:build !race

package problems_test

const raceEnabled = false
