package judge

import (
	"context"
)

// CheckerExact is the default checker's name in the API and in packages; it
// is stored as "".
const CheckerExact = "exact"

// ProblemSpec is a problem as an instructor writes it.
type ProblemSpec struct {
	Slug, Title, Puzzle, Statement string
	// StatementZH is the Chinese statement, "" for none.
	StatementZH string
	// TitleZH is the Chinese title, "" for none.
	TitleZH string
	// Checker is CheckerExact (or "") or one of the puzzle's Checkers.
	Checker string
	// Kinds nil is all three (judge.NormalizeKinds).
	Kinds     []Kind
	Limits    Limits
	Published bool
}

// ProblemPatch is an edit of a problem: nil fields are left as they are.
type ProblemPatch struct {
	Slug, Title, Puzzle, Statement, Checker *string
	// StatementZH is the Chinese statement; "" removes it.
	StatementZH *string
	// TitleZH is the Chinese title; "" removes it.
	TitleZH   *string
	Kinds     *[]Kind
	Limits    *Limits
	Published *bool
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

// VisibleTo reports whether u may see the problem: instructors see every
// problem, everyone else only the published ones that are not archived.
func (p Problem) VisibleTo(u User) bool {
	return u.IsInstructor() || (!p.Draft && !p.Archived)
}

// Shipped reports whether the problem came from the shipped catalogue
// (problems/), detached since or not.
func (p Problem) Shipped() bool { return p.CatalogueHash != "" }
