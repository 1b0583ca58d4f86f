package service

import (
	"context"

	"puzzlejudge/judge"
)

// withholding decides, for one viewer and one request, on which boards the
// optima are withheld from the viewer (judge.CanReadOptimum), reading the
// assignments once and each problem once.
type withholding struct {
	s        *Service
	v        judge.User
	loaded   bool
	all      []judge.Assignment
	problems map[string]withheldProblem
}

// withheldProblem is what a problem's boards need: the problem, whether its
// optima are shown, and its samples.
type withheldProblem struct {
	p       judge.Problem
	shown   bool
	samples map[int64]bool
}

// withholding starts the decisions for v; nothing is read for an
// instructor, who reads every optimum.
func (s *Service) withholding(v judge.User) *withholding {
	return &withholding{s: s, v: v, problems: map[string]withheldProblem{}}
}

// problem reads the problem slug once.
func (w *withholding) problem(ctx context.Context, slug string) (withheldProblem, error) {
	if wp, ok := w.problems[slug]; ok {
		return wp, nil
	}
	e, _, err := w.s.cachedProblem(ctx, slug)
	if err != nil {
		return withheldProblem{}, err
	}
	wp := withheldProblem{p: e.p, samples: map[int64]bool{}}
	for _, c := range e.cases {
		if c.Sample {
			wp.samples[c.ID] = true
		}
	}
	if e.p.TakesAnswers() {
		if !w.loaded {
			if w.all, err = w.s.store.Assignments(ctx); err != nil {
				return withheldProblem{}, err
			}
			// A contest's assignment closes when its contest ends now,
			// not when it ended as the assignment was made.
			if err := w.s.followAll(ctx, w.all); err != nil {
				return withheldProblem{}, err
			}
			w.loaded = true
		}
		wp.shown = judge.OptimaShown(e.p, w.all, w.s.now())
	}
	w.problems[slug] = wp
	return wp, nil
}

// board reports whether the optimum of the case caseID of problem slug is
// withheld from the viewer. A case no longer in the problem counts as
// hidden.
func (w *withholding) board(ctx context.Context, slug string, caseID int64) (bool, error) {
	if w.v.IsInstructor() || slug == "" {
		return false, nil
	}
	wp, err := w.problem(ctx, slug)
	if err != nil {
		return false, err
	}
	return !judge.CanReadOptimum(w.v, wp.p, judge.Case{ID: caseID, Sample: wp.samples[caseID]}, wp.shown), nil
}

// submission returns sub as the viewer may read it: a moves submission on
// a board whose optimum is withheld without it (judge.WithholdSubmission).
func (w *withholding) submission(ctx context.Context, sub judge.Submission) (judge.Submission, error) {
	if sub.Kind != judge.KindMoves {
		return sub, nil
	}
	hide, err := w.board(ctx, sub.ProblemSlug, sub.CaseID)
	if err != nil || !hide {
		return sub, err
	}
	return judge.WithholdSubmission(sub), nil
}

// filter sets f.Withheld when f asks for a verdict that withholding
// changes (accepted, suboptimal, solved): the cases of f's problem, or of
// every problem, whose optima are withheld from the viewer, deleted ones
// included, so that the list and its count agree with the verdicts the
// viewer reads (asking for accepted would otherwise tell which of their
// solving moves were optimal).
func (w *withholding) filter(ctx context.Context, f *judge.SubmissionFilter) error {
	f.Withheld = nil
	if w.v.IsInstructor() || (f.Verdict != judge.Accepted && f.Verdict != judge.Suboptimal && f.Verdict != judge.Solved) {
		return nil
	}
	var slugs []string
	if f.ProblemSlug != "" {
		slugs = []string{f.ProblemSlug}
	} else {
		list, err := w.s.store.Problems(ctx)
		if err != nil {
			return err
		}
		for _, p := range list {
			slugs = append(slugs, p.Slug)
		}
	}
	for _, slug := range slugs {
		wp, err := w.problem(ctx, slug)
		if judge.ErrorCode(err) == judge.ENOTFOUND {
			continue // the list is empty then
		}
		if err != nil {
			return err
		}
		if judge.CanReadOptimum(w.v, wp.p, judge.Case{}, wp.shown) {
			continue
		}
		cases, err := w.s.store.CasesForJudging(ctx, wp.p.ID)
		if err != nil {
			return err
		}
		for _, c := range cases {
			if !wp.samples[c.ID] {
				f.Withheld = append(f.Withheld, c.ID)
			}
		}
	}
	return nil
}

// bests withholds, in res, the best of moves on each board whose optimum is
// withheld from the viewer: a board they solved reads Withheld with a best
// of 0, so that neither a board's score nor the problem's says the
// optimum. slugs names the problems of res.
func (w *withholding) bests(ctx context.Context, slugs map[int64]string, res *judge.UserResults) error {
	for i, r := range res.Boards {
		if r.Kind != judge.KindMoves {
			continue
		}
		hide, err := w.board(ctx, slugs[r.ProblemID], r.CaseID)
		if err != nil {
			return err
		}
		if hide {
			res.Boards[i].Withheld, res.Boards[i].Best = r.Best > 0, 0
		}
	}
	return nil
}

// graded withholds, in subs (counted submissions on the problems of a),
// the verdict and score of moves on each board whose optimum is withheld
// from the viewer (judge.WithholdVerdict).
func (w *withholding) graded(ctx context.Context, a judge.Assignment, subs []judge.GradedSubmission) error {
	slugs := make(map[int64]string, len(a.Problems))
	for _, ap := range a.Problems {
		slugs[ap.ProblemID] = ap.Slug
	}
	for i, sub := range subs {
		if sub.Kind != judge.KindMoves || !sub.Done {
			continue
		}
		hide, err := w.board(ctx, slugs[sub.ProblemID], sub.CaseID)
		if err != nil {
			return err
		}
		if hide {
			subs[i].Verdict, subs[i].Score = judge.WithholdVerdict(sub.Verdict, sub.Score)
		}
	}
	return nil
}
