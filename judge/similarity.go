package judge

import (
	"context"
	"time"
)

// Similarity reports: the programs of a problem, an assignment or a contest
// compared with Dolos (tools/similarity), every pair of programs of one
// problem and one language ranked by how much code they share. A report is
// a background job kept in the database; a similarity is evidence to look
// at, never a verdict (docs/COURSES.md says what it cannot prove).

// The scopes a report is asked on.
const (
	SimScopeProblem    = "problem"
	SimScopeAssignment = "assignment"
	SimScopeContest    = "contest"
)

// Similarity report statuses.
const (
	SimPending = "pending"
	SimRunning = "running"
	SimDone    = "done"
	SimFailed  = "failed"
)

// Bounds of one report: the programs of one problem and one language
// compared at once (Dolos keeps them all in memory and every pair is kept),
// and the bytes of one program read.
const (
	MaxSimilarityPrograms = 300
	MaxSimilaritySource   = 256 << 10
)

// SimilarityOptions are what an instructor may ask of a report.
type SimilarityOptions struct {
	// AllSubmissions compares every program, not only each student's last
	// of each language per problem.
	AllSubmissions bool `json:"all_submissions"`
}

// SimilarityReport is a report as stored and shown. Pairs are filled only
// by the calls that read one report whole.
type SimilarityReport struct {
	ID      int64
	Scope   string // SimScope*
	ScopeID int64  // the problem's, assignment's or contest's id
	// Title names the scope: the problem's slug, the assignment's or the
	// contest's title.
	Title       string
	Options     SimilarityOptions
	Status      string
	Reason      string // why it failed; or what it left out, when done
	Progress    string // what is done so far, in words
	Programs    int    // the programs compared
	PairCount   int
	RequestedBy string // the instructor's username
	// Automatic reports a report started by the end of an assignment or a
	// contest, not by an instructor.
	Automatic  bool
	CreatedAt  time.Time
	StartedAt  *time.Time
	FinishedAt *time.Time
	Pairs      []SimilarityPair
}

// SimilarityProgram is one program of a pair.
type SimilarityProgram struct {
	Submission int64
	UserID     int64
	User       string // the username
	Language   string
	Problem    string // the problem's slug
}

// SimilarityPair is two programs compared: Similarity is the share of
// their token k-grams that they have in common (0..1), LongestFragment the
// longest run of common k-grams (tokens), Overlap the common k-grams.
type SimilarityPair struct {
	ID              int64
	ReportID        int64
	Rank            int // 1 for the most similar pair of the report
	Left, Right     SimilarityProgram
	Similarity      float64
	LongestFragment int
	Overlap         int
	Fragments       []SimilarityFragment
}

// SimilarityFragment is a run of matching code in both programs.
type SimilarityFragment struct {
	Left, Right LineRange
}

// LineRange is a range of lines counted from 1, both ends included.
type LineRange struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// SimilarityClaim is a report handed to the one runner of a process.
type SimilarityClaim struct {
	SimilarityReport
	Token int64
}

// SimilarityCandidate is a program that a report may compare, without its
// source: the runner chooses among them, then reads the sources of those
// it keeps.
type SimilarityCandidate struct {
	SimilarityProgram
	ProblemID int64
	CreatedAt time.Time
}

// SimilaritySelect says which programs a report reads: those of the
// problems, sent within [From, To) when set, in the contest when
// ContestID is not 0, by students only.
type SimilaritySelect struct {
	ProblemIDs []int64
	ContestID  int64
	From, To   *time.Time
}

// SimilarityStore keeps the reports (a part of Store).
type SimilarityStore interface {
	// CreateSimilarity stores a new pending report and returns its id.
	// An automatic report is stored once per scope: ECONFLICT when its
	// scope has one already (another process made it).
	CreateSimilarity(ctx context.Context, r SimilarityReport) (int64, error)
	// SimilarityReport returns a report without its pairs; ENOTFOUND
	// when there is none.
	SimilarityReport(ctx context.Context, id int64) (SimilarityReport, error)
	// SimilarityPairs returns the pairs of a report, most similar first,
	// from offset, at most limit (0: all).
	SimilarityPairs(ctx context.Context, reportID int64, offset, limit int) ([]SimilarityPair, error)
	// SimilarityPair returns one pair of a report; ENOTFOUND when the
	// report has no such pair.
	SimilarityPair(ctx context.Context, reportID, pairID int64) (SimilarityPair, error)
	// SimilarityReports lists the reports of a scope (scopeID 0: of every
	// scope id), newest first, without their pairs.
	SimilarityReports(ctx context.Context, scope string, scopeID int64, limit int) ([]SimilarityReport, error)
	// ClaimSimilarity takes the oldest pending report, or a running one
	// whose lease was taken before staleBefore, and makes it running;
	// ok is false when there is none.
	ClaimSimilarity(ctx context.Context, staleBefore time.Time) (c SimilarityClaim, ok bool, err error)
	// SimilarityProgress records progress and renews the lease; errLost
	// (ECONFLICT) when the claim is no longer current.
	SimilarityProgress(ctx context.Context, id, token int64, progress string) error
	// FinishSimilarity stores the pairs and ends the report as done, or
	// as failed with reason, in one transaction, if the claim is current.
	FinishSimilarity(ctx context.Context, id, token int64, status, reason string, programs int, pairs []SimilarityPair) error
	// SimilarityCandidates lists the programs sel selects, oldest first.
	SimilarityCandidates(ctx context.Context, sel SimilaritySelect) ([]SimilarityCandidate, error)
	// SimilaritySources returns the sources of submissions, by id.
	SimilaritySources(ctx context.Context, ids []int64) (map[int64]string, error)
}
