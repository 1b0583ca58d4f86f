package judge

import (
	"context"
	"time"
)

// ContestImport is a contest read from a contest package (the ICPC
// Contest Package format), to be set up on this server in one piece:
// Service.ImportContest writes all of it or nothing.
type ContestImport struct {
	// Spec is the contest with its teams, organizations and groups; its
	// Problems are filled in from Problems when the slugs are known.
	Spec ContestSpec
	// UnfrozenAt is when the jury revealed the final board, nil if never.
	UnfrozenAt *time.Time
	Problems   []ImportedProblem
	// Accounts are the teams' members, each once.
	Accounts []ImportedAccount
	// Submissions are the teams' judged submissions, in the order made.
	Submissions []ImportedSubmission
	// Clarifications are the contest's questions and the jury's answers,
	// in the order written; ReplyTo refers to an earlier one by index.
	Clarifications []ImportedClarification
	// Publish makes the problems created from the package published at
	// once; otherwise they are drafts, as a problem import makes them.
	Publish bool
	// Skipped counts what the package holds that cannot be imported
	// (submissions never judged, jury accounts), by what it is.
	Skipped map[string]int
	// Warnings say, in words, what else the package holds that the
	// import leaves out: the files it does not read (persons, runs,
	// awards, the board, the feed, logos, ...) and the judgements a
	// rejudge replaced.
	Warnings []string
}

// ImportedProblem is a problem of an imported contest: an existing problem
// with the slug Slug, or, when there is none, New (from the package's
// problem package; nil when the package has none for it).
type ImportedProblem struct {
	Label string
	Slug  string
	New   *ImportedPackage
	// PackageError says why the problem's package could not be read; it
	// matters only when no problem has the slug.
	PackageError string
	// File is where the package describes it, for the errors.
	File string
}

// ImportedPackage is a problem package: the problem, its cases and its
// own programs.
type ImportedPackage struct {
	Problem  Problem
	Cases    []CaseSpec
	Programs []ProgramFile
}

// ImportedAccount is a team member's account: one that does not exist
// is created as a student, with Password (a random one when "").
type ImportedAccount struct {
	Username string
	Password string
	File     string
}

// ImportedSubmission is a judged submission of an imported contest, by a
// member of a team (Username).
type ImportedSubmission struct {
	Username string
	Label    string // the problem's label in the contest
	Kind     Kind
	Language string // KindProgram
	Payload  string
	At       time.Time
	Verdict  Verdict
	Score    float64
	JudgedAt time.Time
	CPUMs    int64
	File     string
}

// ImportedClarification is a message of an imported contest: a team's
// question (From, a member of it) or the jury's message (From ""), to one
// team (To, a member of it) or to all.
type ImportedClarification struct {
	From, To string
	Label    string // the problem's label, "" when general
	Text     string
	At       time.Time
	ReplyTo  int // index in ContestImport.Clarifications, -1 for none
}

// ImportTx is the part of the store an import writes through, in one
// transaction: what it writes is seen by what it reads next.
type ImportTx interface {
	UserByName(ctx context.Context, username string) (User, []byte, error)
	CreateUsers(ctx context.Context, users []NewUser) ([]User, error)
	ProblemBySlug(ctx context.Context, slug string) (Problem, error)
	PutProblem(ctx context.Context, p Problem, cases []Case) (Problem, []Case, error)
	PutPrograms(ctx context.Context, problemID int64, files []ProgramFile) error
	CreateContest(ctx context.Context, c Contest) (Contest, error)
	// CreateJudgedBatch stores judged submissions without case results.
	CreateJudgedBatch(ctx context.Context, subs []Submission) error
	CreateClarification(ctx context.Context, m Clarification) (Clarification, error)
}

// ImportStore runs an import's writes as one transaction.
type ImportStore interface {
	// Atomically runs fn with an ImportTx whose writes are committed
	// when fn returns nil and rolled back, all of them, otherwise.
	Atomically(ctx context.Context, fn func(ImportTx) error) error
}
