package judge

import (
	"context"
	"time"
)

// Store is the persistence the Service needs; judge/store implements it with
// gorm. It is split by concern so that a test double, or a later service,
// takes only the part it uses. Lookups of missing rows return an *Error with
// code ENOTFOUND, never a nil value with a nil error.
type Store interface {
	Ping(ctx context.Context) error
	// Heartbeat probes a write that needs new space; EUNAVAILABLE when the
	// storage is full.
	Heartbeat(ctx context.Context) error
	AccountStore
	CatalogueStore
	QueueStore
	AuthoringStore
	CourseStore
	UserAdminStore
	RejudgeStore
	HintStore
	GenerationStore
	LoginStore
	CatalogueVersioner
	ProgramStore
	ContestStore
	CCSStore
	SimilarityStore
	ImportStore
	RunStore
}

// AccountStore keeps users and their API tokens.
type AccountStore interface {
	// CreateUser stores u with its bcrypt password hash; ECONFLICT when the
	// username is taken.
	CreateUser(ctx context.Context, u User, passwordHash []byte) (User, error)
	// UserByName returns the user and its password hash.
	UserByName(ctx context.Context, username string) (User, []byte, error)
	CountUsers(ctx context.Context) (int, error)
	// CreateToken stores the sha256 hash of a new API token t (UserID,
	// Name, ExpiresAt) and returns it with its ID and CreatedAt.
	CreateToken(ctx context.Context, t Token, tokenHash []byte) (Token, error)
	// TokenByHash returns the token with that hash and its owner.
	TokenByHash(ctx context.Context, tokenHash []byte) (User, Token, error)
	// TouchToken records a use of a token and its new expiry.
	TouchToken(ctx context.Context, id int64, usedAt, expiresAt time.Time) error
	// Tokens lists the tokens of a user, newest first.
	Tokens(ctx context.Context, userID int64) ([]Token, error)
	// DeleteToken deletes the token with that hash; ENOTFOUND when there is none.
	DeleteToken(ctx context.Context, tokenHash []byte) error
	// DeleteUserToken deletes token id of userID; ENOTFOUND when userID
	// has no token with that id.
	DeleteUserToken(ctx context.Context, userID, id int64) error
	// DeleteExpiredTokens deletes the tokens of userID that expired before
	// now, and those without an expiry created before createdBefore.
	DeleteExpiredTokens(ctx context.Context, userID int64, now, createdBefore time.Time) error
}

// CatalogueStore keeps the problems, their cases and the cases' expected
// solutions.
type CatalogueStore interface {
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
	DeleteCase(ctx context.Context, id int64) error
	// FinishCase records the solver's outcome for the case, provided its
	// input is still input (a case edited meanwhile is solved again), and
	// puts back to pending the submissions rejudge selects (none when it is
	// nil), in the same transaction: no worker judges against the new
	// outcome before the rejudge is queued, so none is rejudged for nothing.
	FinishCase(ctx context.Context, id int64, input string, status CaseStatus, sol Solution, solveErr string, rejudge *Requeue) error
	SetCaseProgress(ctx context.Context, id int64, progress string) error
	// MarkSolving makes a case solving again (its solver version is old).
	MarkSolving(ctx context.Context, id int64) error
	// ClaimCase takes the lease on solving a case: it reports true when the
	// case is solving and no one holds a lease taken at or after
	// staleBefore, so that of several processes one solves it. FinishCase,
	// MarkSolving and a new input end the lease; ReleaseCase gives it up.
	ClaimCase(ctx context.Context, id int64, staleBefore time.Time) (bool, error)
	ReleaseCase(ctx context.Context, id int64) error

	// SyncCatalogue reads the problem with slug and its cases, asks plan
	// what to change, and writes the changes, all in one transaction: when
	// plan or any write fails, nothing is written. Syncs of the same
	// database run one after the other, also from several processes, so
	// that plan always sees what the previous sync wrote. It returns the
	// problem and the cases saved, as stored.
	SyncCatalogue(ctx context.Context, slug string, plan CataloguePlan) (Problem, []Case, error)
}

// CataloguePlan decides the changes of a catalogue sync from what is stored:
// the problem with the slug (found is false when there is none) and its
// cases in position order.
type CataloguePlan func(old Problem, found bool, cases []Case) (CatalogueChanges, error)

// CatalogueChanges are the writes of one catalogue sync, applied in order:
// the problem, the deletions, the cases saved, the requeue.
type CatalogueChanges struct {
	// Problem, when not nil, is inserted, or updated by slug.
	Problem *Problem
	// Delete holds the ids of the cases to delete.
	Delete []int64
	// Save holds the cases to insert (ID 0) or to update: Position, Name,
	// Sample, Shipped and Input are stored, and a new input makes the case
	// solving again, without its old solution. A new case is solving.
	Save []Case
	// Requeues put submissions of the problem back to pending, as
	// RejudgeStore.RequeueFor does (their ProblemID is the problem's).
	Requeues []Requeue
}

// QueueStore keeps the submissions, the queue of those to judge, and their
// verdicts.
type QueueStore interface {
	// CreateSubmission stores s as pending; when it returns the commit is
	// done (and, with SQLite's synchronous=full or PostgreSQL's
	// synchronous_commit, on disk).
	CreateSubmission(ctx context.Context, s Submission) (Submission, error)
	// CreateJudged stores an already judged submission with its results.
	CreateJudged(ctx context.Context, s Submission, results []CaseResult) (Submission, error)
	// Claim moves up to n pending submissions to judging with a conditional
	// update and returns them; Claim is safe across processes.
	Claim(ctx context.Context, n int) ([]Claim, error)
	// ClaimLane claims like Claim, from one lane only, serving users in
	// turn (see QueueTurn); with perUser > 0 no user holds more than
	// perUser claims of the lane at once, counted across processes.
	ClaimLane(ctx context.Context, lane Lane, n, perUser int) ([]Claim, error)
	// Finish writes the verdicts and case results of claimed submissions in
	// one transaction. A judgement whose claim is no longer current (the
	// submission was requeued meanwhile) is dropped; the result tells which
	// submissions were written.
	Finish(ctx context.Context, judged []Judged) (map[int64]bool, error)
	// Release puts claimed submissions back to pending, unjudged, if their
	// claim is still current.
	Release(ctx context.Context, claims []Claim) error
	// Wait puts a claimed submission back to pending, unjudged, waiting
	// for the reference answers of boards of its cases: Claim leaves it
	// until Unwait, unless none of cases is solving any more.
	Wait(ctx context.Context, c Claim, boards int, cases []int64) error
	// Unwait lets Claim take the waiting submissions of a problem again
	// (problem 0: of every problem with no case solving) and counts them.
	Unwait(ctx context.Context, problem int64) (int, error)
	// Renew extends the leases of claims still current (their claimed_at
	// becomes now) and returns the submissions it renewed: one missing was
	// taken over or queued again meanwhile, and its judgement will not be
	// written.
	Renew(ctx context.Context, claims []Claim) (map[int64]bool, error)
	// ResetJudging puts the submissions claimed before claimedBefore and
	// still judging back to pending.
	ResetJudging(ctx context.Context, claimedBefore time.Time) (int, error)
	// Submission returns a submission with its results in case order.
	Submission(ctx context.Context, id int64) (Submission, error)
	Submissions(ctx context.Context, f SubmissionFilter) ([]Submission, int, error)
	QueueLength(ctx context.Context) (int, error)
}

// Lane is a part of the queue with workers of its own, so that the
// submissions of one never wait behind those of the other: answers and
// moves take milliseconds each, a program seconds to minutes.
type Lane string

// The lanes of the queue; LaneAll is both, Claim's.
const (
	LaneAll      Lane = ""
	LaneAnswers  Lane = "answers"  // answers and moves
	LanePrograms Lane = "programs" // programs
)

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
	// CompileOutput is a program's compiler message (KindProgram); its
	// CPU time and memory are those of its Results (ProgramFigures).
	CompileOutput string
}

// HintStore keeps the problems' hint settings and the hints given.
type HintStore interface {
	ProblemHints(ctx context.Context, problemID int64) (bool, error)
	SetProblemHints(ctx context.Context, problemID int64, on bool) error
	AddHint(ctx context.Context, userID, problemID, caseID int64) error
	HintCount(ctx context.Context, userID, problemID int64) (int, error)
}

// CatalogueVersioner keeps a catalogue version: a number that changes
// whenever a problem or a case is written, by any process on the database
// (judge/store raises it with triggers). The service caches the problems
// with their cases, and the page layer what it draws from them, and reads
// the version, one cheap row, before each use: an instructor's change shows
// on the next request of every process.
type CatalogueVersioner interface {
	CatalogueVersion(ctx context.Context) (int64, error)
}
