package service

import (
	"context"

	"puzzlejudge/judge"
)

// Bests returns v's best on each problem v tried, by slug; none for the
// anonymous visitor.
func (s *Service) Bests(ctx context.Context, v judge.User) (map[string]judge.Best, error) {
	if v.Anonymous() {
		return map[string]judge.Best{}, nil
	}
	userID := v.ID
	list, err := s.store.Problems(ctx)
	if err != nil {
		return nil, err
	}
	res, err := s.store.UserBests(ctx, userID, 0)
	if err != nil {
		return nil, err
	}
	slugs := make(map[int64]string, len(list))
	for _, p := range list {
		slugs[p.ID] = p.Slug
	}
	if err := s.withholding(v).bests(ctx, slugs, &res); err != nil {
		return nil, err
	}
	out := map[string]judge.Best{}
	for _, p := range list {
		if b, ok := bestOf(p.ID, p.Cases, res); ok {
			out[p.Slug] = b
		}
	}
	return out, nil
}

// Standing returns v's best on one problem (ok false when never tried) and
// standing on each of its boards, in order (the cases as v may see them);
// nothing for the anonymous visitor.
func (s *Service) Standing(ctx context.Context, v judge.User, slug string) (judge.Best, bool, []judge.BoardProgress, error) {
	if v.Anonymous() {
		return judge.Best{}, false, nil, nil
	}
	p, cases, err := s.Problem(ctx, v, slug)
	if err != nil {
		return judge.Best{}, false, nil, err
	}
	res, err := s.store.UserBests(ctx, v.ID, p.ID)
	if err != nil {
		return judge.Best{}, false, nil, err
	}
	if err := s.withholding(v).bests(ctx, map[int64]string{p.ID: p.Slug}, &res); err != nil {
		return judge.Best{}, false, nil, err
	}
	best, ok := bestOf(p.ID, len(cases), res)
	boards := make([]judge.BoardProgress, len(cases))
	byCase := map[int64][]judge.BoardResult{}
	for _, r := range res.Boards {
		byCase[r.CaseID] = append(byCase[r.CaseID], r)
	}
	for i, c := range cases {
		b := judge.BoardProgress{Case: c, Status: judge.BoardUntried}
		solved := false
		for _, r := range byCase[c.ID] {
			b.Status = judge.BoardTried
			b.Score = max(b.Score, r.Best)
			solved = solved || r.Withheld
		}
		switch {
		case b.Score >= 100:
			b.Status = judge.BoardAccepted
		case solved:
			b.Status = judge.BoardSolved // by moves; no answer got it right
		case b.Score > 0:
			b.Status = judge.BoardSuboptimal
		}
		boards[i] = b
	}
	return best, ok, boards, nil
}

// bestOf computes the best of a user on the problem with that id and number
// of current boards.
func bestOf(problemID int64, boards int, res judge.UserResults) (judge.Best, bool) {
	var best judge.Best
	found := false
	take := func(b judge.Best) {
		if !found || b.Score > best.Score+1e-9 || (judge.SameScore(b.Score, best.Score) && b.SubmissionID > best.SubmissionID) {
			best, found = b, true
		}
	}
	for _, a := range res.Answers {
		if a.ProblemID == problemID {
			take(judge.Best{Verdict: a.Verdict, Score: a.Score, Kind: judge.KindAnswer, SubmissionID: a.SubmissionID})
		}
	}
	moves := judge.Best{Kind: judge.KindMoves, Boards: boards}
	tried := false
	sum, positive := 0.0, 0
	for _, r := range res.Boards {
		if r.ProblemID != problemID || r.Kind != judge.KindMoves {
			continue
		}
		tried = true
		sum += r.Best
		if r.Best > 0 || r.Withheld {
			positive++
		}
		if r.Best >= 100 || r.Withheld {
			moves.Solved++
		}
		if r.Withheld {
			moves.Withheld++
		}
		moves.SubmissionID = max(moves.SubmissionID, r.Last)
	}
	if tried && boards > 0 {
		moves.Score = sum / float64(boards)
		switch {
		case moves.Solved == boards && moves.Withheld > 0:
			moves.Verdict = judge.Solved
		case moves.Solved == boards:
			moves.Verdict = judge.Accepted
		case positive == boards:
			moves.Verdict = judge.Suboptimal
		default:
			moves.Verdict = judge.NotSolved
		}
		take(moves)
	}
	return best, found
}
