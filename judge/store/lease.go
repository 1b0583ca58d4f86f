package store

import (
	"context"
	"time"

	"puzzlejudge/judge"
)

// ClaimCase takes the lease on solving a case with one conditional UPDATE:
// of several processes trying at once, one sees its row changed.
func (d *DB) ClaimCase(ctx context.Context, id int64, staleBefore time.Time) (bool, error) {
	res := d.db.WithContext(ctx).Model(&caseRow{}).
		Where("id = ? AND status = ? AND (solve_claimed_at IS NULL OR solve_claimed_at < ?)", id, string(judge.CaseSolving), staleBefore.UTC()).
		Update("solve_claimed_at", time.Now().UTC())
	return res.RowsAffected == 1, d.fail(res.Error, "case")
}

// ReleaseCase gives up the lease on a case whose solve was interrupted, so
// that another process solves it without waiting for the lease to expire.
func (d *DB) ReleaseCase(ctx context.Context, id int64) error {
	err := d.db.WithContext(ctx).Model(&caseRow{}).Where("id = ? AND status = ?", id, string(judge.CaseSolving)).
		Update("solve_claimed_at", nil).Error
	return d.fail(err, "case")
}
