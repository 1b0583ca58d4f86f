package store

import (
	"context"

	"puzzlejudge/judge"
)

// Wait puts a claimed submission back to pending, to be judged once the
// reference answers of boards of its cases exist: Claim leaves it until an
// Unwait. The check that one of cases is still solving is made in the same
// statement, so that a solve that ended after the worker read the cases
// does not leave the submission waiting for good: it is then pending to be
// claimed at once.
func (d *DB) Wait(ctx context.Context, c judge.Claim, boards int, cases []int64) error {
	defer d.gate.release(d.gate.worker())
	err := d.db.WithContext(ctx).Exec(`UPDATE submissions SET status = 'pending',
	waiting_boards = CASE WHEN EXISTS (SELECT 1 FROM cases WHERE id IN ? AND status = ? AND deleted_at IS NULL) THEN ? ELSE 0 END
WHERE id = ? AND claim_token = ? AND status = 'judging'`,
		cases, string(judge.CaseSolving), boards, c.ID, c.Token).Error
	return d.fail(err, "wait")
}

// Unwait lets Claim take again the pending submissions of problem that
// wait for reference answers (each is checked again and waits anew if it
// must); with problem 0, those of every problem that has no case solving,
// as a sweep after a solve whose Unwait came before a Wait of another
// process.
func (d *DB) Unwait(ctx context.Context, problem int64) (int, error) {
	q := d.db.WithContext(ctx).Model(&submissionRow{}).Where("status = ? AND waiting_boards > 0", string(judge.StatusPending))
	if problem != 0 {
		q = q.Where("problem_id = ?", problem)
	} else {
		q = q.Where("NOT EXISTS (SELECT 1 FROM cases WHERE cases.problem_id = submissions.problem_id AND cases.status = ? AND cases.deleted_at IS NULL)", string(judge.CaseSolving))
	}
	res := q.Update("waiting_boards", 0)
	return int(res.RowsAffected), d.fail(res.Error, "unwait")
}
