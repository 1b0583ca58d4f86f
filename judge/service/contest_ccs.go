package service

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/ccs"
)

// The ICPC Contest API of a contest is built from the contest, its
// submissions, their judgings, its clarifications and its two boards (the
// jury's and everyone else's) by ccs.CCSObjects. The endpoints answer
// the objects their viewer sees; the event feed logs every change of them
// (ccs_events.go).

// CCSContests returns the contests whose Contest API v may read: those
// whose board v may see (judge.CanSeeBoard).
func (s *Service) CCSContests(ctx context.Context, v judge.User) ([]judge.Contest, error) {
	all, err := s.store.Contests(ctx)
	if err != nil {
		return nil, err
	}
	var out []judge.Contest
	for _, c := range all {
		if judge.CanSeeBoard(v, c) {
			out = append(out, c)
		}
	}
	return out, nil
}

// CCSContest returns the contest id for v's Contest API and how v reads it;
// ENOTFOUND when it does not exist or v may not read it (a private
// contest is not admitted to exist).
func (s *Service) CCSContest(ctx context.Context, v judge.User, id int64) (judge.Contest, ccs.CCSView, error) {
	c, err := s.store.Contest(ctx, id)
	if err != nil {
		return judge.Contest{}, ccs.CCSView{}, err
	}
	if !judge.CanSeeBoard(v, c) {
		return judge.Contest{}, ccs.CCSView{}, judge.Errorf(judge.ENOTFOUND, "contest %d not found", id)
	}
	return c, ccs.CCSViewOf(v, c), nil
}

// CCSObjects returns the objects of contest id's API that v reads, in the
// order of ccs.CCSTypes, with the input they were built from.
func (s *Service) CCSObjects(ctx context.Context, v judge.User, id int64) ([]ccs.CCSObject, ccs.CCSInput, ccs.CCSView, error) {
	c, view, err := s.CCSContest(ctx, v, id)
	if err != nil {
		return nil, ccs.CCSInput{}, view, err
	}
	in, err := s.ccsInput(ctx, c)
	if err != nil {
		return nil, in, view, err
	}
	return view.Visible(ccs.CCSObjects(in)), in, view, nil
}

// ccsLanguages are the languages of the API: the sandbox's, then this
// judge's two text kinds, which are submissions too.
func (s *Service) ccsLanguages() []ccs.CCSLanguage {
	var out []ccs.CCSLanguage
	for _, l := range s.Languages() {
		cl := ccs.CCSLanguage{ID: l.ID, Name: l.Name, Extensions: l.Extensions}
		if l.ID == "java" || l.ID == "kotlin" {
			cl.EntryPoint = "Main class"
		}
		out = append(out, cl)
	}
	return append(out,
		ccs.CCSLanguage{ID: string(judge.KindAnswer), Name: "Answer (the output for every board)", Extensions: []string{"txt"}},
		ccs.CCSLanguage{ID: string(judge.KindMoves), Name: "Moves (a move sequence for one board)", Extensions: []string{"txt"}})
}

// ccsInput loads what contest c's API is built from, at the service's now.
func (s *Service) ccsInput(ctx context.Context, c judge.Contest) (ccs.CCSInput, error) {
	now := s.now()
	in := ccs.CCSInput{Contest: c, Now: now, Languages: s.ccsLanguages(), Cache: &s.ccs.log(c.ID).cache}
	for _, p := range c.Problems {
		var f ccs.CCSProblemFacts
		cp, _, err := s.cachedProblem(ctx, p.Slug)
		if err == nil {
			f = ccs.CCSProblemFacts{Cases: len(cp.cases), Limits: cp.p.Limits, Programs: slices.Contains(cp.p.Kinds, judge.KindProgram)}
		} else if judge.ErrorCode(err) != judge.ENOTFOUND {
			return in, err
		}
		in.Problems = append(in.Problems, f)
	}
	subs, err := s.store.CCSSubmissions(ctx, c.ID)
	if err != nil {
		return in, err
	}
	clars, err := s.store.Clarifications(ctx, c.ID)
	if err != nil {
		return in, err
	}
	users, err := s.store.Users(ctx)
	if err != nil {
		return in, err
	}
	names := make(map[int64]string, len(users))
	ids := make(map[string]int64, len(users))
	for _, u := range users {
		names[u.ID] = u.Username
		ids[u.Username] = u.ID
		if u.Role == judge.RoleInstructor {
			in.Accounts = append(in.Accounts, ccs.CCSAccount{UserID: u.ID, Username: u.Username, Jury: true})
		}
	}
	// The contest's teams, then a team of one for each user in no team
	// who submitted or asked (one the jury took out of the teams).
	in.Keys = map[int64]int64{}
	for _, t := range c.Teams {
		ct := ccs.CCSTeam{Key: t.ID, Name: t.Name, Organization: t.Organization, Groups: t.Groups, Hidden: c.HiddenTeam(t)}
		for _, m := range t.Members {
			if id, ok := ids[m]; ok {
				a := ccs.CCSAccount{UserID: id, Username: m, TeamKey: t.ID}
				ct.Members = append(ct.Members, a)
				in.Accounts = append(in.Accounts, a)
				in.Keys[id] = t.ID
			}
		}
		in.Teams = append(in.Teams, ct)
	}
	alone := func(id int64) {
		if _, ok := in.Keys[id]; id != 0 && !ok {
			in.Keys[id] = -id
			in.Teams = append(in.Teams, ccs.CCSTeam{Key: -id, Name: names[id]})
		}
	}
	var board []judge.ContestSubmission
	for _, sub := range subs {
		if _, ok := c.Problem(sub.ProblemID); !ok || !c.Counts(sub.CreatedAt) {
			continue // practice: not the contest's
		}
		in.Submissions = append(in.Submissions, sub)
		alone(sub.UserID)
		board = append(board, judge.ContestSubmission{ID: sub.ID, UserID: sub.UserID, Username: names[sub.UserID],
			ProblemID: sub.ProblemID, CreatedAt: sub.CreatedAt, Status: sub.Status, Verdict: sub.Verdict, Score: sub.Score})
	}
	for _, m := range clars {
		alone(m.FromUserID)
		alone(m.ToUserID)
	}
	in.Clarifications = clars
	slices.SortStableFunc(in.Accounts, func(a, b ccs.CCSAccount) int { return cmp.Compare(a.UserID, b.UserID) })
	in.Live = judge.UnfrozenPublicBoard(c, board, now)
	in.Frozen = judge.ComputeBoard(c, board, now, false)
	if in.Runs, err = s.store.CCSRuns(ctx, in.Cache.Stale(in)); err != nil {
		return in, err
	}
	return in, nil
}

// CCSScoreboard returns contest id's board as v reads it (the contests'
// live board, kept in memory: the jury's live, everyone else's frozen),
// with the contest and the time it was read.
func (s *Service) CCSScoreboard(ctx context.Context, v judge.User, id int64) (ccs.CCSInput, judge.Scoreboard, error) {
	c, _, err := s.CCSContest(ctx, v, id)
	if err != nil {
		return ccs.CCSInput{}, judge.Scoreboard{}, err
	}
	board, err := s.Scoreboard(ctx, v, id)
	if err != nil {
		return ccs.CCSInput{}, judge.Scoreboard{}, err
	}
	// The API's board leaves the hidden teams out for everyone (its
	// teams say hidden): the jury's live board, which ranks them, is
	// ranked again without them. Its rows are shared: copied first.
	if slices.ContainsFunc(board.Rows, func(r judge.Row) bool { return r.Hidden }) {
		rows := slices.DeleteFunc(slices.Clone(board.Rows), func(r judge.Row) bool { return r.Hidden })
		judge.RankRows(c.Scoring, rows)
		board.Rows = rows
	}
	return ccs.CCSInput{Contest: c, Now: s.now()}, board, nil
}

// CCSGroupScoreboard is CCSScoreboard for the teams of one group, the
// API's ?group_id=: ranked among themselves, as the specification asks. A
// group the caller does not read (a hidden group is its teams' and the
// jury's) is EINVALID, as the specification wants a 4xx.
func (s *Service) CCSGroupScoreboard(ctx context.Context, v judge.User, id int64, groupID string) (ccs.CCSInput, judge.Scoreboard, error) {
	in, board, err := s.CCSScoreboard(ctx, v, id)
	if err != nil {
		return in, board, err
	}
	c, view := in.Contest, ccs.CCSViewOf(v, in.Contest)
	i := slices.IndexFunc(c.Groups, func(g judge.ContestGroup) bool { return strconv.FormatInt(g.ID, 10) == groupID })
	if i < 0 || c.Groups[i].Hidden && !view.Jury && !slices.ContainsFunc(c.Teams, func(t judge.ContestTeam) bool {
		return t.ID == view.Team && slices.Contains(t.Groups, c.Groups[i].Name)
	}) {
		return in, board, judge.Errorf(judge.EINVALID, "group_id %q: not a group of contest %d", groupID, id)
	}
	rows := []judge.Row{}
	for _, r := range board.Rows {
		if slices.Contains(r.Groups, c.Groups[i].Name) {
			rows = append(rows, r)
		}
	}
	judge.RankRows(c.Scoring, rows)
	board.Rows = rows
	return in, board, nil
}

// CCSSubmissionFiles returns a contest submission's text (source, answer
// or moves), its file name and when it was submitted (the file's date in
// files.zip), for its author's team and the jury.
func (s *Service) CCSSubmissionFiles(ctx context.Context, v judge.User, contestID, id int64) (name, text string, at time.Time, err error) {
	c, view, err := s.CCSContest(ctx, v, contestID)
	if err != nil {
		return "", "", time.Time{}, err
	}
	sub, err := s.store.Submission(ctx, id)
	if err != nil {
		return "", "", time.Time{}, err
	}
	if sub.ContestID != c.ID {
		return "", "", time.Time{}, judge.Errorf(judge.ENOTFOUND, "submission %d not found", id)
	}
	if !view.Jury && int64(judge.NewBoardRows(c).KeyOf(sub.UserID, sub.Username)) != view.Team {
		return "", "", time.Time{}, judge.Errorf(judge.EFORBIDDEN, "only its author and the jury read a submission's files")
	}
	name, text = s.ccsSubmissionFile(sub)
	return name, text, sub.CreatedAt, nil
}

// ccsSubmissionFile is the one file of a submission's files.zip: its name
// and its text (an answer sent per board, its outputs one after the other).
func (s *Service) ccsSubmissionFile(sub judge.Submission) (name, text string) {
	name = "answer.txt"
	switch sub.Kind {
	case judge.KindMoves:
		name = "moves.txt"
	case judge.KindProgram:
		name = "main"
		for _, l := range s.Languages() {
			if l.ID == sub.Language && l.Source != "" {
				name = l.Source
			}
		}
	}
	if sub.Payload == "" && len(sub.Outputs) > 0 {
		var b strings.Builder
		for _, o := range sub.Outputs {
			b.WriteString(o.Output)
		}
		return name, b.String()
	}
	return name, sub.Payload
}

// ccsNow is the service's clock, for the web layer's answers.
func (s *Service) CCSNow() time.Time { return s.now() }
