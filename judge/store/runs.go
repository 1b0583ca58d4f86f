package store

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// runLeaseRow is a run on a student's own input in progress (judge.RunStore):
// it counts as one of its user's claims of the programs' lane in the turns
// (turns.go) and the cap per user, in every process, until it is deleted or
// Expires (unix seconds) passes: a process killed mid-run leaves a lease
// that lapses by itself.
type runLeaseRow struct {
	ID      int64 `gorm:"primaryKey"`
	UserID  int64 `gorm:"not null;index"`
	Expires int64 `gorm:"not null;index"`
}

func (runLeaseRow) TableName() string { return "run_leases" }

// heldRuns is the part of the turns' held claims (turnsSQL) that the runs
// in progress add to the programs' lane: the users of the leases alive at
// now. The time is written into the statement as a number: it is ours, and
// a parameter would move the others' places in the three statements that
// use it.
func heldRuns(lane judge.Lane, now time.Time) string {
	if lane != judge.LanePrograms {
		return ""
	}
	return fmt.Sprintf(" UNION ALL SELECT user_id FROM run_leases WHERE expires > %d", now.Unix())
}

// holdRunSQL inserts a lease unless the user holds perUser claims of the
// programs' lane already: one statement, so SQLite's one writer makes it
// atomic; on PostgreSQL the lane's advisory lock does, as for claims.
const holdRunSQL = `INSERT INTO run_leases (user_id, expires) SELECT ?, ?
WHERE (SELECT COUNT(*) FROM submissions WHERE status = 'judging' AND user_id = ? AND %s)
	+ (SELECT COUNT(*) FROM run_leases WHERE user_id = ? AND expires > ?) < ?
RETURNING id`

// HoldRun records a run of userID's until until, unless the user already
// holds perUser claims of the programs' lane (judge.RunStore). Leases
// already expired are deleted on the way.
func (d *DB) HoldRun(ctx context.Context, userID int64, perUser int, until time.Time) (int64, bool, error) {
	now := time.Now().Unix()
	if perUser <= 0 {
		perUser = noCap
	}
	q := fmt.Sprintf(holdRunSQL, laneWhere(judge.LanePrograms))
	var ids []int64
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if d.postgres {
			if err := tx.Exec("SELECT pg_advisory_xact_lock(?)", laneLock(judge.LanePrograms)).Error; err != nil {
				return err
			}
		}
		if err := tx.Exec("DELETE FROM run_leases WHERE expires <= ?", now).Error; err != nil {
			return err
		}
		return tx.Raw(q, userID, until.Unix(), userID, userID, now, perUser).Scan(&ids).Error
	})
	if err != nil {
		return 0, false, d.fail(err, "run")
	}
	if len(ids) == 0 {
		return 0, false, nil
	}
	return ids[0], true, nil
}

// DropRun deletes the lease of a run that ended.
func (d *DB) DropRun(ctx context.Context, id int64) error {
	if err := d.db.WithContext(ctx).Delete(&runLeaseRow{}, id).Error; err != nil {
		return d.fail(err, "run")
	}
	return nil
}
