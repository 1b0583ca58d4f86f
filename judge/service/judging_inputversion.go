package service

import (
	"context"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
)

// Input returns the current case set of a problem and its version, the
// cases as v may see them (judge.CaseFor: a student reads hidden cases by
// position, and no hidden board of a problem that takes no answers);
// ENOTFOUND for a problem v may not see (a draft or an archived one, to a
// student).
func (s *Service) Input(ctx context.Context, v judge.User, slug string) (judge.ProblemInput, error) {
	in, err := s.input(ctx, slug)
	if err == nil && !in.Problem.VisibleTo(v) {
		return judge.ProblemInput{}, notFound(slug)
	}
	for i := range in.Cases {
		in.Cases[i] = judge.CaseFor(v, in.Problem, in.Cases[i])
	}
	return in, err
}

// input is Input with every case whole, for the judge's own use.
func (s *Service) input(ctx context.Context, slug string) (judge.ProblemInput, error) {
	e, catalogue, err := s.cachedProblem(ctx, slug)
	if err != nil {
		return judge.ProblemInput{}, err
	}
	pz, err := puzzles.Lookup(e.p.Puzzle)
	if err != nil {
		return judge.ProblemInput{}, err
	}
	return judge.ProblemInput{Problem: e.p, Puzzle: pz, Cases: e.cases, Version: e.inputVersion, Catalogue: catalogue}, nil
}

// bindAnswer checks the version an answer claims to answer and records the
// case set it answers: the one it was made for, which must be the current
// one, since older case sets cannot be downloaded any more.
func bindAnswer(in judge.ProblemInput, sub *judge.Submission) error {
	if sub.InputVersion != "" && sub.InputVersion != in.Version {
		return judge.Errorf(judge.ESTALEINPUT,
			"this answer is for input version %s, but the input of %s is now version %s (its boards changed): download the input again (GET /api/v1/problems/%s/input or input.zip), run your program on it and submit that output",
			sub.InputVersion, in.Problem.Slug, in.Version, in.Problem.Slug)
	}
	if len(in.Cases) == 0 {
		return judge.Errorf(judge.EINVALID, "problem %s has no boards yet: there is nothing to answer", in.Problem.Slug)
	}
	sub.InputVersion = in.Version
	sub.CaseIDs = make([]int64, len(in.Cases))
	for i, c := range in.Cases {
		sub.CaseIDs[i] = c.ID
	}
	return nil
}
