package service

import (
	"context"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// ImportProblem creates a problem with its cases from a package, or, when
// the slug is taken, replaces that problem's fields and cases (an imported
// shipped problem is detached from the catalogue). Everything is checked
// before anything is written; the cases are then solved in the background
// and the problem's submissions judged again. created reports whether the
// problem is new.
//
// A new problem is a draft, whatever the package says, unless publish is
// true: an imported copy published at once stood beside its original under
// the same title for students. A problem imported again keeps whether it
// is published unless publish says otherwise.
func (s *Service) ImportProblem(ctx context.Context, viewer judge.User, p judge.Problem, specs []judge.CaseSpec, publish *bool) (_ judge.Problem, created bool, _ error) {
	if err := judge.Allow(viewer, judge.CanAuthor(viewer), authorsOnly); err != nil {
		return judge.Problem{}, false, err
	}
	p, err := checkProblem(p)
	if err != nil {
		return judge.Problem{}, false, err
	}
	pz, err := puzzles.Lookup(p.Puzzle)
	if err != nil {
		return judge.Problem{}, false, err
	}
	if len(specs) > judge.MaxCases {
		return judge.Problem{}, false, judge.Errorf(judge.EINVALID, "more than %d cases", judge.MaxCases)
	}
	cases := make([]judge.Case, len(specs))
	for i, c := range specs {
		input, err := parseSpec(pz, c.Input)
		if err == nil {
			err = pz.CheckLimits(input, p.Limits)
		}
		if err != nil {
			return judge.Problem{}, false, judge.Errorf(judge.EINVALID, "case %s: %s", c.Name, judge.ErrorMessage(err))
		}
		if len(c.Name) > 100 {
			return judge.Problem{}, false, judge.Errorf(judge.EINVALID, "case %d: the name has more than 100 bytes", i+1)
		}
		cases[i] = judge.Case{Name: c.Name, Sample: c.Sample, Input: input}
	}
	old, err := s.store.ProblemBySlug(ctx, p.Slug)
	switch {
	case err == nil:
		p.ID, p.CreatedAt, p.Archived, p.Draft = old.ID, old.CreatedAt, old.Archived, old.Draft
		p.CatalogueHash, p.Detached = old.CatalogueHash, old.Detached || old.Shipped()
	case judge.ErrorCode(err) == judge.ENOTFOUND:
		p.ID, p.CatalogueHash, p.Detached, p.Archived, p.Draft = 0, "", false, false, true
		created = true
	default:
		return judge.Problem{}, false, err
	}
	if publish != nil {
		p.Draft = !*publish
	}
	p, stored, err := s.store.PutProblem(ctx, p, cases)
	if err != nil {
		return judge.Problem{}, false, err
	}
	for _, c := range stored {
		s.scheduleSolve(c.ID)
	}
	if !created {
		err = s.requeue(ctx, judge.Requeue{ProblemID: p.ID, Reason: "the problem was imported again from a package"})
	}
	return p, created, err
}

// ExportProblem returns a problem and its cases for a package: instructors
// only, since it holds every expected answer.
func (s *Service) ExportProblem(ctx context.Context, viewer judge.User, slug string) (judge.Problem, []judge.Case, error) {
	if err := judge.Allow(viewer, judge.CanAuthor(viewer), authorsOnly); err != nil {
		return judge.Problem{}, nil, err
	}
	return s.problem(ctx, slug)
}
