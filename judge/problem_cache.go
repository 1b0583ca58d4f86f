package judge

import (
	"context"
	"slices"
	"sync"
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

// problemCache holds the problems read with their cases, by slug, with the
// catalogue version read before them: the entry is at least as new as its
// version, so it serves every request that reads the same version.
type problemCache struct {
	mu     sync.Mutex
	bySlug map[string]cachedProblem
}

type cachedProblem struct {
	version int64
	p       Problem
	cases   []Case
}

// get returns the problem with slug, its cases (a slice the caller may
// change) and the catalogue version they are current at (0: no version,
// read from the store).
func (c *problemCache) get(ctx context.Context, st Store, slug string) (Problem, []Case, int64, error) {
	vs, ok := st.(CatalogueVersioner)
	if !ok {
		p, cases, err := readProblem(ctx, st, slug)
		return p, cases, 0, err
	}
	v, err := vs.CatalogueVersion(ctx)
	if err != nil {
		return Problem{}, nil, 0, err
	}
	c.mu.Lock()
	e, hit := c.bySlug[slug]
	c.mu.Unlock()
	if hit && e.version == v {
		return e.p, slices.Clone(e.cases), v, nil
	}
	p, cases, err := readProblem(ctx, st, slug)
	if err != nil {
		return Problem{}, nil, 0, err
	}
	c.mu.Lock()
	if c.bySlug == nil || len(c.bySlug) >= maxCachedProblems {
		c.bySlug = map[string]cachedProblem{}
	}
	if old, ok := c.bySlug[slug]; !ok || old.version <= v {
		c.bySlug[slug] = cachedProblem{version: v, p: p, cases: slices.Clone(cases)}
	}
	c.mu.Unlock()
	return p, cases, v, nil
}

// readProblem reads a problem and its cases from the store.
func readProblem(ctx context.Context, st Store, slug string) (Problem, []Case, error) {
	p, err := st.ProblemBySlug(ctx, slug)
	if err != nil {
		return Problem{}, nil, err
	}
	cases, err := st.Cases(ctx, p.ID)
	return p, cases, err
}
