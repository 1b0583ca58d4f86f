package service

import (
	"context"
	"strconv"

	"puzzlejudge/judge"
)

// The reasons of a rejudge are stored in the history that the submission's
// owner reads, so they name a case as a student may (judge.CaseNameFor
// for a viewer who is no instructor): a hidden case by its position only.

func reasonDeleted(c judge.Case) string {
	return boardWords(c) + " was deleted"
}

func reasonNewAnswer(c judge.Case) string {
	return "new expected answer for " + boardWords(c)
}

func reasonSolveFailed(c judge.Case) string {
	return "the reference solver failed on " + boardWords(c)
}

// boardWords is "board 3", or "board 1 (01-sample-1)" for a sample.
func boardWords(c judge.Case) string {
	w := "board " + strconv.Itoa(c.Position)
	if judge.CanReadCaseName(judge.User{}, c) {
		w += " (" + c.Name + ")"
	}
	return w
}

const reasonReady = "the reference answers of the boards are ready"

// SeenBy clears the Changed mark of a submission when its owner opens it;
// an instructor's view leaves it.
func (s *Service) SeenBy(ctx context.Context, sub judge.Submission, viewer judge.User) error {
	if !sub.Changed || viewer.ID != sub.UserID {
		return nil
	}
	return s.store.MarkSeen(ctx, sub.ID)
}
