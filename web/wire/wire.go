// Package wire holds the JSON objects of /api/v1 that the server writes and
// pj, its command-line client, reads: one definition for both, so that a
// field cannot drift between them. It imports neither gin nor gorm (pj
// links neither); the API's other objects live in web/api, beside their
// handlers.
package wire

import (
	"time"

	"puzzlejudge/judge"
)

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

// RunOutput is a program's run on a sample board as its author reads it in
// a submission's case row (judge.RunOutput): its stdout and stderr and the
// reference answer, the first 4 KiB of each, all three or none.
type RunOutput struct {
	Output   string `json:"output"`
	Stderr   string `json:"stderr"`
	Expected string `json:"expected"`
}

// Language is a language programs may be written in (GET /languages).
type Language struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Version    string   `json:"version"`
	Extensions []string `json:"extensions"`
	// How it is compiled ("" when it is not) and run, and the rules that
	// catch newcomers (issue 34).
	Compile string   `json:"compile"`
	Run     string   `json:"run"`
	Rules   []string `json:"rules"`
}

// Clarification is a contest's question, answer or announcement
// (GET /contests/{id}/clarifications and its parts).
type Clarification struct {
	ID int64 `json:"id"`
	// From is the contestant who asked; null for the jury's messages.
	From *string `json:"from"`
	// To is the one contestant a jury answer goes to; null for a
	// question (to the jury) and for what goes to all.
	To      *string   `json:"to"`
	ToAll   bool      `json:"to_all"`
	ReplyTo *int64    `json:"reply_to"`
	Problem *string   `json:"problem"`
	Text    string    `json:"text"`
	Time    time.Time `json:"time"`
	Unread  bool      `json:"unread"`
}

// Clarifications is GET /contests/{id}/clarifications: the messages the
// caller may read, with the number not read yet.
type Clarifications struct {
	Unread         int             `json:"unread"`
	Clarifications []Clarification `json:"clarifications"`
}
