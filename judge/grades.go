package judge

import (
	"time"
)

// ProblemGrade is a student's standing on one problem of an assignment.
type ProblemGrade struct {
	Slug string
	// Score is the best counted score, late factor applied, 0..100: the
	// best answer, or the mean over the non-sample boards of each board's
	// best moves, whichever is higher.
	Score float64
	// Verdict is that of the best answer, or for moves the first board in
	// case order whose best is not accepted (not_solved for a board never
	// tried); "" when nothing judged counts.
	Verdict Verdict
	// Late reports whether the score holds a submission of the late period.
	Late bool
	// Submissions counts the submissions made in the counted window
	// (OpensAt to CloseAt), judged or not; Pending those not judged yet.
	Submissions int
	Pending     int
	Last        *time.Time // the last of them
}

// StudentGrade is one row of a gradebook.
type StudentGrade struct {
	User     User
	Problems []ProblemGrade // in the assignment's order
	// Total is the weighted mean of the problems' scores, 0..100.
	Total float64
}

// Gradebook is the progress of students on an assignment.
type Gradebook struct {
	Assignment Assignment
	Rows       []StudentGrade // by username
	AsOf       time.Time
}

// BoardGrade is a student's best moves on one board of a problem.
type BoardGrade struct {
	CaseID      int64
	Score       float64 // 0..100, late factor applied
	Verdict     Verdict // "" when no counted moves were judged on it
	Late        bool
	Submissions int
}

// StudentBoards is one row of a problem's drill-down.
type StudentBoards struct {
	User   User
	Grade  ProblemGrade
	Boards []BoardGrade // in the order of ProblemBoards.Cases
}

// ProblemBoards is the drill-down of one problem of an assignment: students
// by boards.
type ProblemBoards struct {
	Assignment Assignment
	Problem    AssignmentProblem
	Cases      []Case // every case in position order; Sample ones do not count
	Rows       []StudentBoards
	AsOf       time.Time
}

// Phase says where an assignment stands at a time, for lists and pages.
type Phase string

// The phases of an assignment.
const (
	PhaseUpcoming Phase = "upcoming" // not open yet
	PhaseOpen     Phase = "open"     // on time until DueAt
	PhaseLate     Phase = "late"     // after DueAt, counted with the late factor
	PhaseClosed   Phase = "closed"   // nothing counts any more
)

// PhaseAt returns the phase of a at t.
func (a Assignment) PhaseAt(t time.Time) Phase {
	switch {
	case t.Before(a.OpensAt):
		return PhaseUpcoming
	case !t.After(a.DueAt):
		return PhaseOpen
	case a.LateUntil != nil && !t.After(*a.LateUntil):
		return PhaseLate
	}
	return PhaseClosed
}
