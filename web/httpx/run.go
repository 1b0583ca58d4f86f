package httpx

import "puzzlejudge/judge"

// RunAnswer is a run on one's own input as both faces answer it: the API's
// POST /problems/{slug}/run and the problem page's run form, whose script
// reads the same JSON.
type RunAnswer struct {
	Status        judge.RunStatus `json:"status"`
	Stdout        string          `json:"stdout"`
	Stderr        string          `json:"stderr"`
	ExitStatus    int             `json:"exit_status"`
	CPUMs         int64           `json:"cpu_ms"`
	WallMs        int64           `json:"wall_ms"`
	MemoryKiB     int64           `json:"memory_kib"`
	CompileOutput string          `json:"compile_output"`
	Message       string          `json:"message"`
	Truncated     bool            `json:"truncated"`
}

// RunAnswerOf is o as RunAnswer.
func RunAnswerOf(o judge.RunOutcome) RunAnswer {
	return RunAnswer{Status: o.Status, Stdout: o.Stdout, Stderr: o.Stderr, ExitStatus: o.ExitStatus, CPUMs: o.CPUMs, WallMs: o.WallMs,
		MemoryKiB: o.MemoryKiB, CompileOutput: o.CompileOutput, Message: o.Message, Truncated: o.Truncated}
}
