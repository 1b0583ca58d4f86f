package service

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"puzzlejudge/judge"
)

// coursesOnly is the refusal of CanManageCourses.
const coursesOnly = "only an instructor may do this"

// CreateAssignment validates and stores an assignment (instructors only).
func (s *Service) CreateAssignment(ctx context.Context, viewer judge.User, spec judge.AssignmentSpec) (judge.Assignment, error) {
	if err := judge.Allow(viewer, judge.CanManageCourses(viewer), coursesOnly); err != nil {
		return judge.Assignment{}, err
	}
	a, err := s.assignmentOf(ctx, spec, nil)
	if err != nil {
		return judge.Assignment{}, err
	}
	if a, err = s.store.CreateAssignment(ctx, a); err != nil {
		return judge.Assignment{}, err
	}
	return s.follow(ctx, a)
}

// UpdateAssignment applies a patch (instructors only) and validates the
// result as a whole.
func (s *Service) UpdateAssignment(ctx context.Context, viewer judge.User, id int64, p judge.AssignmentPatch) (judge.Assignment, error) {
	if err := judge.Allow(viewer, judge.CanManageCourses(viewer), coursesOnly); err != nil {
		return judge.Assignment{}, err
	}
	old, err := s.followed(ctx, id)
	if err != nil {
		return judge.Assignment{}, err
	}
	if p.ContestID != nil || old.ContestID != 0 && !p.ClearContest {
		return s.updateContestAssignment(ctx, old, p)
	}
	// Unlinked from its contest, an assignment keeps the contest's
	// problems and window as its own (old has followed the contest).
	spec := judge.AssignmentSpec{Title: old.Title, OpensAt: old.OpensAt, DueAt: old.DueAt, LateUntil: old.LateUntil}
	if old.LateUntil != nil {
		// The factor of the late period kept or moved; a late period the
		// patch adds needs its own, as at creation.
		factor := old.LateFactor
		spec.LateFactor = &factor
	}
	for _, ap := range old.Problems {
		w := ap.Weight
		spec.Problems = append(spec.Problems, judge.AssignmentProblemSpec{Slug: ap.Slug, Weight: &w})
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
		return judge.Assignment{}, err
	}
	a.ID = id
	return s.store.UpdateAssignment(ctx, a)
}

// updateContestAssignment applies p to old when the result is a contest's
// assignment: linked now, or still. A contest it already follows keeps
// its weights unless p gives others; another contest starts from p's
// weights alone (the old problems are not the new contest's).
func (s *Service) updateContestAssignment(ctx context.Context, old judge.Assignment, p judge.AssignmentPatch) (judge.Assignment, error) {
	spec := judge.AssignmentSpec{Title: old.Title, ContestID: old.ContestID, OpensAt: timeOr(p.OpensAt), DueAt: timeOr(p.DueAt),
		LateUntil: p.LateUntil, LateFactor: p.LateFactor, Problems: p.Problems}
	if p.ClearLateUntil {
		return judge.Assignment{}, judge.Errorf(judge.EINVALID, "late_until: the assignment of a contest has no late period")
	}
	set(&spec.Title, p.Title)
	if p.ContestID != nil {
		spec.ContestID = *p.ContestID
	}
	if spec.ContestID == 0 {
		return judge.Assignment{}, judge.Errorf(judge.EINVALID, "contest: a contest id, or null to unlink the assignment from its contest")
	}
	if p.Problems == nil && spec.ContestID == old.ContestID {
		for _, ap := range old.Problems {
			w := ap.Weight
			spec.Problems = append(spec.Problems, judge.AssignmentProblemSpec{Slug: ap.Slug, Weight: &w})
		}
	}
	a, err := s.assignmentOf(ctx, spec, nil)
	if err != nil {
		return judge.Assignment{}, err
	}
	a.ID = old.ID
	if a, err = s.store.UpdateAssignment(ctx, a); err != nil {
		return judge.Assignment{}, err
	}
	return s.follow(ctx, a)
}

// timeOr returns *t, or the zero time for nil.
func timeOr(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return *t
}

// DeleteAssignment removes an assignment (instructors only); submissions
// stay, they belong to the problems.
func (s *Service) DeleteAssignment(ctx context.Context, viewer judge.User, id int64) error {
	if err := judge.Allow(viewer, judge.CanManageCourses(viewer), coursesOnly); err != nil {
		return err
	}
	return s.store.DeleteAssignment(ctx, id)
}

// Assignment returns an assignment as viewer may see it: instructors see
// every one, students (and anonymous callers) only those already open; an
// assignment that is not open yet is not found for them.
func (s *Service) Assignment(ctx context.Context, viewer judge.User, id int64) (judge.Assignment, error) {
	a, err := s.followed(ctx, id)
	if err != nil {
		return judge.Assignment{}, err
	}
	if !judge.CanSeeAssignment(viewer, a, s.now()) {
		return judge.Assignment{}, judge.Errorf(judge.ENOTFOUND, "assignment not found")
	}
	return judge.AssignmentFor(viewer, a), nil
}

// Assignments lists the assignments viewer may see, by due time: all for
// instructors, the open and past ones for everyone else.
func (s *Service) Assignments(ctx context.Context, viewer judge.User) ([]judge.Assignment, error) {
	all, err := s.store.Assignments(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.followAll(ctx, all); err != nil {
		return nil, err
	}
	// By due time still: a contest moved since its assignment was stored
	// moved the assignment's due time.
	slices.SortStableFunc(all, func(a, b judge.Assignment) int {
		return cmp.Or(a.DueAt.Compare(b.DueAt), cmp.Compare(a.ID, b.ID))
	})
	now := s.now()
	out := all[:0]
	for _, a := range all {
		if judge.CanSeeAssignment(viewer, a, now) {
			out = append(out, judge.AssignmentFor(viewer, a))
		}
	}
	return out, nil
}

// assignmentOf validates spec and resolves its problems' slugs. An archived
// problem is refused unless it is one of kept, the problems the assignment
// already has: archived problems are retired, and students could not open
// it, but one archived after it was assigned keeps its place (and the
// scores made on it) through later edits.
func (s *Service) assignmentOf(ctx context.Context, spec judge.AssignmentSpec, kept []judge.AssignmentProblem) (judge.Assignment, error) {
	a := judge.Assignment{Title: strings.TrimSpace(spec.Title), OpensAt: spec.OpensAt.UTC(), DueAt: spec.DueAt.UTC()}
	switch n := utf8.RuneCountInString(a.Title); {
	case n == 0:
		return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_title", "the assignment needs a title")
	case n > judge.MaxAssignmentTitle:
		return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_title_long", "the title has more than {Max} characters", "Max", judge.MaxAssignmentTitle)
	}
	if err := validText(fieldTitle, a.Title, 4*judge.MaxAssignmentTitle); err != nil {
		return judge.Assignment{}, err
	}
	if spec.ContestID != 0 {
		return s.contestAssignmentOf(ctx, a, spec)
	}
	if spec.OpensAt.IsZero() || spec.DueAt.IsZero() {
		return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_times", "opens_at and due_at are required (RFC 3339 times)")
	}
	for _, t := range []struct {
		name string
		at   *time.Time
	}{{"opens_at", &spec.OpensAt}, {"due_at", &spec.DueAt}, {"late_until", spec.LateUntil}} {
		if err := judge.CheckOffset(t.name, t.at); err != nil {
			return judge.Assignment{}, err
		}
	}
	if !a.DueAt.After(a.OpensAt) {
		return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_due_order", "due_at must be after opens_at")
	}
	if spec.LateUntil != nil {
		lu := spec.LateUntil.UTC()
		if !lu.After(a.DueAt) {
			return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_late_order", "late_until must be after due_at")
		}
		if spec.LateFactor == nil {
			return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_late_factor_needed", "late_until needs a late_factor (0 to 1)")
		}
		a.LateUntil = &lu
	}
	if spec.LateFactor != nil {
		f := *spec.LateFactor
		if math.IsNaN(f) || f < 0 || f > 1 {
			return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_late_factor_range", "late_factor must be between 0 and 1")
		}
		switch {
		case a.LateUntil != nil:
			a.LateFactor = f
		case f != 0:
			// Stored as 0 it would be dropped without a word: the
			// instructor meant a late period and did not get one.
			return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_late_until_needed", "late_factor {Factor} needs a late_until: late submissions count only up to it", "Factor", f)
		}
	}
	if len(spec.Problems) == 0 {
		return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_no_problem", "the assignment needs at least one problem")
	}
	if len(spec.Problems) > judge.MaxAssignmentProblems {
		return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_too_many_problems", "an assignment has at most {Max} problems", "Max", judge.MaxAssignmentProblems)
	}
	seen := map[string]bool{}
	total := 0.0
	for i, ps := range spec.Problems {
		if seen[ps.Slug] {
			return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_problem_twice", "problem {Slug} is listed twice", "Slug", ps.Slug)
		}
		seen[ps.Slug] = true
		w, err := weightOf(i, ps)
		if err != nil {
			return judge.Assignment{}, err
		}
		p, err := s.store.ProblemBySlug(ctx, ps.Slug)
		if judge.ErrorCode(err) == judge.ENOTFOUND {
			return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_no_such_problem", "problems[{Index}]: there is no problem {Slug}", "Index", i, "Slug", strconv.Quote(ps.Slug))
		}
		if err != nil {
			return judge.Assignment{}, err
		}
		if p.Archived && !slices.ContainsFunc(kept, func(ap judge.AssignmentProblem) bool { return ap.ProblemID == p.ID }) {
			return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_problem_archived", "problems[{Index}]: problem {Slug} is archived: students cannot open it, so it cannot be added to an assignment", "Index", i, "Slug", ps.Slug)
		}
		total += w
		a.Problems = append(a.Problems, judge.AssignmentProblem{ProblemID: p.ID, Slug: p.Slug, Title: p.Title, TitleZH: p.TitleZH, Weight: w, Draft: p.Draft, Archived: p.Archived})
	}
	if total <= 0 {
		return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_weights_zero", "the weights must not all be 0")
	}
	return a, nil
}

// weightOf returns the weight of the i-th problem of a spec: 1 when it is
// not given.
func weightOf(i int, ps judge.AssignmentProblemSpec) (float64, error) {
	w := 1.0
	if ps.Weight != nil {
		w = *ps.Weight
	}
	// 1e-320 is a weight no one means, and a sum of such is 0 or
	// nonsense: a weight is 0 or at least MinWeight.
	if math.IsNaN(w) || w < 0 || w > judge.MaxWeight || (w != 0 && w < judge.MinWeight) {
		return 0, judge.Errort(judge.EINVALID, "assignment_weight_range", "problems[{Index}]: the weight must be 0 or between {Min} and {Max}", "Index", i, "Min", judge.MinWeight, "Max", judge.MaxWeight)
	}
	return w, nil
}
