package judge

import (
	"context"
	"regexp"
	"slices"
	"strings"
)

// Bounds of what an instructor may write into a problem.
const (
	MaxTitleBytes     = 200
	MaxStatementBytes = 256 << 10
	MaxSlugBytes      = 64
)

// CheckerExact is the default checker's name in the API and in packages; it
// is stored as "".
const CheckerExact = "exact"

// slugPattern is the form of a problem's slug: it is part of URLs and of
// package folder names.
var slugPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// ProblemSpec is a problem as an instructor writes it.
type ProblemSpec struct {
	Slug, Title, Puzzle, Statement string
	// Checker is CheckerExact (or "") or one of the puzzle's Checkers.
	Checker   string
	Limits    Limits
	Published bool
}

// ProblemPatch is an edit of a problem: nil fields are left as they are.
type ProblemPatch struct {
	Slug, Title, Puzzle, Statement, Checker *string
	Limits                                  *Limits
	Published                               *bool
}

// AuthoringStore keeps the problems instructors make and edit.
type AuthoringStore interface {
	// CreateProblem inserts p; ECONFLICT when its slug is taken.
	CreateProblem(ctx context.Context, p Problem) (Problem, error)
	// UpdateProblem stores every field of the problem with p.ID (its slug
	// too); ECONFLICT when the new slug is taken.
	UpdateProblem(ctx context.Context, p Problem) (Problem, error)
	// PutProblem inserts p (ID 0) or updates the problem with p.ID, and
	// replaces all its cases by cases, in order, as solving, in one
	// transaction: nothing is written when any of it fails.
	PutProblem(ctx context.Context, p Problem, cases []Case) (Problem, []Case, error)
}

// ProblemRules is implemented by the adapters whose problems have settings
// to check: which limits mean something for the puzzle and how far its
// engine goes, and which checkers besides the exact one it offers.
type ProblemRules interface {
	// CheckProblemLimits returns an EINVALID error naming the field
	// ("limits.max_size: ...") of a limit the puzzle cannot honour.
	CheckProblemLimits(l Limits) error
	// Checkers lists the checkers besides CheckerExact.
	Checkers() []string
}

// VisibleTo reports whether u may see the problem: instructors see every
// problem, everyone else only the published ones that are not archived.
func (p Problem) VisibleTo(u User) bool {
	return u.IsInstructor() || (!p.Draft && !p.Archived)
}

// Shipped reports whether the problem came from the shipped catalogue
// (problems/), detached since or not.
func (p Problem) Shipped() bool { return p.CatalogueHash != "" }

// mayAuthor is the one permission of authoring: instructors only.
func mayAuthor(u User) error {
	if !CanAuthor(u) {
		return deny(u, "only an instructor may create, edit, generate, import or export problems")
	}
	return nil
}

// CanAuthor reports whether v may create, edit, archive, import and export
// problems and generate their boards.
func CanAuthor(v User) bool { return v.IsInstructor() }

// Visible returns the problem with slug if viewer may see it, ENOTFOUND
// otherwise.
func (s *Service) Visible(ctx context.Context, viewer User, slug string) (Problem, error) {
	p, err := s.store.ProblemBySlug(ctx, slug)
	if err != nil {
		return Problem{}, err
	}
	if !p.VisibleTo(viewer) {
		return Problem{}, notFound(slug)
	}
	return p, nil
}

// notFound is the error of a problem that does not exist, or that the
// viewer may not know exists: the same words as the store's.
func notFound(slug string) error {
	return Errorf(ENOTFOUND, "problem %s not found", slug)
}

// CreateProblem stores a new problem made by an instructor; ECONFLICT when
// the slug is taken.
func (s *Service) CreateProblem(ctx context.Context, viewer User, spec ProblemSpec) (Problem, error) {
	if err := mayAuthor(viewer); err != nil {
		return Problem{}, err
	}
	p := Problem{Slug: spec.Slug, Title: spec.Title, Puzzle: spec.Puzzle, Statement: spec.Statement,
		Checker: spec.Checker, Limits: spec.Limits, Draft: !spec.Published}
	p, err := checkProblem(p)
	if err != nil {
		return Problem{}, err
	}
	return s.store.CreateProblem(ctx, p)
}

// UpdateProblem applies an edit. Editing a shipped problem detaches it
// from the catalogue, so that a restart does not undo the edit; its slug
// cannot change (see shippedSlug). The puzzle changes only while the
// problem has no case: its boards would not parse.
func (s *Service) UpdateProblem(ctx context.Context, viewer User, slug string, patch ProblemPatch) (Problem, error) {
	if err := mayAuthor(viewer); err != nil {
		return Problem{}, err
	}
	p, err := s.store.ProblemBySlug(ctx, slug)
	if err != nil {
		return Problem{}, err
	}
	old := p
	if patch.Slug != nil && *patch.Slug != old.Slug && old.Shipped() {
		return Problem{}, shippedSlug(old.Slug)
	}
	set(&p.Slug, patch.Slug)
	set(&p.Title, patch.Title)
	set(&p.Puzzle, patch.Puzzle)
	set(&p.Statement, patch.Statement)
	set(&p.Checker, patch.Checker)
	set(&p.Limits, patch.Limits)
	if patch.Published != nil {
		p.Draft = !*patch.Published
	}
	if p, err = checkProblem(p); err != nil {
		return Problem{}, err
	}
	if p.Puzzle != old.Puzzle {
		cases, err := s.store.Cases(ctx, p.ID)
		if err != nil {
			return Problem{}, err
		}
		if len(cases) > 0 {
			return Problem{}, Errorf(EINVALID, "puzzle: the problem has %s of puzzle %s; delete its cases before changing the puzzle", Plural(len(cases), "case"), old.Puzzle)
		}
	}
	if p == old {
		return p, nil
	}
	p.Detached = p.Detached || p.Shipped()
	p, err = s.store.UpdateProblem(ctx, p)
	if err != nil {
		return Problem{}, err
	}
	if p.Checker != old.Checker {
		// The checker decides verdicts: earlier answers are judged again.
		err = s.requeue(ctx, Requeue{ProblemID: p.ID, Reason: "the problem's checker changed"})
	}
	return p, err
}

// shippedSlug is the refusal to rename a shipped problem (ECONFLICT). The
// catalogue is matched by slug at every start, by every process sharing
// the database: under a new slug the problem would be shipped again beside
// it, with new boards and none of its submissions. Detaching does not free
// the slug either, so the rule is the same for an edited problem.
func shippedSlug(slug string) error {
	return Errorf(ECONFLICT, "slug: problem %s is shipped: its slug comes from problems/%s, which every start synchronises by slug, so it cannot change; "+
		"change the title instead, or export the problem as a package and import it under a new slug", slug, slug)
}

// ArchiveProblem hides a problem from students and keeps its submissions;
// an archived shipped problem is detached, so the catalogue does not bring
// it back.
func (s *Service) ArchiveProblem(ctx context.Context, viewer User, slug string) error {
	if err := mayAuthor(viewer); err != nil {
		return err
	}
	p, err := s.store.ProblemBySlug(ctx, slug)
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

func set[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// checkProblem validates a problem's fields, the limits and checker for its
// puzzle, and returns it with the checker in its stored form. Each message
// names its field.
func checkProblem(p Problem) (Problem, error) {
	switch {
	case p.Slug == "":
		return p, Errorf(EINVALID, "slug: required")
	case len(p.Slug) > MaxSlugBytes:
		return p, Errorf(EINVALID, "slug: more than %d characters", MaxSlugBytes)
	case p.Slug == "new" || p.Slug == "import":
		return p, Errorf(EINVALID, "slug: %q is reserved for the pages that make problems", p.Slug)
	case !slugPattern.MatchString(p.Slug):
		return p, Errorf(EINVALID, "slug: %q is not lowercase letters, digits and dashes, starting with a letter or digit", p.Slug)
	case strings.TrimSpace(p.Title) == "":
		return p, Errorf(EINVALID, "title: required")
	case len(p.Title) > MaxTitleBytes:
		return p, Errorf(EINVALID, "title: more than %d bytes", MaxTitleBytes)
	case p.Puzzle == "":
		return p, Errorf(EINVALID, "puzzle: required (one of %s)", strings.Join(PuzzleNames(), ", "))
	}
	if err := validText("the title", p.Title, MaxTitleBytes); err != nil {
		return p, err
	}
	if err := validText("statement", p.Statement, MaxStatementBytes); err != nil {
		return p, err
	}
	pz, err := Lookup(p.Puzzle)
	if err != nil {
		return p, Errorf(EINVALID, "puzzle: %s", ErrorMessage(err))
	}
	var checkers []string
	rules, ok := pz.(ProblemRules)
	if ok {
		checkers = rules.Checkers()
	}
	switch {
	case p.Checker == CheckerExact:
		p.Checker = ""
	case p.Checker != "" && !slices.Contains(checkers, p.Checker):
		return p, Errorf(EINVALID, "checker: %q is not one of %s for puzzle %s", p.Checker, strings.Join(append([]string{CheckerExact}, checkers...), ", "), p.Puzzle)
	}
	l := p.Limits
	if l.MaxSize < 0 || l.MaxColors < 0 || l.MaxMoves < 0 {
		return p, Errorf(EINVALID, "limits: must not be negative (0 means the engine's own limit)")
	}
	if ok {
		if err := rules.CheckProblemLimits(l); err != nil {
			return p, err
		}
	}
	return p, nil
}

// checkLimitsUpTo is the shape of every adapter's CheckProblemLimits: a
// limit the puzzle has may go up to its engine's maximum, and one it does
// not have (max 0) must stay 0.
func checkLimitsUpTo(puzzle string, l Limits, maxSize, maxColors, maxMoves int) error {
	for _, f := range []struct {
		name     string
		v, limit int
	}{{"max_size", l.MaxSize, maxSize}, {"max_colors", l.MaxColors, maxColors}, {"max_moves", l.MaxMoves, maxMoves}} {
		switch {
		case f.limit == 0 && f.v != 0:
			return Errorf(EINVALID, "limits.%s: puzzle %s has no such limit; leave it 0", f.name, puzzle)
		case f.v > f.limit:
			return Errorf(EINVALID, "limits.%s: %d is above what the %s engine supports (%d)", f.name, f.v, puzzle, f.limit)
		}
	}
	return nil
}
