package judge

import (
	"context"
	"fmt"
	"time"
)

// Judging is an earlier result of a submission that a rejudge replaced, as
// DOMjudge keeps its judgings: what it was, when it was judged, why it was
// judged again, and what it became.
type Judging struct {
	Verdict  Verdict // the earlier verdict
	Score    float64 // the earlier score
	JudgedAt *time.Time
	Reason   string
	// ReasonID and ReasonArgs are Reason as a message id with arguments
	// (Msg.ArgsJSON), for the pages; empty for a judging stored before
	// reasons had ids.
	ReasonID, ReasonArgs string
	RejudgedAt           time.Time
	NewVerdict           Verdict
	NewScore             float64
}

// Changed reports whether the rejudge changed the verdict or the score.
func (j Judging) Changed() bool {
	return j.Verdict != j.NewVerdict || !SameScore(j.Score, j.NewScore)
}

// String says what the rejudge did, as the pages show it: "rejudged on
// 2026-11-30 18:00 UTC (board 3 (x) was deleted): was accepted 100, now
// wrong_answer 94".
func (j Judging) String() string {
	return fmt.Sprintf("rejudged on %s (%s): was %s %.0f, now %s %.0f",
		j.RejudgedAt.UTC().Format("2006-01-02 15:04 UTC"), j.Reason, j.Verdict, j.Score, j.NewVerdict, j.NewScore)
}

func SameScore(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }

// Requeue says which submissions to judge again and why: those of a
// problem, or only those holding a result for CaseID; with OnlyErrors, only
// those whose result for a case of the problem is judge_error; with
// AnswersOnly, no move submissions (programs are judged as answers are).
type Requeue struct {
	ProblemID   int64
	CaseID      int64
	OnlyErrors  bool
	AnswersOnly bool
	Reason      string
	// ReasonID and ReasonArgs are Reason as a message (see Saying).
	ReasonID, ReasonArgs string
}

// Saying returns r with m as its reason: its English Reason, and its id
// and arguments for the pages.
func (r Requeue) Saying(m Msg) Requeue {
	r.Reason, r.ReasonID, r.ReasonArgs = m.Text(), string(m.ID), m.ArgsJSON()
	return r
}

// ReasonMsg is the reason of a judging as a message; ok is false for one
// stored without an id (its Reason is then all there is).
func (j Judging) ReasonMsg() (Msg, bool) {
	if j.ReasonID == "" {
		return Msg{}, false
	}
	m, ok := ParseMsg(j.ReasonID, j.ReasonArgs)
	return m, ok && m.Text() == j.Reason
}

// RejudgeStore is what rejudging with history, bound answers and progress
// need of the store.
type RejudgeStore interface {
	// CasesForJudging returns every case of a problem in position order,
	// deleted ones included (Deleted set), since a submission is judged
	// against the cases it answered.
	CasesForJudging(ctx context.Context, problemID int64) ([]Case, error)
	// RequeueFor puts the submissions r selects back to pending with
	// r.Reason, keeping their results until new ones are written. When such
	// a submission is written again (Finish), its earlier result is kept as
	// a Judging, and Changed is set if the verdict or score changed.
	RequeueFor(ctx context.Context, r Requeue) (int, error)
	// History returns the earlier judgings of a submission, oldest first.
	History(ctx context.Context, submissionID int64) ([]Judging, error)
	// MarkSeen clears a submission's Changed flag.
	MarkSeen(ctx context.Context, submissionID int64) error
	// MoveTarget returns the problem with that slug (ENOTFOUND when there
	// is none; only its ID, Slug and Puzzle are read) and, when caseID is one
	// of its current cases, that case (ok; its ID, Position, Name, Input,
	// Status, Expected.Optimal and Expected.Solvable). It is on the path of
	// every move submission, so it is one prepared query.
	MoveTarget(ctx context.Context, slug string, caseID int64) (p Problem, c Case, ok bool, err error)
	// UserBests returns the judged answer and move results of a user that
	// progress is made of (see judge/progress.go); problemID 0 means all.
	UserBests(ctx context.Context, userID, problemID int64) (UserResults, error)
}

// RequestedRejudge is the reason of a rejudge an instructor asked for.
var RequestedRejudge = M("rejudge_requested")

// Reasons of a rejudge, shown in a submission's history.
const (
	ReasonRequested = "rejudge requested by an instructor" // RequestedRejudge's text
)
