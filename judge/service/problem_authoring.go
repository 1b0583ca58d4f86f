package service

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// authorsOnly is the refusal of CanAuthor.
const authorsOnly = "only an instructor may create, edit, generate, import or export problems"

// slugPattern is the form of a problem's slug: it is part of URLs and of
// package folder names.
var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// authored returns the problem with slug for an author to change: refused
// unless CanAuthor, ENOTFOUND when there is none.
func (s *Service) authored(ctx context.Context, viewer judge.User, slug string) (judge.Problem, error) {
	if err := judge.Allow(viewer, judge.CanAuthor(viewer), authorsOnly); err != nil {
		return judge.Problem{}, err
	}
	return s.store.ProblemBySlug(ctx, slug)
}

// Visible returns the problem with slug if viewer may see it, ENOTFOUND
// otherwise.
func (s *Service) Visible(ctx context.Context, viewer judge.User, slug string) (judge.Problem, error) {
	p, err := s.store.ProblemBySlug(ctx, slug)
	if err != nil {
		return judge.Problem{}, err
	}
	if !p.VisibleTo(viewer) {
		return judge.Problem{}, notFound(slug)
	}
	return p, nil
}

// notFound is the error of a problem that does not exist, or that the
// viewer may not know exists: the same words as the store's.
func notFound(slug string) error {
	return judge.Errorf(judge.ENOTFOUND, "problem %s not found", slug)
}

// CreateProblem stores a new problem made by an instructor; ECONFLICT when
// the slug is taken.
func (s *Service) CreateProblem(ctx context.Context, viewer judge.User, spec judge.ProblemSpec) (judge.Problem, error) {
	if err := judge.Allow(viewer, judge.CanAuthor(viewer), authorsOnly); err != nil {
		return judge.Problem{}, err
	}
	p := judge.Problem{Slug: spec.Slug, Title: spec.Title, Puzzle: spec.Puzzle, Statement: spec.Statement, StatementZH: spec.StatementZH, TitleZH: spec.TitleZH,
		Checker: spec.Checker, Kinds: spec.Kinds, Limits: spec.Limits, Draft: !spec.Published}
	p, err := checkProblem(p)
	if err != nil {
		return judge.Problem{}, err
	}
	return s.store.CreateProblem(ctx, p)
}

// UpdateProblem applies an edit. Editing a shipped problem detaches it
// from the catalogue, so that a restart does not undo the edit; its slug
// cannot change (see shippedSlug). The puzzle changes only while the
// problem has no case: its boards would not parse.
func (s *Service) UpdateProblem(ctx context.Context, viewer judge.User, slug string, patch judge.ProblemPatch) (judge.Problem, error) {
	p, err := s.authored(ctx, viewer, slug)
	if err != nil {
		return judge.Problem{}, err
	}
	old := p
	if patch.Slug != nil && *patch.Slug != old.Slug && old.Shipped() {
		return judge.Problem{}, shippedSlug(old.Slug)
	}
	set(&p.Slug, patch.Slug)
	set(&p.Title, patch.Title)
	set(&p.Puzzle, patch.Puzzle)
	set(&p.Statement, patch.Statement)
	set(&p.StatementZH, patch.StatementZH)
	set(&p.TitleZH, patch.TitleZH)
	set(&p.Checker, patch.Checker)
	set(&p.Kinds, patch.Kinds)
	if patch.Limits != nil {
		p.Limits = patch.Limits.Over(p.Limits)
	}
	if patch.Published != nil {
		p.Draft = !*patch.Published
	}
	if p, err = checkProblem(p); err != nil {
		return judge.Problem{}, err
	}
	if p.Puzzle != old.Puzzle {
		cases, err := s.store.Cases(ctx, p.ID)
		if err != nil {
			return judge.Problem{}, err
		}
		if len(cases) > 0 {
			return judge.Problem{}, judge.Errorf(judge.EINVALID, "puzzle: the problem has %s of puzzle %s; delete its cases before changing the puzzle", judge.Plural(len(cases), "case"), old.Puzzle)
		}
	}
	if p.Equal(old) {
		return p, nil
	}
	p.Detached = p.Detached || p.Shipped()
	p, err = s.store.UpdateProblem(ctx, p)
	if err != nil {
		return judge.Problem{}, err
	}
	if p.Checker != old.Checker {
		// The checker decides verdicts: earlier answers are judged again.
		err = s.requeue(ctx, judge.Requeue{ProblemID: p.ID}.Saying(judge.M("rejudge_checker_changed")))
	}
	return p, err
}

// shippedSlug is the refusal to rename a shipped problem (ECONFLICT). The
// catalogue is matched by slug at every start, by every process sharing
// the database: under a new slug the problem would be shipped again beside
// it, with new boards and none of its submissions. Detaching does not free
// the slug either, so the rule is the same for an edited problem.
func shippedSlug(slug string) error {
	return judge.Errorf(judge.ECONFLICT, "slug: problem %s is shipped: its slug comes from problems/%s, which every start synchronises by slug, so it cannot change; "+
		"change the title instead, or export the problem as a package and import it under a new slug", slug, slug)
}

// ArchiveProblem hides a problem from students and keeps its submissions;
// an archived shipped problem is detached, so the catalogue does not bring
// it back.
func (s *Service) ArchiveProblem(ctx context.Context, viewer judge.User, slug string) error {
	p, err := s.authored(ctx, viewer, slug)
	if err != nil {
		return err
	}
	if p.Archived {
		return nil
	}
	p.Archived, p.Detached = true, p.Detached || p.Shipped()
	_, err = s.store.UpdateProblem(ctx, p)
	return err
}

// set applies one field of a patch: a nil v leaves *dst as it is.
func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// patched is one field of a patch applied to its old value: *v when the
// patch gives it, else old.
func patched[T any](v *T, old T) T {
	if v != nil {
		return *v
	}
	return old
}

// checkProblem validates a problem's fields, the limits and checker for its
// puzzle, and returns it with the checker in its stored form. Each message
// names its field.
func checkProblem(p judge.Problem) (judge.Problem, error) {
	switch {
	case p.Slug == "":
		return p, judge.Errort(judge.EINVALID, "slug_required", "slug: required")
	case len(p.Slug) > judge.MaxSlugBytes:
		return p, judge.Errort(judge.EINVALID, "slug_long", "slug: more than {Max} characters", "Max", judge.MaxSlugBytes)
	case p.Slug == "new" || p.Slug == "import":
		return p, judge.Errort(judge.EINVALID, "slug_reserved", "slug: {Slug} is reserved for the pages that make problems", "Slug", strconv.Quote(p.Slug))
	case !slugPattern.MatchString(p.Slug):
		return p, judge.Errort(judge.EINVALID, "slug_form", "slug: {Slug} is not lowercase letters, digits and dashes, starting with a letter or digit", "Slug", strconv.Quote(p.Slug))
	case strings.TrimSpace(p.Title) == "":
		return p, judge.Errort(judge.EINVALID, "problem_title_required", "title: required")
	case len(p.Title) > judge.MaxTitleBytes:
		return p, judge.Errort(judge.EINVALID, "problem_title_long", "title: more than {Max} bytes", "Max", judge.MaxTitleBytes)
	case p.Puzzle == "":
		return p, judge.Errort(judge.EINVALID, "puzzle_required", "puzzle: required (one of {Puzzles})", "Puzzles", strings.Join(puzzles.PuzzleNames(), ", "))
	}
	if err := validText(fieldTitle, p.Title, judge.MaxTitleBytes); err != nil {
		return p, err
	}
	if len(p.TitleZH) > judge.MaxTitleBytes {
		return p, judge.Errort(judge.EINVALID, "problem_title_zh_long", "title_zh: more than {Max} bytes", "Max", judge.MaxTitleBytes)
	}
	if err := validText(fieldTitleZH, p.TitleZH, judge.MaxTitleBytes); err != nil {
		return p, err
	}
	if err := validText(fieldStatement, p.Statement, judge.MaxStatementBytes); err != nil {
		return p, err
	}
	if err := validText(fieldStatementZH, p.StatementZH, judge.MaxStatementBytes); err != nil {
		return p, err
	}
	pz, err := puzzles.Lookup(p.Puzzle)
	if err != nil {
		return p, judge.Errorf(judge.EINVALID, "puzzle: %s", judge.ErrorMessage(err))
	}
	checkers := pz.Checkers()
	switch {
	case p.Checker == judge.CheckerExact:
		p.Checker = ""
	case p.Checker != "" && !slices.Contains(checkers, p.Checker):
		return p, judge.Errort(judge.EINVALID, "checker_unknown", "checker: {Checker} is not one of {Checkers} for puzzle {Puzzle}", "Checker", strconv.Quote(p.Checker), "Checkers", strings.Join(append([]string{judge.CheckerExact}, checkers...), ", "), "Puzzle", p.Puzzle)
	}
	if p.Kinds, err = judge.NormalizeKinds(p.Kinds); err != nil {
		return p, err
	}
	p.Limits = p.Limits.WithProgramDefaults()
	l := p.Limits
	if _, err := l.Check(); err != nil {
		return p, err
	}
	if err := pz.CheckProblemLimits(l); err != nil {
		return p, err
	}
	return p, nil
}
