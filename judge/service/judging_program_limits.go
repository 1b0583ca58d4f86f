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

// programLimits returns the sandbox limits of a problem's programs, from
// its Kattis-named limits (one left 0 takes judge.DefaultProgramLimits'). The
// CPU limit is per board and the sandbox multiplies it by the language's
// time factor; the wall-clock limit is the sandbox's 2 x CPU + 1 s.
func programLimits(p judge.Problem) limitsOfProgram {
	l, def := p.Limits, judge.DefaultProgramLimits()
	seconds := func(v, d float64) time.Duration {
		if v <= 0 {
			v = d
		}
		return time.Duration(v * float64(time.Second))
	}
	mib := func(v, d int) int64 {
		if v <= 0 {
			v = d
		}
		return int64(v) * sandbox.MiB
	}
	code := l.CodeKiB
	if code <= 0 {
		code = def.CodeKiB
	}
	return limitsOfProgram{
		run: sandbox.Limits{
			CPU:    seconds(l.TimeLimit, def.TimeLimit),
			Memory: mib(l.MemoryMiB, def.MemoryMiB),
			Output: mib(l.OutputMiB, def.OutputMiB),
		},
		compile: sandbox.CompileLimits{
			CPU:    seconds(l.CompilationTime, def.CompilationTime),
			Memory: mib(l.CompilationMemoryMiB, def.CompilationMemoryMiB),
		},
		codeKiB: code,
	}
}
