package service

import (
	"context"
	"strconv"
	"strings"

	"puzzlejudge/judge"
)

// ClarificationList is what a viewer reads of a contest's clarifications:
// the messages it may see, oldest first, and how many of them it has not
// read (those after its last read mark that someone else wrote).
type ClarificationList struct {
	// Contest is the contest, as the viewer may see it.
	Contest judge.Contest
	// CanAsk reports whether the viewer may ask the jury now.
	CanAsk   bool
	Messages []judge.Clarification
	// Read is the id of the last message marked read.
	Read   int64
	Unread int
}

// Unseen reports whether m counts as unread for a viewer whose mark is read.
func unseen(v judge.User, m judge.Clarification, read int64) bool {
	return m.ID > read && m.AuthorID != v.ID
}

// Unseen reports whether m is unread in the list (for the pages' marks).
func (l ClarificationList) Unseen(v judge.User, m judge.Clarification) bool {
	return unseen(v, m, l.Read)
}

// clarificationContest returns contest id when v may read its messages.
func (s *Service) clarificationContest(ctx context.Context, v judge.User, id int64) (judge.Contest, error) {
	c, err := s.store.Contest(ctx, id)
	if err != nil {
		return judge.Contest{}, err
	}
	if !judge.CanReadClarifications(v, c) {
		if v.Anonymous() {
			return judge.Contest{}, judge.Errort(judge.EUNAUTHORIZED, "clar_read_login", "log in to read the clarifications of contest {ID}", "ID", id)
		}
		return judge.Contest{}, judge.Errort(judge.EFORBIDDEN, "clar_read_forbidden", "only the contestants and the jury read the clarifications of contest {ID}", "ID", id)
	}
	return c, nil
}

// Clarifications returns the messages of contest id that v may read.
func (s *Service) Clarifications(ctx context.Context, v judge.User, id int64) (ClarificationList, error) {
	c, err := s.clarificationContest(ctx, v, id)
	if err != nil {
		return ClarificationList{}, err
	}
	all, err := s.store.Clarifications(ctx, id)
	if err != nil {
		return ClarificationList{}, err
	}
	read, err := s.store.ClarificationsRead(ctx, id, v.ID)
	if err != nil {
		return ClarificationList{}, err
	}
	now := s.now()
	l := ClarificationList{Contest: judge.ContestFor(v, c, now), Messages: []judge.Clarification{}, Read: read,
		CanAsk: !judge.CanAnswerClarifications(v) && judge.CanAskClarification(v, c, now)}
	for _, m := range all {
		if !judge.ClarificationVisible(v, c, m) {
			continue
		}
		if unseen(v, m, read) {
			l.Unread++
		}
		l.Messages = append(l.Messages, m)
	}
	judge.WithLabels(c, l.Messages)
	return l, nil
}

// Clarification returns one message of contest id that v may read;
// ENOTFOUND for another's private one.
func (s *Service) Clarification(ctx context.Context, v judge.User, contestID, id int64) (judge.Clarification, error) {
	c, err := s.clarificationContest(ctx, v, contestID)
	if err != nil {
		return judge.Clarification{}, err
	}
	m, err := s.store.Clarification(ctx, id)
	if err != nil {
		return judge.Clarification{}, err
	}
	if m.ContestID != contestID || !judge.ClarificationVisible(v, c, m) {
		return judge.Clarification{}, judge.Errorf(judge.ENOTFOUND, "clarification %d not found", id)
	}
	ms := []judge.Clarification{m}
	judge.WithLabels(c, ms)
	return ms[0], nil
}

// PostClarification writes a message in contest id: a contestant's
// question to the jury (while the contest runs), or, from the jury, an
// answer to a question (to its asker, or to all with ToAll) or an
// announcement to all (no ReplyTo).
func (s *Service) PostClarification(ctx context.Context, v judge.User, id int64, spec judge.ClarificationSpec) (judge.Clarification, error) {
	if v.Anonymous() {
		return judge.Clarification{}, judge.Errort(judge.EUNAUTHORIZED, "clar_write_login", "log in to write a clarification")
	}
	c, err := s.store.Contest(ctx, id)
	if err != nil {
		return judge.Clarification{}, err
	}
	if err := judge.CheckClarificationText(spec.Text); err != nil {
		return judge.Clarification{}, err
	}
	m := judge.Clarification{ContestID: id, Text: strings.TrimSpace(spec.Text), AuthorID: v.ID}
	if spec.Label != "" {
		i := -1
		for j, p := range c.Problems {
			if strings.EqualFold(p.Label, spec.Label) {
				i = j
			}
		}
		if i < 0 {
			return judge.Clarification{}, judge.Errort(judge.EINVALID, "clar_no_problem", "problem: contest {ID} has no problem {Label}", "ID", id, "Label", strconv.Quote(spec.Label))
		}
		m.ProblemID = c.Problems[i].ProblemID
	}
	now := s.now()
	switch {
	case judge.CanAnswerClarifications(v):
		if spec.ReplyTo != 0 {
			q, err := s.store.Clarification(ctx, spec.ReplyTo)
			if judge.ErrorCode(err) == judge.ENOTFOUND || (err == nil && (q.ContestID != id || q.FromJury())) {
				return judge.Clarification{}, judge.Errort(judge.EINVALID, "clar_no_question", "reply_to: contest {ID} has no question {Question}", "ID", id, "Question", spec.ReplyTo)
			}
			if err != nil {
				return judge.Clarification{}, err
			}
			m.ReplyToID = q.ID
			if spec.Label == "" {
				m.ProblemID = q.ProblemID
			}
			if !spec.ToAll {
				m.ToUserID = q.FromUserID
			}
		}
	case judge.IsContestant(v, c):
		if spec.ReplyTo != 0 || spec.ToAll {
			return judge.Clarification{}, judge.Errort(judge.EFORBIDDEN, "clar_jury_answers", "only the jury answers clarifications; a contestant asks the jury")
		}
		if !judge.CanAskClarification(v, c, now) {
			return judge.Clarification{}, judge.Errort(judge.EFORBIDDEN, "clar_not_running", "questions are taken while contest {ID} runs, from {Start} to {End}",
				"ID", id, "Start", judge.At{Time: c.StartTime, Layout: "2006-01-02 15:04 UTC"}, "End", judge.At{Time: c.EndTime(), Layout: "2006-01-02 15:04 UTC"})
		}
		if c, err = s.ensureTeam(ctx, v, c); err != nil {
			return judge.Clarification{}, err
		}
		m.FromUserID = v.ID
	default:
		return judge.Clarification{}, judge.Errort(judge.EFORBIDDEN, "clar_write_forbidden", "only the contestants of contest {ID} and its jury write clarifications", "ID", id)
	}
	m, err = s.store.CreateClarification(ctx, m)
	if err != nil {
		return judge.Clarification{}, err
	}
	ms := []judge.Clarification{m}
	judge.WithLabels(c, ms)
	return ms[0], nil
}

// MarkClarificationsRead records that v has read contest id's messages up
// to upTo (0: every message there is now).
func (s *Service) MarkClarificationsRead(ctx context.Context, v judge.User, id, upTo int64) error {
	l, err := s.Clarifications(ctx, v, id)
	if err != nil {
		return err
	}
	if upTo == 0 && len(l.Messages) > 0 {
		upTo = l.Messages[len(l.Messages)-1].ID
	}
	if upTo == 0 {
		return nil
	}
	return s.store.MarkClarificationsRead(ctx, id, v.ID, upTo)
}
