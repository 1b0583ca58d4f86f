package service

import (
	"context"
	"slices"

	"puzzlejudge/judge"
)

// maxCachedProblems bounds the cache; past it the cache starts again empty
// (only problems that exist are cached, so only instructors could fill it).
const maxCachedProblems = 1024

// cachedProblem is a problem read with its cases, and their input version,
// which depends on the cases alone.
type cachedProblem struct {
	p            judge.Problem
	cases        []judge.Case
	inputVersion string
}

// cachedProblem returns the problem with slug, its cases (a slice the
// caller may change), their input version and the catalogue version they
// are current at (Store.CatalogueVersion). An entry is kept
// with the catalogue version read before it was read, so it is at least
// as new as that version and serves every request that reads the same.
func (s *Service) cachedProblem(ctx context.Context, slug string) (cachedProblem, int64, error) {
	v, err := s.store.CatalogueVersion(ctx)
	if err != nil {
		return cachedProblem{}, 0, err
	}
	if e, hit := s.problems.Get(slug, v); hit {
		e.cases = slices.Clone(e.cases)
		return e, v, nil
	}
	e, err := readProblem(ctx, s.store, slug)
	if err != nil {
		return cachedProblem{}, 0, err
	}
	kept := e
	kept.cases = slices.Clone(e.cases)
	s.problems.Put(slug, v, kept, maxCachedProblems)
	return e, v, nil
}

// readProblem reads a problem and its cases from the store.
func readProblem(ctx context.Context, st judge.Store, slug string) (cachedProblem, error) {
	p, err := st.ProblemBySlug(ctx, slug)
	if err != nil {
		return cachedProblem{}, err
	}
	cases, err := st.Cases(ctx, p.ID)
	if err != nil {
		return cachedProblem{}, err
	}
	return cachedProblem{p: p, cases: cases, inputVersion: judge.InputVersion(cases)}, nil
}
