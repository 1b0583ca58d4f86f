package service

import (
	"context"

	"puzzlejudge/judge"
)

// The reasons of a rejudge are stored in the history that the submission's
// owner reads, so they name a case as a student may (judge.CaseNameFor
// for a viewer who is no instructor): a hidden case by its position only.

func reasonDeleted(c judge.Case) judge.Msg {
	return judge.M("rejudge_deleted", "Board", boardWords(c))
}

func reasonNewAnswer(c judge.Case) judge.Msg {
	return judge.M("rejudge_new_answer", "Board", boardWords(c))
}

func reasonSolveFailed(c judge.Case) judge.Msg {
	return judge.M("rejudge_solve_failed", "Board", boardWords(c))
}

// boardWords is "board 3", or "board 1 (01-sample-1)" for a sample.
func boardWords(c judge.Case) judge.Msg {
	if judge.CanReadCaseName(judge.User{}, c) {
		return judge.M("board_named", "Position", c.Position, "Name", c.Name)
	}
	return judge.M("board_n", "Position", c.Position)
}

var reasonReady = judge.M("rejudge_ready")

// SeenBy clears the Changed mark of a submission when its owner opens it;
// an instructor's view leaves it.
func (s *Service) SeenBy(ctx context.Context, sub judge.Submission, viewer judge.User) error {
	if !sub.Changed || viewer.ID != sub.UserID {
		return nil
	}
	return s.store.MarkSeen(ctx, sub.ID)
}
