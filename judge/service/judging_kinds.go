package service

import (
	"context"
	"slices"
	"strings"

	"puzzlejudge/judge"
)

// admit refuses, as EFORBIDDEN, a submission of a kind its problem does not
// take (judge.CanSubmitKind), and moves for a board the submitter may not
// download (judge.CanSubmitMoves). Kinds no problem takes are left to
// submit, which names the ones it knows.
func (s *Service) admit(ctx context.Context, v judge.User, sub judge.Submission) error {
	if !slices.Contains(judge.ProblemKinds, sub.Kind) {
		return nil
	}
	e, _, err := s.cachedProblem(ctx, sub.ProblemSlug)
	if err != nil {
		return err
	}
	p := e.p
	if !p.VisibleTo(v) {
		return notFound(sub.ProblemSlug)
	}
	if err := takes(v, p, sub.Kind); err != nil {
		return err
	}
	if sub.Kind != judge.KindMoves {
		return nil
	}
	at := slices.IndexFunc(e.cases, func(c judge.Case) bool { return c.ID == sub.CaseID })
	if at < 0 {
		return nil // submit says the case does not exist
	}
	c := e.cases[at]
	return judge.Allow(v, judge.CanSubmitMoves(v, p, c),
		"%s of problem %s is secret (the problem takes no answers, so only its samples can be downloaded): moves are taken on its samples only", judge.HiddenCaseName(c.Position), p.Slug)
}

// kindWords names a kind of submission in a sentence: each kind is its own
// word ("answer submissions") but moves, said in the singular.
func kindWords(k judge.Kind) string {
	if k == judge.KindMoves {
		return "move"
	}
	return string(k)
}

// takes refuses (EFORBIDDEN, judge.CanSubmitKind) a kind of submission
// the problem does not take.
func takes(v judge.User, p judge.Problem, k judge.Kind) error {
	return judge.Allow(v, judge.CanSubmitKind(v, p, k), "problem %s does not take %s submissions (its kinds: %s)", p.Slug, kindWords(k), kindNames(p))
}

// kindNames lists the kinds p takes as the API names them ("moves, program").
func kindNames(p judge.Problem) string {
	var ks []string
	for _, k := range judge.ProblemKinds {
		if p.Takes(k) {
			ks = append(ks, string(k))
		}
	}
	return strings.Join(ks, ", ")
}

// nameResults returns sub's results as v may read them (judge.ResultFor):
// a hidden case named by its position, and a program's run on it told by
// its verdict and figures only, unless v is an instructor. A case no longer
// in the problem counts as hidden. Every face (the API, the pages, pj)
// reads a submission's results through Submission, which calls it.
//
// A run's output, stderr and expected answer (judge.CanReadRunOutput) stay
// on the boards that are samples now, for everyone.
func (s *Service) nameResults(ctx context.Context, v judge.User, sub *judge.Submission) error {
	if sub.ProblemID == 0 || len(sub.Results) == 0 {
		return nil
	}
	if v.IsInstructor() && !hasRunOutput(sub.Results) {
		return nil
	}
	e, _, err := s.cachedProblem(ctx, sub.ProblemSlug)
	if err != nil {
		return err
	}
	sample := make(map[int64]bool, len(e.cases))
	for _, c := range e.cases {
		sample[c.ID] = c.Sample
	}
	for i, r := range sub.Results {
		c := judge.Case{Sample: sample[r.CaseID]}
		if r.Run != nil && !judge.CanReadRunOutput(v, *sub, c) {
			r.Run = nil
		}
		if !v.IsInstructor() {
			r = judge.ResultFor(v, sub.Kind, c.Sample, r)
		}
		sub.Results[i] = r
	}
	return nil
}

func hasRunOutput(results []judge.CaseResult) bool {
	for _, r := range results {
		if r.Run != nil {
			return true
		}
	}
	return false
}
