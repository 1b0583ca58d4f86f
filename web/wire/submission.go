package wire

import (
	"math"
	"strconv"
	"time"

	"puzzlejudge/judge"
)

// Score is a score in an answer: 0 to 100, written with at most two
// decimals (13.33, not 13.333333333333334). The service keeps the exact
// value; only what the API writes is rounded.
type Score float64

// MarshalJSON writes s rounded to two decimals.
func (s Score) MarshalJSON() ([]byte, error) {
	return strconv.AppendFloat(nil, math.Round(float64(s)*100)/100, 'f', -1, 64), nil
}

// ProgramText is a program submission's source and what the compiler said
// of it, both or neither: only its owner and instructors read them, as
// they alone read a submission.
type ProgramText struct {
	Source        string `json:"source"`
	CompileOutput string `json:"compile_output"`
}

// Submission is a submission as the API shows it. Cases is filled only
// for a single submission, not in lists.
type Submission struct {
	ID        int64         `json:"id"`
	User      string        `json:"user"`
	Problem   string        `json:"problem"`
	Kind      judge.Kind    `json:"kind"`
	Case      int64         `json:"case,omitempty"`
	Status    judge.Status  `json:"status"`
	Verdict   judge.Verdict `json:"verdict"`
	Score     Score         `json:"score"`
	CreatedAt time.Time     `json:"created_at"`
	JudgedAt  *time.Time    `json:"judged_at"`
	Payload   string        `json:"payload,omitempty"`
	Cases     []CaseResult  `json:"cases,omitempty"`
	// Changed: a rejudge changed the verdict or score, and the owner has
	// not opened the submission since.
	Changed bool `json:"changed"`
	// Waiting says, while pending, what the submission waits for before
	// it is judged ("the reference answers of 3 boards").
	Waiting string `json:"waiting,omitempty"`
	// For one submission: an answer's input version, the ids of the cases
	// it answers, its per-case outputs, and the earlier judgings.
	InputVersion string            `json:"input_version,omitempty"`
	CaseIDs      []int64           `json:"case_ids,omitempty"`
	Outputs      map[string]string `json:"outputs,omitempty"`
	History      *[]Judging        `json:"history,omitempty"`
	// Hints is the number of hints the submission's author was given on
	// its problem (a single submission of a problem only), for its author
	// and instructors, who alone may read it.
	Hints *int `json:"hints,omitempty"`
	// A program's language and figures (the slowest board's CPU time, the
	// largest peak memory).
	Language  string `json:"language,omitempty"`
	CPUMs     *int64 `json:"cpu_ms,omitempty"`
	MemoryKiB *int64 `json:"memory_kib,omitempty"`
	// For one program submission: its source and the compiler's message;
	// nil, both fields absent, in lists and for the other kinds.
	*ProgramText
}

// CaseResult is one case row of a submission's result. Its score is
// 0..100, like the submission's.
type CaseResult struct {
	Case     int64         `json:"case"`
	Name     string        `json:"name"`
	Position int           `json:"position"`
	Verdict  judge.Verdict `json:"verdict"`
	Message  string        `json:"message"`
	Used     int           `json:"used"`
	Optimal  int           `json:"optimal"`
	Score    Score         `json:"score"`
	// A program's run on the board.
	CPUMs     *int64 `json:"cpu_ms,omitempty"`
	WallMs    *int64 `json:"wall_ms,omitempty"`
	MemoryKiB *int64 `json:"memory_kib,omitempty"`
	// On a sample board, for the program's author and instructors, what
	// it printed and should have printed; nil, its three fields absent, on
	// hidden boards (judge.CanReadRunOutput).
	*RunOutput
}

// Judging is an earlier judging of a submission (its history).
type Judging struct {
	Verdict    judge.Verdict `json:"verdict"`
	Score      Score         `json:"score"`
	JudgedAt   *time.Time    `json:"judged_at"`
	Reason     string        `json:"reason"`
	RejudgedAt time.Time     `json:"rejudged_at"`
	NewVerdict judge.Verdict `json:"new_verdict"`
	NewScore   Score         `json:"new_score"`
}

// Check is the answer of POST /check: a move text judged on one board,
// stored as a submission of kind check.
type Check struct {
	Verdict    judge.Verdict `json:"verdict"`
	Score      Score         `json:"score"`
	Used       int           `json:"used"`
	Optimal    int           `json:"optimal"`
	Message    string        `json:"message"`
	Submission int64         `json:"submission"`
}
