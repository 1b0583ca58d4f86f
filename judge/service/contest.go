package service

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"puzzlejudge/judge"
)

// contestsOnly is the refusal of CanManageContests.
const contestsOnly = "only an instructor may manage contests"

// CreateContest validates and stores a contest (instructors only).
func (s *Service) CreateContest(ctx context.Context, v judge.User, spec judge.ContestSpec) (judge.Contest, error) {
	if err := judge.Allow(v, judge.CanManageContests(v), contestsOnly); err != nil {
		return judge.Contest{}, err
	}
	c, err := s.contestOf(ctx, spec)
	if err != nil {
		return judge.Contest{}, err
	}
	return s.store.CreateContest(ctx, c)
}

// UpdateContest applies a patch (instructors only), validates the result
// as a whole, and rebuilds the contest's board: its problems, times or
// freeze may have changed.
func (s *Service) UpdateContest(ctx context.Context, v judge.User, id int64, p judge.ContestPatch) (judge.Contest, error) {
	if err := judge.Allow(v, judge.CanManageContests(v), contestsOnly); err != nil {
		return judge.Contest{}, err
	}
	old, err := s.store.Contest(ctx, id)
	if err != nil {
		return judge.Contest{}, err
	}
	spec := judge.ContestSpec{Title: patched(p.Title, old.Title), StartTime: patched(p.StartTime, old.StartTime),
		Duration: patched(p.Duration, old.Duration), Freeze: patched(p.Freeze, old.Freeze), Scoring: patched(p.Scoring, old.Scoring),
		RegistrationCode: patched(p.RegistrationCode, old.RegistrationCode), Public: patched(p.Public, old.Public),
		Everyone: old.Everyone, Problems: p.Problems}
	spec.Teams, spec.Organizations, spec.Groups = old.TeamSpecs()
	if p.Problems == nil {
		for _, cp := range old.Problems {
			spec.Problems = append(spec.Problems, judge.ContestProblemSpec{Slug: cp.Slug, Label: cp.Label})
		}
	}
	spec.Organizations = append(spec.Organizations, p.Organizations...) // by name, the later wins
	spec.Groups = append(spec.Groups, p.Groups...)
	// Participants and teams given replace the teams (participants as
	// teams of one) and close the contest to the others; "everyone"
	// opens it, keeping the teams it has.
	switch {
	case p.Everyone && (p.Participants != nil || p.Teams != nil):
		return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_open_and_listed", "a contest is open to everyone or to its participants, not both")
	case p.Everyone:
		spec.Everyone = true
	case p.Participants != nil || p.Teams != nil:
		spec.Everyone, spec.Participants, spec.Teams = false, p.Participants, p.Teams
		if spec.Participants == nil {
			spec.Participants = []string{}
		}
	}
	if p.Unfreeze && p.Refreeze {
		return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_unfreeze_refreeze", "unfreeze or refreeze, not both")
	}
	c, err := s.contestOf(ctx, spec)
	if err != nil {
		return judge.Contest{}, err
	}
	c.ID, c.UnfrozenAt = id, old.UnfrozenAt
	switch {
	case p.Unfreeze && c.UnfrozenAt == nil:
		now := s.now()
		c.UnfrozenAt = &now
	case p.Refreeze:
		c.UnfrozenAt = nil
	}
	out, err := s.store.UpdateContest(ctx, c)
	if err != nil {
		return judge.Contest{}, err
	}
	s.boards.changed(out)
	return out, nil
}

// Contest returns a contest as v may see it (judge.ContestFor); ENOTFOUND
// when v may not learn it exists (judge.CanSeeContest).
func (s *Service) Contest(ctx context.Context, v judge.User, id int64) (judge.Contest, error) {
	c, err := s.seenContest(ctx, v, id)
	if err != nil {
		return judge.Contest{}, err
	}
	return judge.ContestFor(v, c, s.now()), nil
}

// seenContest returns the whole contest id when v may see it
// (judge.CanSeeContest), else ENOTFOUND: as in the Contest API, a private
// contest is not admitted to exist.
func (s *Service) seenContest(ctx context.Context, v judge.User, id int64) (judge.Contest, error) {
	c, err := s.store.Contest(ctx, id)
	if err != nil {
		return judge.Contest{}, err
	}
	if !judge.CanSeeContest(v, c) {
		return judge.Contest{}, judge.Errorf(judge.ENOTFOUND, "contest %d not found", id)
	}
	return c, nil
}

// Contests returns the contests v may see (judge.CanSeeContest), by start
// time, as v may see each.
func (s *Service) Contests(ctx context.Context, v judge.User) ([]judge.Contest, error) {
	all, err := s.store.Contests(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := all[:0]
	for _, c := range all {
		if judge.CanSeeContest(v, c) {
			out = append(out, judge.ContestFor(v, c, now))
		}
	}
	return out, nil
}

// Participation reports whether v takes part in contest id, and whether
// v may join it with its registration code (not yet taking part).
func (s *Service) Participation(ctx context.Context, v judge.User, id int64) (takes, mayJoin bool, err error) {
	c, err := s.store.Contest(ctx, id)
	if err != nil {
		return false, false, err
	}
	takes = judge.IsContestant(v, c)
	return takes, !takes && judge.CanJoinContest(v, c), nil
}

// JoinContest makes v a team of one of a contest when code is its
// registration code.
func (s *Service) JoinContest(ctx context.Context, v judge.User, id int64, code string) error {
	c, err := s.store.Contest(ctx, id)
	if err != nil {
		return err
	}
	if judge.IsContestant(v, c) {
		return nil
	}
	if err := judge.Allow(v, judge.CanJoinContest(v, c), "contest %d takes no registration: ask the jury to add you", id); err != nil {
		return err
	}
	if code != c.RegistrationCode {
		return judge.Errort(judge.EREGISTRATIONCODE, "contest_code_wrong", "that is not the registration code of contest {ID}", "ID", id)
	}
	if err := s.store.AddParticipant(ctx, id, v.ID); err != nil {
		return err
	}
	s.boards.changed(c)
	return nil
}

// enterContest checks a submission that names a contest: the problem is
// one of its problems, v takes part, and the contest has started
// (EFORBIDDEN naming the start before it). After the end the submission is
// taken as practice: its ContestID is cleared.
func (s *Service) enterContest(ctx context.Context, v judge.User, sub *judge.Submission, now time.Time) error {
	if sub.ContestID == 0 {
		return nil
	}
	c, err := s.store.Contest(ctx, sub.ContestID)
	if err != nil {
		return err
	}
	if !slices.ContainsFunc(c.Problems, func(p judge.ContestProblem) bool { return p.ProblemID == sub.ProblemID }) {
		return judge.Errort(judge.EINVALID, "contest_not_its_problem", "problem {Slug} is not a problem of contest {ID}", "Slug", sub.ProblemSlug, "ID", c.ID)
	}
	if err := judge.Allowt(v, judge.IsContestant(v, c), "contest_not_contestant", "you do not take part in contest {ID} ({Title})", "ID", c.ID, "Title", c.Title); err != nil {
		return err
	}
	if !judge.CanSubmitInContest(v, c, now) {
		return judge.Errort(judge.EFORBIDDEN, "contest_not_started", "contest {ID} ({Title}) starts at {Start}", "ID", c.ID, "Title", c.Title, "Start", judge.At{Time: c.StartTime, Layout: time.RFC3339})
	}
	// Over: practice. Moves too: they are judged on one board, and a
	// board is not the problem (one accepted try on a sample, even an
	// empty one on a board flooded already, solved the problem for ICPC).
	if !c.Counts(now) || sub.Kind == judge.KindMoves {
		sub.ContestID = 0
		return nil
	}
	// The submission counts for the submitter's team: in a contest open to
	// everyone, one is made for a newcomer.
	_, err = s.ensureTeam(ctx, v, c)
	return err
}

// contestOf validates a spec into a contest (without ID).
func (s *Service) contestOf(ctx context.Context, spec judge.ContestSpec) (judge.Contest, error) {
	return contestIn(ctx, s.store, spec)
}

// problemFinder finds problems by slug: the store, or an import's
// transaction, which sees the problems it has just written.
type problemFinder interface {
	ProblemBySlug(ctx context.Context, slug string) (judge.Problem, error)
}

// contestIn validates a spec into a contest (without ID), its problems
// found in problems.
func contestIn(ctx context.Context, problems problemFinder, spec judge.ContestSpec) (judge.Contest, error) {
	title := strings.TrimSpace(spec.Title)
	switch {
	case title == "":
		return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_title_empty", "title: a contest needs a title")
	case !utf8.ValidString(title) || strings.ContainsRune(title, 0):
		return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_title_bad_text", "title: text with a NUL byte or bytes that are not UTF-8 is refused")
	case utf8.RuneCountInString(title) > judge.MaxContestTitle:
		return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_title_long", "title: at most {Max} characters", "Max", judge.MaxContestTitle)
	case judge.CheckOffset("start_time", &spec.StartTime) != nil:
		return judge.Contest{}, judge.CheckOffset("start_time", &spec.StartTime)
	case spec.StartTime.IsZero():
		return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_start_missing", "start_time: a contest needs a start time (RFC 3339)")
	case spec.Duration <= 0 || spec.Duration > judge.MaxContestDuration || spec.Duration%time.Second != 0:
		return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_duration_range", "duration: whole seconds, more than 0 and at most {Max}", "Max", judge.FormatContestDuration(judge.MaxContestDuration))
	case spec.Freeze < 0 || spec.Freeze > spec.Duration || spec.Freeze%time.Second != 0:
		return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_freeze_range", "freeze: whole seconds, from 0 to the duration ({Duration})", "Duration", judge.FormatContestDuration(spec.Duration))
	case spec.Scoring != judge.ScoringICPC && spec.Scoring != judge.ScoringIOI:
		return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_scoring", "scoring: {Scoring} is neither \"icpc\" nor \"ioi\"", "Scoring", strconv.Quote(string(spec.Scoring)))
	case len(spec.Problems) == 0:
		return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_no_problems", "problems: a contest needs at least one problem")
	case len(spec.Problems) > judge.MaxContestProblems:
		return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_too_many_problems", "problems: at most {Max}", "Max", judge.MaxContestProblems)
	case len(spec.Participants) > judge.MaxContestParticipants:
		return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_too_many_participants", "participants: at most {Max}", "Max", judge.MaxContestParticipants)
	case len(spec.RegistrationCode) > 100:
		return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_code_long", "registration_code: at most 100 bytes")
	}
	c := judge.Contest{Title: title, StartTime: spec.StartTime.UTC().Truncate(time.Second), Duration: spec.Duration, Freeze: spec.Freeze,
		Scoring: spec.Scoring, RegistrationCode: spec.RegistrationCode, Public: spec.Public}
	labels, slugs := map[string]bool{}, map[string]bool{}
	for i, ps := range spec.Problems {
		label := strings.TrimSpace(ps.Label)
		if label == "" {
			label = string(rune('A' + i))
		}
		if len(label) > judge.MaxContestLabel || strings.IndexFunc(label, func(r rune) bool {
			return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
		}) >= 0 {
			return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_label_bad", "problems[{I}].label: {Label}: letters and digits, at most {Max}", "I", i, "N", i+1, "Label", strconv.Quote(label), "Max", judge.MaxContestLabel)
		}
		if labels[label] {
			return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_label_twice", "problems[{I}].label: {Label} is given twice", "I", i, "N", i+1, "Label", strconv.Quote(label))
		}
		if slugs[ps.Slug] {
			return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_problem_twice", "problems[{I}]: problem {Slug} is given twice", "I", i, "N", i+1, "Slug", strconv.Quote(ps.Slug))
		}
		labels[label], slugs[ps.Slug] = true, true
		p, err := problems.ProblemBySlug(ctx, ps.Slug)
		if err != nil {
			if judge.ErrorCode(err) == judge.ENOTFOUND {
				return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_no_such_problem", "problems[{I}]: no problem {Slug}", "I", i, "N", i+1, "Slug", strconv.Quote(ps.Slug))
			}
			return judge.Contest{}, err
		}
		if !p.TakesAnswers() && !p.Takes(judge.KindProgram) {
			// Moves are practice in a contest (enterContest): nothing
			// would count on such a problem.
			return judge.Contest{}, judge.Errort(judge.EINVALID, "contest_moves_only",
				"problems[{I}]: problem \"{Slug}\" takes only moves, which are judged one board at a time and do not count in a contest: it needs answers or programs", "I", i, "N", i+1, "Slug", ps.Slug)
		}
		c.Problems = append(c.Problems, judge.ContestProblem{ProblemID: p.ID, Slug: p.Slug, Title: p.Title, TitleZH: p.TitleZH, Label: label})
	}
	if err := teamsOf(spec, &c); err != nil {
		return judge.Contest{}, err
	}
	c.Everyone = spec.Everyone || spec.Participants == nil && spec.Teams == nil && spec.RegistrationCode == ""
	if c.Everyone {
		c.Participants = nil
	}
	return c, nil
}
