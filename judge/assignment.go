package judge

import (
	"context"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
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
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

// AssignmentProblem is one problem of an assignment with its weight in the
// total.
type AssignmentProblem struct {
	ProblemID int64
	Slug      string
	Title     string
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
}

// Bounds of an assignment.
const (
	MaxAssignmentTitle    = 200
	MaxAssignmentProblems = 100
	MaxWeight             = 1000
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

// now is the service's clock, so that tests can pin deadlines.
func (s *Service) now() time.Time {
	if s.cfg.Clock != nil {
		return s.cfg.Clock().UTC()
	}
	return time.Now().UTC()
}

// Now returns the service's current time, for the pages' "time left".
func (s *Service) Now() time.Time { return s.now() }

// CanManageCourses reports whether v may create, change and delete
// assignments, read everyone's progress and export grades.
func CanManageCourses(v User) bool { return v.IsInstructor() }

// CanManageAccounts reports whether v may list, create, reset, promote,
// demote and disable accounts.
func CanManageAccounts(v User) bool { return v.IsInstructor() }

// CanSeeAssignment reports whether v may see a at now: instructors always,
// anyone else once it has opened (and after its deadline too).
func CanSeeAssignment(v User, a Assignment, now time.Time) bool {
	return v.IsInstructor() || a.OpenFor(now)
}

// AssignmentFor returns a as v may see its problems: a problem v may not
// open (see Problem.VisibleTo) is marked Unavailable and its title
// withheld. It stays in the list, with its weight and the viewer's score,
// so that the total a student reads is the one the gradebook has.
func AssignmentFor(v User, a Assignment) Assignment {
	ps := slices.Clone(a.Problems)
	for i, ap := range ps {
		if !(Problem{Draft: ap.Draft, Archived: ap.Archived}).VisibleTo(v) {
			ps[i].Title, ps[i].Unavailable = "", true
		}
	}
	a.Problems = ps
	return a
}

func requireInstructor(viewer User) error {
	if !viewer.IsInstructor() {
		return deny(viewer, "only an instructor may do this")
	}
	return nil
}

// CreateAssignment validates and stores an assignment (instructors only).
func (s *Service) CreateAssignment(ctx context.Context, viewer User, spec AssignmentSpec) (Assignment, error) {
	if err := requireInstructor(viewer); err != nil {
		return Assignment{}, err
	}
	a, err := s.assignmentOf(ctx, spec, nil)
	if err != nil {
		return Assignment{}, err
	}
	return s.store.CreateAssignment(ctx, a)
}

// UpdateAssignment applies a patch (instructors only) and validates the
// result as a whole.
func (s *Service) UpdateAssignment(ctx context.Context, viewer User, id int64, p AssignmentPatch) (Assignment, error) {
	if err := requireInstructor(viewer); err != nil {
		return Assignment{}, err
	}
	old, err := s.store.Assignment(ctx, id)
	if err != nil {
		return Assignment{}, err
	}
	spec := AssignmentSpec{Title: old.Title, OpensAt: old.OpensAt, DueAt: old.DueAt, LateUntil: old.LateUntil}
	if old.LateUntil != nil {
		// The factor of the late period kept or moved; a late period the
		// patch adds needs its own, as at creation.
		factor := old.LateFactor
		spec.LateFactor = &factor
	}
	for _, ap := range old.Problems {
		w := ap.Weight
		spec.Problems = append(spec.Problems, AssignmentProblemSpec{Slug: ap.Slug, Weight: &w})
	}
	if p.Title != nil {
		spec.Title = *p.Title
	}
	if p.Problems != nil {
		spec.Problems = p.Problems
	}
	if p.OpensAt != nil {
		spec.OpensAt = *p.OpensAt
	}
	if p.DueAt != nil {
		spec.DueAt = *p.DueAt
	}
	if p.ClearLateUntil {
		spec.LateUntil, spec.LateFactor = nil, nil
	}
	if p.LateUntil != nil {
		spec.LateUntil = p.LateUntil
	}
	if p.LateFactor != nil {
		spec.LateFactor = p.LateFactor
	}
	a, err := s.assignmentOf(ctx, spec, old.Problems)
	if err != nil {
		return Assignment{}, err
	}
	a.ID = id
	return s.store.UpdateAssignment(ctx, a)
}

// DeleteAssignment removes an assignment (instructors only); submissions
// stay, they belong to the problems.
func (s *Service) DeleteAssignment(ctx context.Context, viewer User, id int64) error {
	if err := requireInstructor(viewer); err != nil {
		return err
	}
	return s.store.DeleteAssignment(ctx, id)
}

// Assignment returns an assignment as viewer may see it: instructors see
// every one, students (and anonymous callers) only those already open; an
// assignment that is not open yet is not found for them.
func (s *Service) Assignment(ctx context.Context, viewer User, id int64) (Assignment, error) {
	a, err := s.store.Assignment(ctx, id)
	if err != nil {
		return Assignment{}, err
	}
	if !CanSeeAssignment(viewer, a, s.now()) {
		return Assignment{}, Errorf(ENOTFOUND, "assignment not found")
	}
	return AssignmentFor(viewer, a), nil
}

// Assignments lists the assignments viewer may see, by due time: all for
// instructors, the open and past ones for everyone else.
func (s *Service) Assignments(ctx context.Context, viewer User) ([]Assignment, error) {
	all, err := s.store.Assignments(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := all[:0]
	for _, a := range all {
		if CanSeeAssignment(viewer, a, now) {
			out = append(out, AssignmentFor(viewer, a))
		}
	}
	return out, nil
}

// assignmentOf validates spec and resolves its problems' slugs. An archived
// problem is refused unless it is one of kept, the problems the assignment
// already has: archived problems are retired, and students could not open
// it, but one archived after it was assigned keeps its place (and the
// scores made on it) through later edits.
func (s *Service) assignmentOf(ctx context.Context, spec AssignmentSpec, kept []AssignmentProblem) (Assignment, error) {
	a := Assignment{Title: strings.TrimSpace(spec.Title), OpensAt: spec.OpensAt.UTC(), DueAt: spec.DueAt.UTC()}
	switch n := utf8.RuneCountInString(a.Title); {
	case n == 0:
		return Assignment{}, Errorf(EINVALID, "the assignment needs a title")
	case n > MaxAssignmentTitle:
		return Assignment{}, Errorf(EINVALID, "the title has more than %d characters", MaxAssignmentTitle)
	}
	if err := validText("the title", a.Title, 4*MaxAssignmentTitle); err != nil {
		return Assignment{}, err
	}
	if spec.OpensAt.IsZero() || spec.DueAt.IsZero() {
		return Assignment{}, Errorf(EINVALID, "opens_at and due_at are required (RFC 3339 times)")
	}
	if !a.DueAt.After(a.OpensAt) {
		return Assignment{}, Errorf(EINVALID, "due_at must be after opens_at")
	}
	if spec.LateUntil != nil {
		lu := spec.LateUntil.UTC()
		if !lu.After(a.DueAt) {
			return Assignment{}, Errorf(EINVALID, "late_until must be after due_at")
		}
		if spec.LateFactor == nil {
			return Assignment{}, Errorf(EINVALID, "late_until needs a late_factor (0 to 1)")
		}
		a.LateUntil = &lu
	}
	if spec.LateFactor != nil {
		f := *spec.LateFactor
		if math.IsNaN(f) || f < 0 || f > 1 {
			return Assignment{}, Errorf(EINVALID, "late_factor must be between 0 and 1")
		}
		switch {
		case a.LateUntil != nil:
			a.LateFactor = f
		case f != 0:
			// Stored as 0 it would be dropped without a word: the
			// instructor meant a late period and did not get one.
			return Assignment{}, Errorf(EINVALID, "late_factor %g needs a late_until: late submissions count only up to it", f)
		}
	}
	if len(spec.Problems) == 0 {
		return Assignment{}, Errorf(EINVALID, "the assignment needs at least one problem")
	}
	if len(spec.Problems) > MaxAssignmentProblems {
		return Assignment{}, Errorf(EINVALID, "an assignment has at most %d problems", MaxAssignmentProblems)
	}
	seen := map[string]bool{}
	total := 0.0
	for i, ps := range spec.Problems {
		if seen[ps.Slug] {
			return Assignment{}, Errorf(EINVALID, "problem %s is listed twice", ps.Slug)
		}
		seen[ps.Slug] = true
		w := 1.0
		if ps.Weight != nil {
			w = *ps.Weight
		}
		if math.IsNaN(w) || w < 0 || w > MaxWeight {
			return Assignment{}, Errorf(EINVALID, "problems[%d]: the weight must be between 0 and %d", i, MaxWeight)
		}
		p, err := s.store.ProblemBySlug(ctx, ps.Slug)
		if ErrorCode(err) == ENOTFOUND {
			return Assignment{}, Errorf(EINVALID, "problems[%d]: there is no problem %q", i, ps.Slug)
		}
		if err != nil {
			return Assignment{}, err
		}
		if p.Archived && !slices.ContainsFunc(kept, func(ap AssignmentProblem) bool { return ap.ProblemID == p.ID }) {
			return Assignment{}, Errorf(EINVALID, "problems[%d]: problem %s is archived: students cannot open it, so it cannot be added to an assignment", i, ps.Slug)
		}
		total += w
		a.Problems = append(a.Problems, AssignmentProblem{ProblemID: p.ID, Slug: p.Slug, Title: p.Title, Weight: w, Draft: p.Draft, Archived: p.Archived})
	}
	if total <= 0 {
		return Assignment{}, Errorf(EINVALID, "the weights must not all be 0")
	}
	return a, nil
}
