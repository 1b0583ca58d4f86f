// Package judge is the domain of the grading server: its types, errors and
// verdicts, the Can* rules of who may do what, the interfaces of the stores and
// of a puzzle, and the file formats (per-case zips, the grades CSV). It imports
// the standard library only; the adapters of the puzzles are in judge/puzzles,
// the Service that runs it all in judge/service.
package judge

import (
	"strings"
	"time"
)

// Verdict is the closed set of outcomes of a judged case or submission, the
// same in the API, the pages and the database.
type Verdict string

// The verdicts of DESIGN.md. The last five are a program's (KindProgram):
// its source did not compile, or a board's run broke a limit or ended badly;
// a run that ends well has its output judged as an answer's case is.
const (
	Accepted     Verdict = "accepted"
	Suboptimal   Verdict = "suboptimal"
	NotSolved    Verdict = "not_solved"
	Invalid      Verdict = "invalid"
	WrongAnswer  Verdict = "wrong_answer"
	JudgeError   Verdict = "judge_error"
	CompileError Verdict = "compile_error"
	TimeLimit    Verdict = "time_limit"
	MemoryLimit  Verdict = "memory_limit"
	RuntimeError Verdict = "runtime_error"
	OutputLimit  Verdict = "output_limit"
)

// Verdicts returns the closed set of verdicts, in the order lists and
// filters show them.
func Verdicts() []Verdict {
	return []Verdict{Accepted, Suboptimal, NotSolved, Invalid, WrongAnswer, JudgeError,
		CompileError, TimeLimit, MemoryLimit, RuntimeError, OutputLimit}
}

// Status is where a submission is in the queue.
type Status string

// The submission statuses.
const (
	StatusPending Status = "pending"
	StatusJudging Status = "judging"
	StatusDone    Status = "done"
)

// CaseStatus says whether a case's expected solution is known.
type CaseStatus string

// The case statuses.
const (
	CaseSolving CaseStatus = "solving"
	CaseReady   CaseStatus = "ready"
	CaseFailed  CaseStatus = "failed"
)

// Kind is what a submission holds.
type Kind string

// The submission kinds. KindCheck is a board checked through POST /check:
// it belongs to no problem and is stored already judged.
const (
	KindAnswer Kind = "answer"
	KindMoves  Kind = "moves"
	KindCheck  Kind = "check"
	// KindProgram is source code, compiled once and run on every board in
	// the sandbox (judge/sandbox).
	KindProgram Kind = "program"
)

// Role is what a user may do.
type Role string

// The roles.
const (
	RoleStudent    Role = "student"
	RoleInstructor Role = "instructor"
)

// User is an account. It is also the viewer that the service's methods
// take to decide what the caller may do and see (authz.go); the zero User
// is the anonymous visitor.
type User struct {
	ID       int64
	Username string
	Role     Role
	// Disabled accounts cannot log in, and their tokens are gone.
	Disabled  bool
	CreatedAt time.Time
	// Language is the language of the pages chosen by the user (one of
	// PageLanguages); empty: the browser's, else the server's default.
	Language string
	// TimeZone is the IANA name of the zone the pages show times in;
	// empty: the server's time_zone.
	TimeZone string
}

// Token is an API token (or page session) as its owner may see it; the
// secret itself is never stored, only its hash.
type Token struct {
	ID         int64
	UserID     int64
	Name       string
	CreatedAt  time.Time
	LastUsedAt *time.Time
	// ExpiresAt is nil for a token of an older database, which then
	// expires Config.TokenTTL after CreatedAt unless it is used.
	ExpiresAt *time.Time
}

// Limits bound the boards an instructor may add to a problem (0 means the
// engine's own limit) and the programs it judges. The program limits carry
// the names of the Kattis problem package format (2023-07) of problem.yaml's
// limits, given beside each; a problem's are never 0 once loaded or stored
// (see DefaultProgramLimits and WithProgramDefaults in judge/kinds.go).
type Limits struct {
	MaxSize, MaxColors, MaxMoves int

	TimeLimit            float64 // time_limit: CPU seconds per board
	MemoryMiB            int     // memory: MiB per run
	OutputMiB            int     // output: MiB a run may write
	CodeKiB              int     // code: KiB of source
	CompilationTime      float64 // compilation_time: seconds
	CompilationMemoryMiB int     // compilation_memory: MiB
	// ACToTimeLimit is time_multipliers.ac_to_time_limit: the time limit is
	// this many times the slowest accepted program's board, rounded up.
	ACToTimeLimit float64
}

// TitleIn returns p's title in the page language lang: TitleZH for
// "zh-CN" when it has one, else Title.
func (p Problem) TitleIn(lang string) string {
	if lang == "zh-CN" && p.TitleZH != "" {
		return p.TitleZH
	}
	return p.Title
}

// Problem is one problem of the catalogue.
type Problem struct {
	ID        int64
	Slug      string
	Title     string
	Puzzle    string
	Statement string
	// StatementZH is the statement in Simplified Chinese (statement.zh.md,
	// a package's statement/problem.zh.md); "" when there is none, and
	// every reader gets Statement.
	StatementZH string
	// TitleZH is the title in Simplified Chinese (problem.yaml's title_zh,
	// a package's name.zh); "" when there is none, and every reader gets
	// Title.
	TitleZH string
	// Checker is "" (exact answers) or CheckerAnyValid (mayan: any valid
	// solution is accepted in answer mode).
	Checker string
	// Kinds are the kinds of submission the problem takes, in the order
	// answer, moves, program (see Takes).
	Kinds  []Kind
	Limits Limits
	// Draft problems and Archived ones are seen by instructors only.
	Draft, Archived bool
	// CatalogueHash identifies the shipped version the problem was synced
	// from ("" for a problem instructors made); Detached is set when an
	// instructor edits a shipped problem, and the catalogue sync then
	// leaves it alone.
	CatalogueHash string
	Detached      bool
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

// CheckerAnyValid is the Problem.Checker that accepts any valid Mayan solution.
const CheckerAnyValid = "any-valid"

// ProblemSummary is a problem with its number of cases, for lists.
type ProblemSummary struct {
	Problem
	Cases int
}

// Solution is a case's expected answer as computed by the reference solver.
type Solution struct {
	Answer   string // classic expected output of the case ("3\n")
	Moves    string // an optimal move text in the replay syntax
	Optimal  int    // number of moves of Moves (0 when unsolvable)
	Solvable bool
	Version  string // solver version
}

// Case is one board of a problem.
type Case struct {
	ID        int64
	ProblemID int64
	Position  int // order within the problem, 1-based
	Name      string
	Sample    bool
	// Shipped reports whether the case comes from the shipped catalogue,
	// which SyncProblem keeps in step, rather than from an instructor.
	Shipped  bool
	Input    string // one case in the canonical classic format, no terminator
	Status   CaseStatus
	Expected Solution // valid only when Status == CaseReady
	// SolveError says why the solver failed when Status == CaseFailed.
	SolveError string
	// Progress is a best-effort description of a running solve.
	Progress string
	// Deleted reports a case an instructor or the catalogue removed: it is
	// kept for the submissions that answered it (see judge/inputversion.go).
	Deleted bool
	// Redacted reports that Expected and Progress were withheld from the
	// viewer the case was read for (see CanReadExpected).
	Redacted bool
	// Secret reports that Input was withheld from the viewer the case was
	// read for, and Name replaced by the case's position (see CaseFor).
	Secret bool
}

// CaseSpec is a case as an instructor or the catalogue supplies it.
type CaseSpec struct {
	Name   string
	Input  string
	Sample bool
}

// Submission is a student's answer text, move text or program, with its
// verdict.
type Submission struct {
	ID          int64
	UserID      int64
	Username    string
	ProblemID   int64 // 0 for KindCheck
	ProblemSlug string
	Kind        Kind
	CaseID      int64 // KindMoves: the case the moves are for
	// Payload is the answer text, the move text, or a program's source
	// (KindProgram, whose Language names the language it is written in).
	Payload   string
	Language  string
	Puzzle    string // KindCheck: the puzzle of Board
	Board     string // KindCheck: the board checked, canonical text
	Status    Status
	Verdict   Verdict // "" until done
	Score     float64 // 0..100
	CreatedAt time.Time
	JudgedAt  *time.Time
	Results   []CaseResult // filled by Service.Submission, in case order

	// KindAnswer: the input version answered and the ids of its cases, in
	// the order of the input; the submission is judged against exactly
	// these (judge/inputversion.go).
	InputVersion string
	CaseIDs      []int64
	// Outputs holds an answer sent as per-case outputs (judge/percase.go);
	// Payload is then empty.
	Outputs []CaseOutput
	// Changed reports a rejudge that changed the verdict or score and that
	// the owner has not seen yet; History the earlier judgings, oldest
	// first (judge/history.go), filled by Service.Submission.
	Changed bool
	History []Judging

	// KindProgram: the compiler's message (at most MaxCompileOutput bytes;
	// its owner and instructors read it), the CPU time of the slowest
	// board and the peak memory of the largest, once judged.
	CompileOutput string
	CPUMs         int64
	MemoryKiB     int64

	// ContestID is the contest the submission was made in (0: practice);
	// it counts there when made while the contest runs (Contest.Counts).
	ContestID int64

	// Waiting counts, while the submission is pending, the boards whose
	// reference answer it waits for before it is judged (WaitingText).
	Waiting int
}

// WaitingText says what a pending submission waits for ("the reference
// answers of 3 boards"), or nothing.
func (s Submission) WaitingText() Msg {
	if s.Status != StatusPending || s.Waiting <= 0 {
		return Msg{}
	}
	return M("waiting_references", "Count", s.Waiting)
}

// MaxCompileOutput caps the compiler's message kept with a program.
const MaxCompileOutput = 64 << 10

// CompileCaseName names the one result of a program that did not compile:
// it stands for every board (CaseID 0), so it is named for the step that
// failed, the same for everyone, never a board's name or number.
const CompileCaseName = "compile"

// IsCompileResult reports whether r is a program's compile result, the one
// that stands for every board.
func (r CaseResult) IsCompileResult() bool { return r.CaseID == 0 && r.Verdict == CompileError }

// CaseResult is the verdict of one case of a submission.
type CaseResult struct {
	CaseID   int64
	CaseName string
	Position int
	Verdict  Verdict
	Message  string
	// MessageID and MessageArgs are Message as an id with arguments
	// (judge.Result); empty when it has none.
	MessageID   string
	MessageArgs string
	Used        int     // moves used (0 when not applicable)
	Optimal     int     // optimum (0 when not applicable)
	Score       float64 // 0..100, like the submission's
	// A program's run on the board: CPU and wall-clock milliseconds, peak
	// memory in KiB (0 for the other kinds).
	CPUMs, WallMs, MemoryKiB int64
	// Run is what a program printed on a sample board and what it should
	// have printed (issue 34), for its author and instructors
	// (CanReadRunOutput); nil on a hidden board, where nothing of it is
	// kept, and for the other kinds.
	Run *RunOutput
}

// RunOutput is a program's run on a sample board as its author reads it:
// its standard output and error and the reference answer, each cut to
// MaxRunShown bytes at a character's boundary.
type RunOutput struct {
	Output, Stderr, Expected string
}

// MaxRunShown caps each text of a RunOutput.
const MaxRunShown = 4 << 10

// CutText returns s as valid UTF-8 without NUL bytes, cut to at most n
// bytes at a character's boundary.
func CutText(s string, n int) string {
	s = strings.ToValidUTF8(strings.ReplaceAll(s, "\x00", ""), "\uFFFD")
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut]
}

// ProgramFigures returns a program's figures from its board results: the
// CPU time of the slowest board and the peak memory of the largest.
func ProgramFigures(results []CaseResult) (cpuMs, memoryKiB int64) {
	for _, r := range results {
		cpuMs, memoryKiB = max(cpuMs, r.CPUMs), max(memoryKiB, r.MemoryKiB)
	}
	return cpuMs, memoryKiB
}

// CheckResult is the answer of Service.Check.
type CheckResult struct {
	Verdict      Verdict
	Score        float64 // 0..100
	Used         int
	Optimal      int
	Message      string
	SubmissionID int64
}

// SubmissionFilter selects submissions for Service.Submissions; zero fields
// do not filter.
type SubmissionFilter struct {
	UserID      int64
	ProblemSlug string
	Username    string
	// ContestID keeps the submissions that name the contest (0: any).
	ContestID int64
	// Usernames, when not nil, keeps the submissions of those users (a
	// team's members).
	Usernames []string
	Verdict   Verdict
	Limit     int
	Offset    int
	// Withheld are the cases on which the viewer may not read the optimum
	// (CanReadOptimum): moves on them that were accepted or suboptimal
	// match the Verdict Solved, and neither of those.
	Withheld []int64
}

// Health is the state of the judge as /healthz reports it.
type Health struct {
	// OK reports that the database answers and takes writes: the server
	// serves. Reason says, when not OK, what is wrong, in words an
	// operator can act on and a user may read.
	OK     bool
	Reason string
	// Degraded lists the parts the configuration asks for that do not
	// work (programs are not judged: the sandbox did not start), each in
	// such words; the server serves the rest.
	Degraded []string
	// Solving counts the cases whose reference answer is being solved:
	// the submissions that need them wait meanwhile.
	Solving int
}
