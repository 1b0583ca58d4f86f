package judge

import (
	"context"
	"time"
)

// Store is the persistence the Service needs; judge/store implements it with
// gorm. Lookups of missing rows return an *Error with code ENOTFOUND, never a
// nil value with a nil error.
type Store interface {
	Ping(ctx context.Context) error
	RejudgeStore

	// CreateUser stores u with its bcrypt password hash; ECONFLICT when the
	// username is taken.
	CreateUser(ctx context.Context, u User, passwordHash []byte) (User, error)
	// UserByName returns the user and its password hash.
	UserByName(ctx context.Context, username string) (User, []byte, error)
	CountUsers(ctx context.Context) (int, error)
	// CreateToken stores the sha256 hash of an API token of userID.
	CreateToken(ctx context.Context, userID int64, tokenHash []byte) error
	UserByTokenHash(ctx context.Context, tokenHash []byte) (User, error)
	// DeleteToken deletes the token with that hash; ENOTFOUND when there is none.
	DeleteToken(ctx context.Context, tokenHash []byte) error

	// SaveProblem inserts p, or updates the problem with p's slug, and
	// returns it with its ID.
	SaveProblem(ctx context.Context, p Problem) (Problem, error)
	ProblemBySlug(ctx context.Context, slug string) (Problem, error)
	ProblemByID(ctx context.Context, id int64) (Problem, error)
	Problems(ctx context.Context) ([]ProblemSummary, error)

	// Cases returns the cases of a problem in position order.
	Cases(ctx context.Context, problemID int64) ([]Case, error)
	CaseByID(ctx context.Context, id int64) (Case, error)
	// CasesByStatus returns the cases of every problem with that status.
	CasesByStatus(ctx context.Context, status CaseStatus) ([]Case, error)
	// AddCase appends c to its problem (Position = last + 1) as solving.
	AddCase(ctx context.Context, c Case) (Case, error)
	// UpdateCase stores c's Position, Name, Sample, Shipped and Input; when the input
	// changes the case becomes solving again.
	UpdateCase(ctx context.Context, c Case) (Case, error)
	DeleteCase(ctx context.Context, id int64) error
	// FinishCase records the solver's outcome for the case, provided its
	// input is still input (a case edited meanwhile is solved again).
	FinishCase(ctx context.Context, id int64, input string, status CaseStatus, sol Solution, solveErr string) error
	SetCaseProgress(ctx context.Context, id int64, progress string) error

	// SubmitTarget returns the id of the problem with that slug (ENOTFOUND
	// when there is none) and whether caseID is one of its cases.
	SubmitTarget(ctx context.Context, slug string, caseID int64) (problemID int64, caseOK bool, err error)
	// CreateSubmission stores s as pending in one transaction.
	CreateSubmission(ctx context.Context, s Submission) (Submission, error)
	// CreateJudged stores an already judged submission with its results.
	CreateJudged(ctx context.Context, s Submission, results []CaseResult) (Submission, error)
	// Claim moves up to n pending submissions to judging with a conditional
	// update and returns them; Claim is safe across processes.
	Claim(ctx context.Context, n int) ([]Claim, error)
	// Finish writes the verdicts and case results of claimed submissions in
	// one transaction. A judgement whose claim is no longer current (the
	// submission was requeued meanwhile) is dropped; the result tells which
	// submissions were written.
	Finish(ctx context.Context, judged []Judged) (map[int64]bool, error)
	// Release puts claimed submissions back to pending, unjudged, if their
	// claim is still current.
	Release(ctx context.Context, claims []Claim) error
	// ResetJudging puts the submissions claimed before claimedBefore and
	// still judging back to pending.
	ResetJudging(ctx context.Context, claimedBefore time.Time) (int, error)
	// MarkSolving makes a case solving again (its solver version is old).
	MarkSolving(ctx context.Context, id int64) error
	// Requeue puts every answer and move submission of a problem back to
	// pending, keeping verdicts and results until new ones are written.
	Requeue(ctx context.Context, problemID int64) (int, error)
	// Submission returns a submission with its results in case order.
	Submission(ctx context.Context, id int64) (Submission, error)
	Submissions(ctx context.Context, f SubmissionFilter) ([]Submission, int, error)
	QueueLength(ctx context.Context) (int, error)
}

// Claim is a submission handed to a worker; Token identifies this claim so
// that a stale judgement is never written over a newer one.
type Claim struct {
	Submission
	Token int64
}

// Judged is the outcome of a claim, written by Store.Finish. A batch is
// written at once, with the JudgedAt of its first judgement.
type Judged struct {
	ID       int64
	Token    int64
	Verdict  Verdict
	Score    float64
	JudgedAt time.Time
	Results  []CaseResult
	// Rejudge reports that the submission had a verdict when it was
	// claimed: Finish then keeps that one in its history.
	Rejudge bool
}
