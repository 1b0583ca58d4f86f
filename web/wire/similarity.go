package wire

import (
	"time"

	"puzzlejudge/judge"
)

// SimilarityReport is a similarity report without its pairs, as
// GET /similarity lists it.
type SimilarityReport struct {
	ID          int64                   `json:"id"`
	Scope       string                  `json:"scope"`
	ScopeID     int64                   `json:"scope_id"`
	Title       string                  `json:"title"`
	Status      string                  `json:"status"`
	Reason      string                  `json:"reason,omitempty"`
	Progress    string                  `json:"progress,omitempty"`
	Options     judge.SimilarityOptions `json:"options"`
	Programs    int                     `json:"programs"`
	PairCount   int                     `json:"pair_count"`
	RequestedBy string                  `json:"requested_by,omitempty"`
	Automatic   bool                    `json:"automatic"`
	CreatedAt   time.Time               `json:"created_at"`
	StartedAt   *time.Time              `json:"started_at,omitempty"`
	FinishedAt  *time.Time              `json:"finished_at,omitempty"`
}

// SimilarityReportPairs is a report with its pairs, most similar first
// (GET /similarity/{id}).
type SimilarityReportPairs struct {
	SimilarityReport
	Pairs []SimilarityPair `json:"pairs"`
}

// SimilarityPair is a pair of programs of one problem and language.
type SimilarityPair struct {
	ID              int64                `json:"id"`
	Rank            int                  `json:"rank"`
	Problem         string               `json:"problem"`
	Left            SimilarityProgram    `json:"left"`
	Right           SimilarityProgram    `json:"right"`
	Similarity      float64              `json:"similarity"`
	LongestFragment int                  `json:"longest_fragment"`
	Overlap         int                  `json:"overlap"`
	Fragments       []SimilarityFragment `json:"fragments"`
}

// SimilarityProgram is one program of a pair.
type SimilarityProgram struct {
	Submission int64  `json:"submission"`
	User       string `json:"user"`
	Language   string `json:"language"`
}

// SimilarityFragment is a run of matching code: lines from 1, both ends
// included, in each program.
type SimilarityFragment struct {
	Left  judge.LineRange `json:"left"`
	Right judge.LineRange `json:"right"`
}
