package main

import "time"

// The API's JSON as pj reads it: only the fields pj shows or needs, so that
// fields added by later servers change nothing here. pj imports none of the
// server's packages.

type user struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
	Role     string `json:"role"`
}

type tokenAnswer struct {
	Token string `json:"token"`
	User  user   `json:"user"`
}

type problemSummary struct {
	Slug   string `json:"slug"`
	Title  string `json:"title"`
	Puzzle string `json:"puzzle"`
	Cases  int    `json:"cases"`
}

type problem struct {
	Slug      string `json:"slug"`
	Title     string `json:"title"`
	Puzzle    string `json:"puzzle"`
	Checker   string `json:"checker"`
	Statement string `json:"statement"`
	Limits    struct {
		MaxSize   int `json:"max_size"`
		MaxColors int `json:"max_colors"`
		MaxMoves  int `json:"max_moves"`
	} `json:"limits"`
	Samples []struct {
		ID     int64  `json:"id"`
		Name   string `json:"name"`
		Input  string `json:"input"`
		Output string `json:"output"`
	} `json:"samples"`
	Cases []problemCase `json:"cases"`
}

type problemCase struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	Sample   bool   `json:"sample"`
	Position int    `json:"position"`
	Status   string `json:"status"`
}

type created struct {
	ID     int64  `json:"id"`
	Status string `json:"status"`
	Name   string `json:"name"`
}

type submission struct {
	ID        int64     `json:"id"`
	User      string    `json:"user"`
	Problem   string    `json:"problem"`
	Kind      string    `json:"kind"`
	Case      int64     `json:"case"`
	Status    string    `json:"status"`
	Verdict   string    `json:"verdict"`
	Score     float64   `json:"score"`
	CreatedAt time.Time `json:"created_at"`
	// Waiting says what a pending submission waits for before it is
	// judged ("the reference answers of 3 boards").
	Waiting string       `json:"waiting"`
	Cases   []caseResult `json:"cases"`
	// A program's language and compiler message.
	Language      string `json:"language"`
	CompileOutput string `json:"compile_output"`
}

type caseResult struct {
	Case    int64   `json:"case"`
	Name    string  `json:"name"`
	Verdict string  `json:"verdict"`
	Message string  `json:"message"`
	Used    int     `json:"used"`
	Optimal int     `json:"optimal"`
	Score   float64 `json:"score"`
	// A program's run on the board.
	CPUMs     *int64 `json:"cpu_ms"`
	MemoryKiB *int64 `json:"memory_kib"`
}

type checkAnswer struct {
	Verdict    string  `json:"verdict"`
	Score      float64 `json:"score"`
	Used       int     `json:"used"`
	Optimal    int     `json:"optimal"`
	Message    string  `json:"message"`
	Submission int64   `json:"submission"`
}

// Verdicts and statuses pj acts on.
const (
	verdictAccepted   = "accepted"
	verdictJudgeError = "judge_error"
	statusDone        = "done"
)

// verdictError turns a verdict into the command's outcome: nil for
// accepted; a judge error is the server's trouble (exit 3), any other
// verdict a rejection (exit 1).
func verdictError(verdict string) error {
	switch verdict {
	case verdictAccepted:
		return nil
	case verdictJudgeError:
		return &apiError{Status: 500, Code: verdictJudgeError, Message: "the judge could not decide (no reference answer yet); try again later"}
	default:
		return &rejectedError{verdict: verdict}
	}
}
