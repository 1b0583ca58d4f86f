package judge

import "context"

// UserResults is what a user's progress is computed from (Store.UserBests).
type UserResults struct {
	// Answers are the user's judged answer submissions.
	Answers []AnswerResult
	// Boards are the best case results of the user per problem, current
	// case and kind (judge_error results and deleted cases left out).
	Boards []BoardResult
}

// AnswerResult is one judged answer submission.
type AnswerResult struct {
	ProblemID    int64
	SubmissionID int64
	Verdict      Verdict
	Score        float64 // 0..100
}

// BoardResult is the best result of a user on one case with one kind of
// submission.
type BoardResult struct {
	ProblemID int64
	CaseID    int64
	Kind      Kind
	Best      float64 // 0..100
	// Last is the id of the latest such submission, to break ties.
	Last int64
}

// Best is a user's best on a problem: the highest score (ties: the latest)
// among the answer submissions, and among the move submissions counted per
// board, as if they were one answer. Kind says which it is.
type Best struct {
	Verdict      Verdict
	Score        float64 // 0..100
	Kind         Kind
	SubmissionID int64 // KindAnswer: the submission; KindMoves: the latest move submission
	// Boards and Solved count the boards of a moves best: all boards, and
	// those solved by moves.
	Boards, Solved int
}

// BoardStatus is a user's standing on one board of a problem.
type BoardStatus string

// The board statuses: accepted (solved optimally by some submission),
// suboptimal (solved, not optimally), tried (submitted, never solved),
// untried.
const (
	BoardAccepted   BoardStatus = "accepted"
	BoardSuboptimal BoardStatus = "suboptimal"
	BoardTried      BoardStatus = "tried"
	BoardUntried    BoardStatus = "untried"
)

// BoardProgress is a board with a user's standing on it.
type BoardProgress struct {
	Case   Case
	Status BoardStatus
	Score  float64 // 0..100, the best over answers and moves
}

// Bests returns v's best on each problem v tried, by slug; none for the
// anonymous visitor.
func (s *Service) Bests(ctx context.Context, v User) (map[string]Best, error) {
	if v.Anonymous() {
		return map[string]Best{}, nil
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
	out := map[string]Best{}
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
func (s *Service) Standing(ctx context.Context, v User, slug string) (Best, bool, []BoardProgress, error) {
	if v.Anonymous() {
		return Best{}, false, nil, nil
	}
	p, cases, err := s.Problem(ctx, v, slug)
	if err != nil {
		return Best{}, false, nil, err
	}
	res, err := s.store.UserBests(ctx, v.ID, p.ID)
	if err != nil {
		return Best{}, false, nil, err
	}
	best, ok := bestOf(p.ID, len(cases), res)
	boards := make([]BoardProgress, len(cases))
	byCase := map[int64][]BoardResult{}
	for _, r := range res.Boards {
		byCase[r.CaseID] = append(byCase[r.CaseID], r)
	}
	for i, c := range cases {
		b := BoardProgress{Case: c, Status: BoardUntried}
		for _, r := range byCase[c.ID] {
			b.Status = BoardTried
			b.Score = max(b.Score, r.Best)
		}
		switch {
		case b.Score >= 100:
			b.Status = BoardAccepted
		case b.Score > 0:
			b.Status = BoardSuboptimal
		}
		boards[i] = b
	}
	return best, ok, boards, nil
}

// bestOf computes the best of a user on the problem with that id and number
// of current boards.
func bestOf(problemID int64, boards int, res UserResults) (Best, bool) {
	var best Best
	found := false
	take := func(b Best) {
		if !found || b.Score > best.Score+1e-9 || (sameScore(b.Score, best.Score) && b.SubmissionID > best.SubmissionID) {
			best, found = b, true
		}
	}
	for _, a := range res.Answers {
		if a.ProblemID == problemID {
			take(Best{Verdict: a.Verdict, Score: a.Score, Kind: KindAnswer, SubmissionID: a.SubmissionID})
		}
	}
	moves := Best{Kind: KindMoves, Boards: boards}
	tried := false
	sum, positive := 0.0, 0
	for _, r := range res.Boards {
		if r.ProblemID != problemID || r.Kind != KindMoves {
			continue
		}
		tried = true
		sum += r.Best
		if r.Best > 0 {
			positive++
		}
		if r.Best >= 100 {
			moves.Solved++
		}
		moves.SubmissionID = max(moves.SubmissionID, r.Last)
	}
	if tried && boards > 0 {
		moves.Score = sum / float64(boards)
		switch {
		case moves.Solved == boards:
			moves.Verdict = Accepted
		case positive == boards:
			moves.Verdict = Suboptimal
		default:
			moves.Verdict = NotSolved
		}
		take(moves)
	}
	return best, found
}
