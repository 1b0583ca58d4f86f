package judge

import (
	"context"
	"slices"
)

// CatalogueVersioner is implemented by stores that keep a catalogue
// version: a number that changes whenever a problem or a case is written,
// by any process on the database (judge/store raises it with triggers). A
// service over such a store caches the problems with their cases, and the
// page layer what it draws from them, and reads the version, one cheap row,
// before each use: an instructor's change shows on the next request of
// every process. A store without it is read on every request.
type CatalogueVersioner interface {
	CatalogueVersion(ctx context.Context) (int64, error)
}

// maxCachedProblems bounds the cache; past it the cache starts again empty
// (only problems that exist are cached, so only instructors could fill it).
const maxCachedProblems = 1024

// cachedProblem is a problem read with its cases, and their input version,
// which depends on the cases alone.
type cachedProblem struct {
	p            Problem
	cases        []Case
	inputVersion string
}

// cachedProblem returns the problem with slug, its cases (a slice the
// caller may change), their input version and the catalogue version they
// are current at (0: no version, read from the store). An entry is kept
// with the catalogue version read before it was read, so it is at least
// as new as that version and serves every request that reads the same.
func (s *Service) cachedProblem(ctx context.Context, slug string) (cachedProblem, int64, error) {
	vs, ok := s.store.(CatalogueVersioner)
	if !ok {
		e, err := readProblem(ctx, s.store, slug)
		return e, 0, err
	}
	v, err := vs.CatalogueVersion(ctx)
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
func readProblem(ctx context.Context, st Store, slug string) (cachedProblem, error) {
	p, err := st.ProblemBySlug(ctx, slug)
	if err != nil {
		return cachedProblem{}, err
	}
	cases, err := st.Cases(ctx, p.ID)
	if err != nil {
		return cachedProblem{}, err
	}
	return cachedProblem{p: p, cases: cases, inputVersion: InputVersion(cases)}, nil
}
