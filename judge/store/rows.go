package store

import (
	"slices"
	"strings"
	"time"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

type userRow struct {
	ID       int64  `gorm:"primaryKey"`
	Username string `gorm:"size:64;not null;uniqueIndex"`
	// UsernameKey is the folded name, unique; NULL only for the names of an
	// older database that already differed only in case.
	UsernameKey  *string `gorm:"size:64;uniqueIndex"`
	Role         string  `gorm:"size:16;not null"`
	PasswordHash []byte  `gorm:"not null"`
	Disabled     bool    `gorm:"not null;default:false"`
	CreatedAt    time.Time
	// Language and TimeZone are the user's page settings; '' for none.
	Language string `gorm:"size:16;not null;default:''"`
	TimeZone string `gorm:"size:64;not null;default:''"`
}

func (userRow) TableName() string { return "users" }

func (r userRow) domain() judge.User {
	return judge.User{ID: r.ID, Username: r.Username, Role: judge.Role(r.Role), Disabled: r.Disabled, CreatedAt: r.CreatedAt, Language: r.Language, TimeZone: r.TimeZone}
}

type tokenRow struct {
	ID        int64    `gorm:"primaryKey"`
	UserID    int64    `gorm:"not null;index"`
	User      *userRow `gorm:"constraint:OnDelete:CASCADE"`
	Hash      []byte   `gorm:"not null;uniqueIndex"`
	Name      string   `gorm:"size:100;not null;default:''"`
	CreatedAt time.Time
	// LastUsedAt and ExpiresAt are NULL for the tokens of an older
	// database: judge counts their life from CreatedAt.
	LastUsedAt *time.Time
	ExpiresAt  *time.Time `gorm:"index"`
}

func (tokenRow) TableName() string { return "api_tokens" }

func (r tokenRow) domain() judge.Token {
	return judge.Token{ID: r.ID, UserID: r.UserID, Name: r.Name, CreatedAt: r.CreatedAt, LastUsedAt: r.LastUsedAt, ExpiresAt: r.ExpiresAt}
}

type problemRow struct {
	ID        int64  `gorm:"primaryKey"`
	Slug      string `gorm:"size:64;not null;uniqueIndex"`
	Title     string `gorm:"not null"`
	Puzzle    string `gorm:"size:32;not null"`
	Statement string `gorm:"not null"`
	// StatementZH is the Chinese statement, '' for none.
	StatementZH string `gorm:"column:statement_zh;not null;default:''"`
	// TitleZH is the Chinese title, '' for none.
	TitleZH   string `gorm:"column:title_zh;not null;default:''"`
	Checker   string `gorm:"size:32;not null"`
	MaxSize   int    `gorm:"not null"`
	MaxColors int    `gorm:"not null"`
	MaxMoves  int    `gorm:"not null"`
	// Kinds is the problem's kinds joined by commas; the program limits
	// are in the units of judge.Limits. Their defaults are what a row
	// written before them takes on migration: all three kinds and
	// judge.DefaultProgramLimits.
	Kinds                string  `gorm:"size:64;not null;default:'answer,moves,program'"`
	TimeLimit            float64 `gorm:"not null;default:2"`
	MemoryMiB            int     `gorm:"not null;default:256"`
	OutputMiB            int     `gorm:"not null;default:8"`
	CodeKiB              int     `gorm:"not null;default:128"`
	CompilationTime      float64 `gorm:"not null;default:60"`
	CompilationMemoryMiB int     `gorm:"not null;default:2048"`
	ACToTimeLimit        float64 `gorm:"not null;default:2"`
	// Draft, not Published: gorm leaves a zero value with a default out of
	// an INSERT, so a default of true could never be written as false.
	Draft         bool   `gorm:"not null;default:false"`
	Archived      bool   `gorm:"not null;default:false"`
	Detached      bool   `gorm:"not null;default:false"`
	CatalogueHash string `gorm:"size:64;not null;default:''"`
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (problemRow) TableName() string { return "problems" }

func (r problemRow) domain() judge.Problem {
	return judge.Problem{
		ID: r.ID, Slug: r.Slug, Title: r.Title, Puzzle: r.Puzzle, Statement: r.Statement, StatementZH: r.StatementZH, TitleZH: r.TitleZH, Checker: r.Checker,
		Kinds: kindsOf(r.Kinds),
		Limits: judge.Limits{
			MaxSize: r.MaxSize, MaxColors: r.MaxColors, MaxMoves: r.MaxMoves,
			TimeLimit: r.TimeLimit, MemoryMiB: r.MemoryMiB, OutputMiB: r.OutputMiB, CodeKiB: r.CodeKiB,
			CompilationTime: r.CompilationTime, CompilationMemoryMiB: r.CompilationMemoryMiB, ACToTimeLimit: r.ACToTimeLimit,
		}.WithProgramDefaults(),
		Draft: r.Draft, Archived: r.Archived, Detached: r.Detached, CatalogueHash: r.CatalogueHash,
		CreatedAt: r.CreatedAt, UpdatedAt: r.UpdatedAt,
	}
}

// setProblem copies into the row the fields of p that the problem's own
// columns hold (not its ID, flags or times): kinds and limits, with their
// defaults where p leaves them out.
func (r *problemRow) setProblem(p judge.Problem) {
	r.Slug, r.Title, r.Puzzle, r.Statement, r.Checker = p.Slug, p.Title, p.Puzzle, p.Statement, p.Checker
	r.StatementZH, r.TitleZH = p.StatementZH, p.TitleZH
	l := p.Limits.WithProgramDefaults()
	r.MaxSize, r.MaxColors, r.MaxMoves = l.MaxSize, l.MaxColors, l.MaxMoves
	r.Kinds = kindsColumn(p.Kinds)
	r.TimeLimit, r.MemoryMiB, r.OutputMiB, r.CodeKiB = l.TimeLimit, l.MemoryMiB, l.OutputMiB, l.CodeKiB
	r.CompilationTime, r.CompilationMemoryMiB, r.ACToTimeLimit = l.CompilationTime, l.CompilationMemoryMiB, l.ACToTimeLimit
}

// kindsColumn is the stored form of a problem's kinds; none is all three.
func kindsColumn(kinds []judge.Kind) string {
	if len(kinds) == 0 {
		kinds = judge.ProblemKinds
	}
	s := make([]string, len(kinds))
	for i, k := range kinds {
		s[i] = string(k)
	}
	return strings.Join(s, ",")
}

// kindsOf reads kindsColumn's form back; an empty column is all three.
func kindsOf(col string) []judge.Kind {
	if col == "" {
		return slices.Clone(judge.ProblemKinds)
	}
	var out []judge.Kind
	for _, k := range strings.Split(col, ",") {
		out = append(out, judge.Kind(k))
	}
	return out
}

type caseRow struct {
	ID            int64       `gorm:"primaryKey"`
	ProblemID     int64       `gorm:"not null;index:idx_cases_problem_position"`
	Problem       *problemRow `gorm:"constraint:OnDelete:CASCADE"`
	Position      int         `gorm:"not null;index:idx_cases_problem_position"`
	Name          string      `gorm:"not null"`
	Sample        bool        `gorm:"not null"`
	Shipped       bool        `gorm:"not null;default:false"`
	Input         string      `gorm:"not null"`
	Status        string      `gorm:"size:16;not null;index"`
	Answer        string      `gorm:"not null"`
	Moves         string      `gorm:"not null"`
	Optimal       int         `gorm:"not null"`
	Solvable      bool        `gorm:"not null"`
	SolverVersion string      `gorm:"size:32;not null"`
	SolveError    string      `gorm:"not null"`
	Progress      string      `gorm:"not null"`
	// SolveClaimedAt is the lease of the process solving the case (see
	// ClaimCase); NULL when no one is.
	SolveClaimedAt *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
	// DeletedAt keeps a deleted case for the submissions that answered it
	// (gorm's soft delete: the ordinary queries skip it).
	DeletedAt gorm.DeletedAt `gorm:"index"`
}

func (caseRow) TableName() string { return "cases" }

func (r caseRow) domain() judge.Case {
	return judge.Case{
		ID: r.ID, ProblemID: r.ProblemID, Position: r.Position, Name: r.Name, Sample: r.Sample, Shipped: r.Shipped, Input: r.Input,
		Status: judge.CaseStatus(r.Status),
		Expected: judge.Solution{
			Answer: r.Answer, Moves: r.Moves, Optimal: r.Optimal, Solvable: r.Solvable, Version: r.SolverVersion,
		},
		SolveError: r.SolveError, Progress: r.Progress, Deleted: r.DeletedAt.Valid,
	}
}

// submissionRow is one submission. ClaimToken grows with every claim, so a
// worker's judgement is written only while its claim is the current one.
// Priority orders the queue (lower first): 0 for a submission never judged,
// rejudgePriority for one queued again after it had a verdict, so that a new
// submission is judged before a rejudge backlog drains.
type submissionRow struct {
	ID         int64       `gorm:"primaryKey;index:idx_submissions_status_id,priority:2;index:idx_submissions_queue,priority:3;index:idx_submissions_turns,priority:4"`
	UserID     int64       `gorm:"not null;index;index:idx_submissions_turns,priority:2"`
	User       *userRow    `gorm:"constraint:OnDelete:CASCADE"`
	ProblemID  *int64      `gorm:"index"`
	Problem    *problemRow `gorm:"constraint:OnDelete:CASCADE"`
	Kind       string      `gorm:"size:16;not null;index:idx_submissions_turns,priority:5"`
	CaseID     int64       `gorm:"not null"`
	Puzzle     string      `gorm:"size:32;not null"`
	Board      string      `gorm:"not null"`
	Payload    string      `gorm:"not null"`
	Status     string      `gorm:"size:16;not null;index:idx_submissions_status_id,priority:1;index:idx_submissions_queue,priority:1;index:idx_submissions_turns,priority:1"`
	Priority   int         `gorm:"not null;default:0;index:idx_submissions_queue,priority:2;index:idx_submissions_turns,priority:3"`
	Verdict    string      `gorm:"size:16;not null"`
	Score      float64     `gorm:"not null"`
	ClaimToken int64       `gorm:"not null"`
	ClaimedAt  *time.Time
	CreatedAt  time.Time
	JudgedAt   *time.Time
	// An answer's input version and the ids of the cases it answers, in
	// order ("12,13,14"); Format "per_case" when Payload holds per-case
	// outputs as JSON (see history.go).
	InputVersion string `gorm:"size:32;not null;default:''"`
	CaseIDs      string `gorm:"not null;default:''"`
	Format       string `gorm:"size:16;not null;default:''"`
	// RejudgeReason is why the submission was queued again; Changed that
	// a rejudge changed its verdict or score and its owner has not looked.
	RejudgeReason string `gorm:"not null;default:''"`
	// RejudgeReasonID and RejudgeReasonArgs are RejudgeReason as a message
	// id with arguments (judge.Requeue.Saying), '' for none.
	RejudgeReasonID   string `gorm:"size:64;not null;default:''"`
	RejudgeReasonArgs string `gorm:"not null;default:''"`
	Changed           bool   `gorm:"not null;default:false"`
	// WaitingBoards counts the boards whose reference answer a pending
	// submission waits for: Claim leaves it until a solve ends (Unwait).
	WaitingBoards int `gorm:"not null;default:0"`
	// A program's language (Payload is its source), its compiler's
	// message, and the CPU time of its slowest board and the memory of its
	// largest; empty and 0 for the other kinds, and for the rows of before.
	Language      string `gorm:"size:32;not null;default:''"`
	CompileOutput string `gorm:"not null;default:''"`
	CPUMs         int64  `gorm:"column:cpu_ms;not null;default:0"`
	MemoryKiB     int64  `gorm:"column:memory_kib;not null;default:0"`
	// ContestID is the contest the submission names (NULL: practice);
	// the contest's board reads its submissions by it, through an index
	// of the contest submissions only (practice ones never pay for it).
	ContestID *int64 `gorm:"index:idx_submissions_contest,where:contest_id IS NOT NULL"`
}

func (submissionRow) TableName() string { return "submissions" }

// caseResultRow keeps the case's name and position, so that a result stays
// readable after its case is deleted (the case is not a foreign key). Its
// Score is a fraction (0..1), as it has been stored from the start; the
// domain's is 0..100, so it is converted here and in insertResults.
type caseResultRow struct {
	ID           int64          `gorm:"primaryKey"`
	SubmissionID int64          `gorm:"not null;index"`
	Submission   *submissionRow `gorm:"constraint:OnDelete:CASCADE"`
	CaseID       int64          `gorm:"not null;index"`
	CaseName     string         `gorm:"not null"`
	Position     int            `gorm:"not null"`
	Verdict      string         `gorm:"size:16;not null"`
	Message      string         `gorm:"not null"`
	// MessageID and MessageArgs (a JSON object of strings, '' for none)
	// are the message as an id with arguments, for the pages.
	MessageID   string  `gorm:"size:64;not null;default:''"`
	MessageArgs string  `gorm:"not null;default:''"`
	Used        int     `gorm:"not null"`
	Optimal     int     `gorm:"not null"`
	Score       float64 `gorm:"not null"`
	// A program's run on the board (0 for the other kinds).
	CPUMs     int64 `gorm:"column:cpu_ms;not null;default:0"`
	WallMs    int64 `gorm:"column:wall_ms;not null;default:0"`
	MemoryKiB int64 `gorm:"column:memory_kib;not null;default:0"`
	// A program's run on a sample board (judge.RunOutput): RunShown
	// tells an empty output from none kept.
	RunShown    bool   `gorm:"not null;default:false"`
	RunOutput   string `gorm:"not null;default:''"`
	RunStderr   string `gorm:"not null;default:''"`
	RunExpected string `gorm:"not null;default:''"`
}

func (caseResultRow) TableName() string { return "case_results" }

func (r caseResultRow) domain() judge.CaseResult {
	out := judge.CaseResult{
		CaseID: r.CaseID, CaseName: r.CaseName, Position: r.Position, Verdict: judge.Verdict(r.Verdict),
		Message: r.Message, MessageID: r.MessageID, MessageArgs: r.MessageArgs, Used: r.Used, Optimal: r.Optimal, Score: 100 * r.Score,
		CPUMs: r.CPUMs, WallMs: r.WallMs, MemoryKiB: r.MemoryKiB,
	}
	if r.RunShown {
		out.Run = &judge.RunOutput{Output: r.RunOutput, Stderr: r.RunStderr, Expected: r.RunExpected}
	}
	if out.IsCompileResult() {
		out.CaseName = judge.CompileCaseName // rows stored before it had a name: ""
	}
	return out
}

// utcPtr returns *t in UTC, or nil: the optional times of a row and of its
// domain value.
func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
