//go:build !race

package judge_test

// raceDetector reports whether the tests run under -race, which slows the
// judge several times over: latency bounds are widened then.
const raceDetector = false
