package service

import (
	"context"
	"strconv"

	"puzzlejudge/judge"
)

func reasonDeleted(c judge.Case) string {
	return "board " + strconv.Itoa(c.Position) + " (" + c.Name + ") was deleted"
}

func reasonNewAnswer(c judge.Case) string {
	return "new expected answer for board " + strconv.Itoa(c.Position) + " (" + c.Name + ")"
}

func reasonSolveFailed(c judge.Case) string {
	return "the reference solver failed on board " + strconv.Itoa(c.Position) + " (" + c.Name + ")"
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
