package service

import (
	"context"
	"slices"
	"strings"
	"time"

	"puzzlejudge/judge"
)

// grader folds the counted submissions of one student on one problem.
type grader struct {
	a        judge.Assignment
	graded   []int64 // the non-sample case ids, in position order
	answer   judge.ProblemGrade
	ansID    int64
	hasAns   bool
	boards   map[int64]*board
	pg       judge.ProblemGrade
	hasMoves bool
	lastID   int64 // the last submission, whose time becomes pg.Last
	// contest is set for the assignment of a contest: the grade is the
	// contest's result of cell, the submissions of the problem's label.
	contest *judge.Contest
	label   string
	cell    []judge.ContestSubmission
}

// board is a BoardGrade with the id of its best submission.
type board struct {
	judge.BoardGrade
	id int64
}

func newGrader(a judge.Assignment, slug string, graded []int64) *grader {
	return &grader{a: a, graded: graded, boards: map[int64]*board{}, pg: judge.ProblemGrade{Slug: slug}}
}

// add folds in one submission of the window, or the best of a group of
// them (s.Count). Among equal scores the latest (highest id) wins.
func (g *grader) add(s judge.GradedSubmission) {
	n := max(s.Count, 1)
	g.pg.Submissions += n
	g.lastID = max(g.lastID, s.ID, s.LastID)
	if !s.Done {
		g.pg.Pending += n
		return
	}
	factor := 1.0
	if s.Late {
		factor = g.a.LateFactor
	}
	score := s.Score * factor
	switch s.Kind {
	case judge.KindAnswer:
		if !g.hasAns || score > g.answer.Score || score == g.answer.Score && s.ID > g.ansID {
			g.answer.Score, g.answer.Verdict, g.answer.Late = score, s.Verdict, s.Late
			g.hasAns, g.ansID = true, s.ID
		}
	case judge.KindMoves:
		if !slices.Contains(g.graded, s.CaseID) {
			return // a sample board: practice, not graded
		}
		b := g.boards[s.CaseID]
		if b == nil {
			b = &board{BoardGrade: judge.BoardGrade{CaseID: s.CaseID}}
			g.boards[s.CaseID] = b
		}
		b.Submissions += n
		if b.Verdict == "" || score > b.Score || score == b.Score && laterOrSolved(s, b) {
			b.Score, b.Verdict, b.Late, b.id = score, s.Verdict, s.Late, s.ID
		}
		g.hasMoves = true
	}
}

// laterOrSolved breaks a tie of scores between s and the board's best so
// far: moves that solved a board whose optimum is withheld (judge.Solved,
// read as 0) win over moves that did not solve it, then the latest wins.
func laterOrSolved(s judge.GradedSubmission, b *board) bool {
	if (s.Verdict == judge.Solved) != (b.Verdict == judge.Solved) {
		return s.Verdict == judge.Solved
	}
	return s.ID > b.id
}

// result returns the problem's grade and its boards in g.graded order.
func (g *grader) result() (judge.ProblemGrade, []judge.BoardGrade) {
	if g.contest != nil {
		return g.contestResult()
	}
	return g.fold()
}

// fold returns the problem's grade from the submissions added, and its
// boards in g.graded order.
func (g *grader) fold() (judge.ProblemGrade, []judge.BoardGrade) {
	pg := g.pg
	boards := make([]judge.BoardGrade, len(g.graded))
	var moves judge.ProblemGrade
	sum := 0.0
	for i, id := range g.graded {
		if b := g.boards[id]; b != nil {
			boards[i] = b.BoardGrade
		} else {
			boards[i] = judge.BoardGrade{CaseID: id}
		}
		b := boards[i]
		sum += b.Score
		moves.Late = moves.Late || b.Late
		if moves.Verdict == "" && b.Verdict != judge.Accepted {
			moves.Verdict = b.Verdict
			if moves.Verdict == "" {
				moves.Verdict = judge.NotSolved
			}
		}
	}
	if moves.Verdict == "" {
		moves.Verdict = judge.Accepted
	}
	if len(g.graded) > 0 {
		moves.Score = sum / float64(len(g.graded))
	}
	switch {
	case g.hasAns && (!g.hasMoves || g.answer.Score >= moves.Score):
		pg.Score, pg.Verdict, pg.Late = g.answer.Score, g.answer.Verdict, g.answer.Late
	case g.hasMoves:
		pg.Score, pg.Verdict, pg.Late = moves.Score, moves.Verdict, moves.Late
	}
	pg.Score = judge.Round2(pg.Score)
	for i := range boards {
		boards[i].Score = judge.Round2(boards[i].Score)
	}
	return pg, boards
}

// total returns the weighted mean of a row's scores.
func total(a judge.Assignment, pgs []judge.ProblemGrade) float64 {
	sum, weights := 0.0, 0.0
	for i, ap := range a.Problems {
		sum += ap.Weight * pgs[i].Score
		weights += ap.Weight
	}
	if weights == 0 {
		return 0
	}
	return judge.Round2(sum / weights)
}

// gradeInput is what computing a gradebook reads: the students, the graded
// boards of each problem, the counted submissions.
type gradeInput struct {
	a        judge.Assignment
	students []judge.User
	cases    [][]judge.Case // per problem of a, every case in position order
	graded   [][]int64      // per problem of a, the non-sample case ids
	subs     []judge.GradedSubmission
	// contest and cells are set instead of subs for the assignment of a
	// contest: its submissions by user and problem, in time order.
	contest *judge.Contest
	cells   map[cellKey][]judge.ContestSubmission
	teams   judge.BoardRows // the contest's teams, whose results its members are graded by
}

// load reads what grading a needs, in one query for the submissions and one
// per problem for its boards; only the submissions of onlyUser when it is
// not 0.
func (s *Service) loadGrades(ctx context.Context, a judge.Assignment, onlyUser judge.User) (gradeInput, error) {
	in := gradeInput{a: a}
	var err error
	if onlyUser.ID != 0 {
		in.students = []judge.User{onlyUser}
	} else if in.students, err = s.students(ctx); err != nil {
		return in, err
	}
	ids := make([]int64, len(a.Problems))
	for i, ap := range a.Problems {
		ids[i] = ap.ProblemID
		cases, err := s.store.Cases(ctx, ap.ProblemID)
		if err != nil {
			return in, err
		}
		var graded []int64
		for _, c := range cases {
			if !c.Sample {
				graded = append(graded, c.ID)
			}
		}
		in.cases = append(in.cases, cases)
		in.graded = append(in.graded, graded)
	}
	if a.ContestID != 0 {
		return in, s.loadContestGrades(ctx, &in, onlyUser)
	}
	in.subs, err = s.store.GradedSubmissions(ctx, ids, a.OpensAt, a.DueAt, a.CloseAt(), onlyUser.ID)
	return in, err
}

// students returns the accounts with the student role, by username.
func (s *Service) students(ctx context.Context) ([]judge.User, error) {
	all, err := s.store.Users(ctx)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, u := range all {
		if u.Role == judge.RoleStudent {
			out = append(out, u)
		}
	}
	slices.SortFunc(out, func(a, b judge.User) int { return strings.Compare(a.Username, b.Username) })
	return out, nil
}

// graders folds the submissions into one grader per student and problem.
func (in gradeInput) graders() map[int64][]*grader {
	index := make(map[int64]int, len(in.a.Problems))
	for i, ap := range in.a.Problems {
		index[ap.ProblemID] = i
	}
	out := make(map[int64][]*grader, len(in.students))
	for _, u := range in.students {
		gs := make([]*grader, len(in.a.Problems))
		for i, ap := range in.a.Problems {
			gs[i] = newGrader(in.a, ap.Slug, in.graded[i])
			if in.contest != nil {
				gs[i].contest, gs[i].cell = in.contest, in.cells[cellKey{in.teams.KeyOf(u.ID, u.Username), ap.ProblemID}]
				if cp, ok := in.contest.Problem(ap.ProblemID); ok {
					gs[i].label = cp.Label
				}
			}
		}
		out[u.ID] = gs
	}
	for _, sub := range in.subs {
		gs, ok := out[sub.UserID]
		if !ok {
			continue // an instructor's, or a deleted account's
		}
		if i, ok := index[sub.ProblemID]; ok {
			gs[i].add(sub)
		}
	}
	return out
}

// stampLast sets the time of each grader's last submission, read in one
// query (none when no grader has a submission: SubmissionTimes of no ids
// reads nothing).
func (s *Service) stampLast(ctx context.Context, gs map[int64][]*grader) error {
	var ids []int64
	for _, row := range gs {
		for _, g := range row {
			if g.lastID != 0 {
				ids = append(ids, g.lastID)
			}
		}
	}
	times, err := s.store.SubmissionTimes(ctx, ids)
	if err != nil {
		return err
	}
	for _, row := range gs {
		for _, g := range row {
			if t, ok := times[g.lastID]; ok {
				g.pg.Last = &t
			}
		}
	}
	return nil
}

func (in gradeInput) gradebook(gs map[int64][]*grader, now time.Time) judge.Gradebook {
	gb := judge.Gradebook{Assignment: in.a, Rows: make([]judge.StudentGrade, 0, len(in.students)), AsOf: now}
	for _, u := range in.students {
		row := judge.StudentGrade{User: u, Problems: make([]judge.ProblemGrade, len(in.a.Problems))}
		for i, g := range gs[u.ID] {
			row.Problems[i], _ = g.result()
		}
		row.Total = total(in.a, row.Problems)
		gb.Rows = append(gb.Rows, row)
	}
	return gb
}

// stampedGrades loads the grades of a (every student's, or only those of
// the user only when it is set) and their graders, stamped with each
// student's last submission.
func (s *Service) stampedGrades(ctx context.Context, a judge.Assignment, only judge.User) (gradeInput, map[int64][]*grader, error) {
	in, err := s.loadGrades(ctx, a, only)
	if err != nil {
		return gradeInput{}, nil, err
	}
	if only.ID != 0 { // a student's own row: what they may read of it
		if err := s.withholding(only).graded(ctx, a, in.subs); err != nil {
			return gradeInput{}, nil, err
		}
	}
	gs := in.graders()
	if err := s.stampLast(ctx, gs); err != nil {
		return gradeInput{}, nil, err
	}
	return in, gs, nil
}

// rowsOf is whose rows of a gradebook viewer reads: everyone's (the zero
// User) for those who manage courses, a student's own row otherwise.
func rowsOf(viewer judge.User) judge.User {
	if judge.CanManageCourses(viewer) {
		return judge.User{}
	}
	return viewer
}

// Progress returns the gradebook of an assignment: every student for an
// instructor, the viewer's own row for a student (once the assignment is
// open).
func (s *Service) Progress(ctx context.Context, viewer judge.User, id int64) (judge.Gradebook, error) {
	if err := judge.Allow(viewer, judge.CanReadProgress(viewer), ""); err != nil {
		return judge.Gradebook{}, err
	}
	a, err := s.Assignment(ctx, viewer, id)
	if err != nil {
		return judge.Gradebook{}, err
	}
	in, gs, err := s.stampedGrades(ctx, a, rowsOf(viewer))
	if err != nil {
		return judge.Gradebook{}, err
	}
	return in.gradebook(gs, s.now()), nil
}

// Grades returns the gradebook of every student, for export; instructors
// only.
func (s *Service) Grades(ctx context.Context, viewer judge.User, id int64) (judge.Gradebook, error) {
	if err := judge.Allow(viewer, judge.CanManageCourses(viewer), coursesOnly); err != nil {
		return judge.Gradebook{}, err
	}
	return s.Progress(ctx, viewer, id)
}

// ProblemProgress returns the drill-down of one problem of an assignment:
// each student's best on each board (every student for instructors, the
// viewer's own row for a student).
func (s *Service) ProblemProgress(ctx context.Context, viewer judge.User, id int64, slug string) (judge.ProblemBoards, error) {
	if err := judge.Allow(viewer, judge.CanReadProgress(viewer), ""); err != nil {
		return judge.ProblemBoards{}, err
	}
	a, err := s.Assignment(ctx, viewer, id)
	if err != nil {
		return judge.ProblemBoards{}, err
	}
	at := slices.IndexFunc(a.Problems, func(ap judge.AssignmentProblem) bool { return ap.Slug == slug })
	if at < 0 {
		return judge.ProblemBoards{}, judge.Errorf(judge.ENOTFOUND, "problem %s is not part of this assignment", slug)
	}
	if a.Problems[at].Unavailable {
		return judge.ProblemBoards{}, notFound(slug) // its boards' names are the problem's
	}
	one := a
	one.Problems = []judge.AssignmentProblem{a.Problems[at]}
	in, gs, err := s.stampedGrades(ctx, one, rowsOf(viewer))
	if err != nil {
		return judge.ProblemBoards{}, err
	}
	pb := judge.ProblemBoards{Assignment: a, Problem: a.Problems[at], Cases: slices.Clone(in.cases[0]), AsOf: s.now()}
	for i, c := range pb.Cases {
		pb.Cases[i].Name = judge.CaseNameFor(viewer, c) // a student's own row names hidden boards by position
	}
	for _, u := range in.students {
		pg, boards := gs[u.ID][0].result()
		// Boards in case order with samples shown empty: the page lists
		// every board, the grade counts the others.
		all := make([]judge.BoardGrade, len(pb.Cases))
		k := 0
		for i, c := range pb.Cases {
			if c.Sample {
				all[i] = judge.BoardGrade{CaseID: c.ID}
				continue
			}
			all[i] = boards[k]
			k++
		}
		pb.Rows = append(pb.Rows, judge.StudentBoards{User: u, Grade: pg, Boards: all})
	}
	return pb, nil
}

// MyProgress returns the viewer's own row on an assignment they may see,
// whatever their role (an instructor trying the problems sees theirs).
func (s *Service) MyProgress(ctx context.Context, viewer judge.User, id int64) (judge.Assignment, judge.StudentGrade, error) {
	if err := judge.Allow(viewer, judge.CanReadProgress(viewer), ""); err != nil {
		return judge.Assignment{}, judge.StudentGrade{}, err
	}
	a, err := s.Assignment(ctx, viewer, id)
	if err != nil {
		return judge.Assignment{}, judge.StudentGrade{}, err
	}
	in, gs, err := s.stampedGrades(ctx, a, viewer)
	if err != nil {
		return judge.Assignment{}, judge.StudentGrade{}, err
	}
	return a, in.gradebook(gs, s.now()).Rows[0], nil
}
