package service

import (
	"context"
	"time"

	"puzzlejudge/judge"
)

// An assignment may be a contest's (Assignment.ContestID): it follows the
// contest live. Its problems and window are read from the contest each
// time the assignment is read (judge.Assignment.FollowContest), so a
// contest moved, lengthened or given another problem moves its assignment
// with it; the assignment keeps only its title and the weights. Its grades
// are the contest's results: the submissions that named the contest while
// it ran, folded by judge.ScoreCell exactly as the board folds them.

// follow returns a with its contest's problems and window, when it is a
// contest's.
func (s *Service) follow(ctx context.Context, a judge.Assignment) (judge.Assignment, error) {
	if a.ContestID == 0 {
		return a, nil
	}
	c, err := s.store.Contest(ctx, a.ContestID)
	if err != nil {
		return judge.Assignment{}, err
	}
	return a.FollowContest(c), nil
}

// followed reads assignment id and follows its contest, if it has one.
func (s *Service) followed(ctx context.Context, id int64) (judge.Assignment, error) {
	a, err := s.store.Assignment(ctx, id)
	if err != nil {
		return judge.Assignment{}, err
	}
	return s.follow(ctx, a)
}

// followAll is follow over a list, reading each contest once.
func (s *Service) followAll(ctx context.Context, list []judge.Assignment) error {
	contests := map[int64]judge.Contest{}
	for i, a := range list {
		if a.ContestID == 0 {
			continue
		}
		c, ok := contests[a.ContestID]
		if !ok {
			var err error
			if c, err = s.store.Contest(ctx, a.ContestID); err != nil {
				return err
			}
			contests[a.ContestID] = c
		}
		list[i] = a.FollowContest(c)
	}
	return nil
}

// contestAssignmentOf completes a (its title checked) as the assignment of
// the contest spec names: the contest's problems with the weights spec
// gives them (1 for those it leaves out), the contest's window, no late
// period. Times or a late policy in spec are refused rather than ignored:
// an instructor who gives them means something the assignment would not
// do.
func (s *Service) contestAssignmentOf(ctx context.Context, a judge.Assignment, spec judge.AssignmentSpec) (judge.Assignment, error) {
	if !spec.OpensAt.IsZero() || !spec.DueAt.IsZero() || spec.LateUntil != nil || spec.LateFactor != nil {
		return judge.Assignment{}, judge.Errorf(judge.EINVALID,
			"contest: the assignment of contest %d takes its times from the contest: leave out opens_at, due_at, late_until and late_factor", spec.ContestID)
	}
	c, err := s.store.Contest(ctx, spec.ContestID)
	if judge.ErrorCode(err) == judge.ENOTFOUND {
		return judge.Assignment{}, judge.Errorf(judge.EINVALID, "contest: there is no contest %d", spec.ContestID)
	}
	if err != nil {
		return judge.Assignment{}, err
	}
	if len(spec.Problems) > judge.MaxAssignmentProblems {
		return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_too_many_problems", "an assignment has at most {Max} problems", "Max", judge.MaxAssignmentProblems)
	}
	a.ContestID = c.ID
	seen := map[string]bool{}
	for i, ps := range spec.Problems {
		if seen[ps.Slug] {
			return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_problem_twice", "problem {Slug} is listed twice", "Slug", ps.Slug)
		}
		seen[ps.Slug] = true
		at := -1
		for j, cp := range c.Problems {
			if cp.Slug == ps.Slug {
				at = j
			}
		}
		if at < 0 {
			return judge.Assignment{}, judge.Errorf(judge.EINVALID, "problems[%d]: problem %q is not a problem of contest %d", i, ps.Slug, c.ID)
		}
		w, err := weightOf(i, ps)
		if err != nil {
			return judge.Assignment{}, err
		}
		a.Problems = append(a.Problems, judge.AssignmentProblem{ProblemID: c.Problems[at].ProblemID, Weight: w})
	}
	a = a.FollowContest(c)
	total := 0.0
	for _, ap := range a.Problems {
		total += ap.Weight
	}
	if total <= 0 {
		return judge.Assignment{}, judge.Errort(judge.EINVALID, "assignment_weights_zero", "the weights must not all be 0")
	}
	return a, nil
}

// loadContestGrades reads the submissions that grading the assignment of
// contest a.ContestID counts: those that named the contest, of onlyUser
// when it is set, by cell for the grades and summarised (in.subs) for the
// drill-down's boards.
func (s *Service) loadContestGrades(ctx context.Context, in *gradeInput, onlyUser judge.User) error {
	c, err := s.store.Contest(ctx, in.a.ContestID)
	if err != nil {
		return err
	}
	subs, err := s.store.ContestSubmissions(ctx, c.ID)
	if err != nil {
		return err
	}
	ids := make([]int64, len(in.a.Problems))
	for i, ap := range in.a.Problems {
		ids[i] = ap.ProblemID
	}
	// The same submissions summarised as for any assignment, for the
	// boards of the drill-down.
	if in.subs, err = s.store.ContestGradedSubmissions(ctx, c.ID, ids, onlyUser.ID); err != nil {
		return err
	}
	in.contest = &c
	in.teams = judge.NewBoardRows(c)
	in.cells = map[cellKey][]judge.ContestSubmission{}
	only := in.teams.KeyOf(onlyUser.ID, onlyUser.Username)
	for _, cs := range subs { // in time order, then id: ScoreCell's order
		// A member's grade is the team's result: every member's
		// submissions count.
		k := cellKey{in.teams.KeyOf(cs.UserID, cs.Username), cs.ProblemID}
		if onlyUser.ID != 0 && k.row != only {
			continue
		}
		in.cells[k] = append(in.cells[k], cs)
	}
	return nil
}

// contestResult is result for the assignment of a contest: the contest's
// cell of the problem, live (the jury's; a student reads only their own
// row, whose verdicts are theirs during a freeze too, as on their
// submissions' pages), as a grade.
func (g *grader) contestResult() (judge.ProblemGrade, []judge.BoardGrade) {
	c := *g.contest
	pg := judge.ProblemGrade{Slug: g.pg.Slug}
	cell := judge.ScoreCell(c, g.label, g.cell, time.Time{})
	pg.Score = judge.Round2(judge.ContestGrade(c.Scoring, cell))
	var latest, best judge.Verdict
	bestScore := -1.0
	for _, s := range g.cell {
		if !c.Counts(s.CreatedAt) {
			continue
		}
		at := s.CreatedAt
		pg.Submissions++
		pg.Last = &at
		if s.Verdict == "" {
			pg.Pending++
			continue
		}
		latest = s.Verdict
		if s.Score > bestScore {
			best, bestScore = s.Verdict, s.Score
		}
	}
	switch {
	case c.Scoring == judge.ScoringICPC && cell.Solved:
		pg.Verdict = judge.Accepted
	case c.Scoring == judge.ScoringIOI && bestScore > 0:
		pg.Verdict = best
	default:
		pg.Verdict = latest
	}
	// The boards of the drill-down: each board's best moves in the
	// contest, as for any assignment; the grade is the contest's.
	_, boards := g.fold()
	return pg, boards
}
