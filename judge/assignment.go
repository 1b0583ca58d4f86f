package judge

import (
	"context"
	"time"
)

// Assignment groups problems with weights, an opening and a due time, and a
// late policy. Submissions made between OpensAt and DueAt count in full;
// those made after DueAt and up to LateUntil count multiplied by LateFactor;
// any other submission is stored and judged as usual but does not count.
type Assignment struct {
	ID       int64
	Title    string
	Problems []AssignmentProblem // in the order the instructor gave
	OpensAt  time.Time
	DueAt    time.Time
	// LateUntil is nil when late submissions do not count at all.
	LateUntil  *time.Time
	LateFactor float64 // 0..1; meaningful only with LateUntil
	// ContestID, when not 0, makes the assignment a contest's: its
	// problems and window follow the contest (FollowContest) and its
	// grades are the contest's results.
	ContestID int64
	CreatedAt time.Time
	UpdatedAt time.Time
}

// TitleIn is the problem's title in the page language lang (Problem.TitleIn).
func (p AssignmentProblem) TitleIn(lang string) string {
	return Problem{Title: p.Title, TitleZH: p.TitleZH}.TitleIn(lang)
}

// AssignmentProblem is one problem of an assignment with its weight in the
// total.
type AssignmentProblem struct {
	ProblemID int64
	Slug      string
	Title     string
	TitleZH   string // the problem's Chinese title, "" for none
	Weight    float64
	// Draft and Archived are the problem's own states (see
	// Problem.VisibleTo).
	Draft, Archived bool
	// Unavailable reports a problem the viewer the assignment was read for
	// may not open (a draft or an archived one, to a student): its Title
	// is withheld, and the faces show it without a link. It still counts
	// in the total.
	Unavailable bool
}

// CloseAt is when the last counted submission may be made: LateUntil, or
// DueAt without a late period.
func (a Assignment) CloseAt() time.Time {
	if a.LateUntil != nil {
		return *a.LateUntil
	}
	return a.DueAt
}

// Factor returns what a submission made at t counts for: 1 on time, the late
// factor in the late period, and 0 with counted false outside the window.
// The bounds belong to the earlier period: a submission made exactly at
// DueAt is on time.
func (a Assignment) Factor(t time.Time) (factor float64, late, counted bool) {
	switch {
	case t.Before(a.OpensAt):
		return 0, false, false
	case !t.After(a.DueAt):
		return 1, false, true
	case a.LateUntil != nil && !t.After(*a.LateUntil):
		return a.LateFactor, true, true
	}
	return 0, true, false
}

// OpenFor reports whether the assignment is visible to students at now: from
// its opening on, including after its deadline.
func (a Assignment) OpenFor(now time.Time) bool { return !now.Before(a.OpensAt) }

// AssignmentSpec is an assignment as an instructor writes it.
type AssignmentSpec struct {
	Title    string
	Problems []AssignmentProblemSpec
	OpensAt  time.Time
	DueAt    time.Time
	// LateUntil nil: late submissions do not count.
	LateUntil *time.Time
	// LateFactor nil: 0 (late submissions are marked late and worth
	// nothing) unless LateUntil is set, when it must be given.
	LateFactor *float64
	// ContestID, when not 0, makes it a contest's assignment: the times
	// and the late policy must then be left out, and Problems may only
	// give weights to the contest's problems.
	ContestID int64
}

// AssignmentProblemSpec names a problem by slug; Weight nil means 1.
type AssignmentProblemSpec struct {
	Slug   string
	Weight *float64
}

// AssignmentPatch changes some fields of an assignment; nil fields stay.
// ClearLateUntil removes the late period.
type AssignmentPatch struct {
	Title          *string
	Problems       []AssignmentProblemSpec // nil: unchanged
	OpensAt        *time.Time
	DueAt          *time.Time
	LateUntil      *time.Time
	ClearLateUntil bool
	LateFactor     *float64
	// ContestID links the assignment to a contest; ClearContest unlinks
	// it, keeping the contest's problems and window as its own.
	ContestID    *int64
	ClearContest bool
}

// FollowContest returns a as the assignment of contest c: c's problems in
// label order, each with the weight a gives it (1 for a problem a does not
// list: one added to the contest later), and c's window, from its start to
// its end, with no late period. Grading counts the submissions c counts
// (Contest.Counts: the end is exclusive), not the window's bounds.
func (a Assignment) FollowContest(c Contest) Assignment {
	weights := make(map[int64]float64, len(a.Problems))
	for _, ap := range a.Problems {
		weights[ap.ProblemID] = ap.Weight
	}
	a.Problems = make([]AssignmentProblem, len(c.Problems))
	for i, cp := range c.Problems {
		w, ok := weights[cp.ProblemID]
		if !ok {
			w = 1
		}
		a.Problems[i] = AssignmentProblem{ProblemID: cp.ProblemID, Slug: cp.Slug, Title: cp.Title, Weight: w,
			Draft: cp.Draft, Archived: cp.Archived}
	}
	a.OpensAt, a.DueAt, a.LateUntil, a.LateFactor = c.StartTime, c.EndTime(), nil, 0
	a.ContestID = c.ID
	return a
}

// ContestGrade is a contest's result on one problem as an assignment's
// score, 0..100: under IOI the problem's best score, as the board adds it
// up; under ICPC 100 when solved, else 0 (the board gives no partial
// credit: the tries and minutes rank contestants, they are no grade).
func ContestGrade(scoring Scoring, cell ProblemCell) float64 {
	if scoring == ScoringIOI {
		return cell.Score
	}
	if cell.Solved {
		return 100
	}
	return 0
}

// Bounds of an assignment.
const (
	MaxAssignmentTitle    = 200
	MaxAssignmentProblems = 100
	MaxWeight             = 1000
	// MinWeight is the least weight other than 0.
	MinWeight = 0.001
)

// CourseStore keeps assignments and reads what grading needs.
type CourseStore interface {
	// CreateAssignment stores a (its Problems by ProblemID and Weight) and
	// returns it with its ID and the problems' slugs and titles.
	CreateAssignment(ctx context.Context, a Assignment) (Assignment, error)
	// UpdateAssignment replaces the fields and the problems of a.ID.
	UpdateAssignment(ctx context.Context, a Assignment) (Assignment, error)
	DeleteAssignment(ctx context.Context, id int64) error
	Assignment(ctx context.Context, id int64) (Assignment, error)
	// Assignments returns every assignment, by due time then id.
	Assignments(ctx context.Context) ([]Assignment, error)
	// GradedSubmissions summarises the answer and move submissions to
	// problemIDs made in [from, to], of userID only when it is not 0: one
	// GradedSubmission per user, problem, kind, case, lateness (made after
	// due) and judged state, which is the best of its group (the highest
	// score, the latest among equal ones) with Count and LastID filled in.
	// It runs a constant number of queries, whatever the number of students.
	GradedSubmissions(ctx context.Context, problemIDs []int64, from, due, to time.Time, userID int64) ([]GradedSubmission, error)
	// ContestGradedSubmissions is GradedSubmissions over the submissions
	// that name contest contestID instead of a window; none is late.
	ContestGradedSubmissions(ctx context.Context, contestID int64, problemIDs []int64, userID int64) ([]GradedSubmission, error)
	// SubmissionTimes returns the creation time of each submission of ids.
	SubmissionTimes(ctx context.Context, ids []int64) (map[int64]time.Time, error)
}

// GradedSubmission is the part of a submission that grading reads, standing
// for the Count submissions of its group (see CourseStore.GradedSubmissions).
type GradedSubmission struct {
	ID        int64
	UserID    int64
	ProblemID int64
	Kind      Kind
	CaseID    int64
	Done      bool // judged; the others count as submissions, not for the score
	Verdict   Verdict
	Score     float64 // 0..100, to four decimals
	Late      bool    // made after the due time
	Count     int     // the submissions of the group, at least 1
	LastID    int64   // the latest of them
}
