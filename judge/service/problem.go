package service

import (
	"context"
	"slices"
	"strconv"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// parseSpec returns the canonical text of one case given by a user.
func parseSpec(pz judge.Puzzle, input string) (string, error) {
	input, err := puzzleText(fieldBoard, input, judge.MaxCaseBytes)
	if err != nil {
		return "", err
	}
	return pz.ParseCase(input)
}

// Problems lists the problems v may see (see Problem.VisibleTo), by slug.
func (s *Service) Problems(ctx context.Context, v judge.User) ([]judge.ProblemSummary, error) {
	ps, err := s.store.Problems(ctx)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(ps, func(p judge.ProblemSummary) bool { return !p.VisibleTo(v) }), nil
}

// Problem returns a problem and its cases in order, as v may see them
// (judge.CaseFor): unless v is an instructor, the expected answers of
// hidden cases are withheld (Case.Redacted), their names replaced by their
// positions, and their boards withheld too (Case.Secret) on a problem that
// takes no answers. A draft or an archived problem is ENOTFOUND for anyone
// but instructors, as if it did not exist.
func (s *Service) Problem(ctx context.Context, v judge.User, slug string) (judge.Problem, []judge.Case, error) {
	p, cases, err := s.problem(ctx, slug)
	if err == nil && !p.VisibleTo(v) {
		return judge.Problem{}, nil, notFound(slug)
	}
	for i := range cases {
		cases[i] = judge.CaseFor(v, p, cases[i])
	}
	return p, cases, err
}

// CatalogueProblem returns a stored problem and its cases whole, for the
// catalogue sync at start (problems.Sync), which compares the names and
// boards of hidden cases too; no viewer's request reaches it.
func (s *Service) CatalogueProblem(ctx context.Context, slug string) (judge.Problem, []judge.Case, error) {
	return s.problem(ctx, slug)
}

// problem returns a problem and its cases, everything included.
func (s *Service) problem(ctx context.Context, slug string) (judge.Problem, []judge.Case, error) {
	e, _, err := s.cachedProblem(ctx, slug)
	return e.p, e.cases, err
}

// JudgeInput returns every case of a problem v may see as one classic
// judge input.
func (s *Service) JudgeInput(ctx context.Context, v judge.User, slug string) (string, error) {
	in, err := s.Input(ctx, v, slug)
	if err != nil {
		return "", err
	}
	return in.Text(), nil
}

// AddCase validates a board against the puzzle and the problem's limits,
// stores it as solving and solves it in the background. It changes the
// problem's input version; submissions made before are not rejudged, since
// they answered the boards as they were.
func (s *Service) AddCase(ctx context.Context, v judge.User, slug string, spec judge.CaseSpec) (judge.Case, error) {
	if err := judge.Allow(v, judge.CanEditCases(v), "only an instructor may add cases"); err != nil {
		return judge.Case{}, err
	}
	p, err := s.store.ProblemBySlug(ctx, slug)
	if err != nil {
		return judge.Case{}, err
	}
	pz, err := puzzles.Lookup(p.Puzzle)
	if err != nil {
		return judge.Case{}, err
	}
	input, err := parseWithin(pz, spec.Input, p.Limits)
	if err != nil {
		return judge.Case{}, err
	}
	if err := validText(fieldCaseName, spec.Name, 100); err != nil {
		return judge.Case{}, err
	}
	have, err := s.store.Cases(ctx, p.ID)
	if err != nil {
		return judge.Case{}, err
	}
	if len(have) >= judge.MaxCases {
		return judge.Case{}, judge.Errorf(judge.EINVALID, "the problem already has %d cases", judge.MaxCases)
	}
	if spec.Name == "" {
		spec.Name = "case " + strconv.Itoa(len(have)+1)
	}
	c, err := s.store.AddCase(ctx, judge.Case{ProblemID: p.ID, Name: spec.Name, Sample: spec.Sample, Input: input})
	if err != nil {
		return judge.Case{}, err
	}
	s.scheduleCase(c)
	return c, nil
}

// Case returns one case of a problem as v may see it (see Problem);
// ENOTFOUND when it belongs to another, EFORBIDDEN when its board is
// secret to v (judge.CanReadInput).
func (s *Service) Case(ctx context.Context, v judge.User, slug string, id int64) (judge.Case, error) {
	p, err := s.Visible(ctx, v, slug)
	if err != nil {
		return judge.Case{}, err
	}
	_, c, err := s.caseOf(ctx, slug, id)
	if err != nil {
		return judge.Case{}, err
	}
	if err := judge.Allow(v, judge.CanReadInput(v, p, c), "%s of problem %s is secret: the problem takes no answers, so only its samples can be downloaded (its programs are run on the others)",
		judge.HiddenCaseName(c.Position), p.Slug); err != nil {
		return judge.Case{}, err
	}
	return judge.CaseFor(v, p, c), nil
}

// caseOf returns one case of a problem, everything included.
func (s *Service) caseOf(ctx context.Context, slug string, id int64) (judge.Problem, judge.Case, error) {
	p, err := s.store.ProblemBySlug(ctx, slug)
	if err != nil {
		return judge.Problem{}, judge.Case{}, err
	}
	c, err := s.store.CaseByID(ctx, id)
	if err != nil {
		return judge.Problem{}, judge.Case{}, err
	}
	if c.ProblemID != p.ID {
		return judge.Problem{}, judge.Case{}, judge.Errorf(judge.ENOTFOUND, "case not found")
	}
	return p, c, nil
}

// DeleteCase removes a case that an instructor added and rejudges the
// submissions that hold a result for it: their result for it is dropped and
// their verdict and score are computed again over the boards that remain.
// Other submissions stay as they are, and so do moves for the deleted board:
// nothing remains to recompute them over, and they answered the board as it
// was. Only instructors may. A case of the shipped catalogue is refused
// (ECONFLICT) while its problem follows the catalogue: it is synchronised
// at every start and would bring it back, so a 204 would have been a lie.
// A detached problem (an instructor edited it) the catalogue leaves alone,
// so its shipped cases are deleted like the others.
func (s *Service) DeleteCase(ctx context.Context, v judge.User, slug string, id int64) error {
	if err := judge.Allow(v, judge.CanEditCases(v), "only an instructor may delete cases"); err != nil {
		return err
	}
	p, c, err := s.caseOf(ctx, slug, id)
	if err != nil {
		return err
	}
	if c.Shipped && !p.Detached {
		return judge.Errorf(judge.ECONFLICT, "case %q is part of the shipped catalogue (problems/%s) and would come back at the next start: remove it there instead", c.Name, slug)
	}
	if err := s.store.DeleteCase(ctx, c.ID); err != nil {
		return err
	}
	s.unwait(ctx, c.ProblemID) // a waiting submission may have waited for it
	return s.requeue(ctx, judge.Requeue{ProblemID: c.ProblemID, CaseID: c.ID, AnswersOnly: true}.Saying(reasonDeleted(c)))
}

// Rejudge queues every answer and move submission of a problem again; their
// earlier results stay visible until the new ones are written, and are kept
// in their history. Only instructors may.
func (s *Service) Rejudge(ctx context.Context, v judge.User, slug string) (int, error) {
	if err := judge.Allow(v, judge.CanRejudge(v), "only an instructor may rejudge"); err != nil {
		return 0, err
	}
	p, err := s.store.ProblemBySlug(ctx, slug)
	if err != nil {
		return 0, err
	}
	n, err := s.store.RequeueFor(ctx, judge.Requeue{ProblemID: p.ID}.Saying(judge.RequestedRejudge))
	if err == nil {
		s.notify()
	}
	return n, err
}

func (s *Service) requeue(ctx context.Context, r judge.Requeue) error {
	_, err := s.store.RequeueFor(ctx, r)
	if err == nil {
		s.notify()
	}
	return err
}

// stillSolving reports whether a problem has a case without an answer yet.
func stillSolving(cases []judge.Case) bool {
	return slices.ContainsFunc(cases, func(c judge.Case) bool { return c.Status == judge.CaseSolving })
}

// parseWithin returns the canonical text of a board given for a problem
// with limits l: parsed and checked against them in reading order where the
// puzzle can (Puzzle.ParseCaseWithin), else parsed, then checked.
func parseWithin(pz judge.Puzzle, input string, l judge.Limits) (string, error) {
	input, err := puzzleText(fieldBoard, input, judge.MaxCaseBytes)
	if err != nil {
		return "", err
	}
	c, err := pz.ParseCaseWithin(input, l)
	if err != nil {
		return "", err
	}
	return c, pz.CheckLimits(c, l)
}
