package store

import (
	"context"

	"gorm.io/gorm"

	"puzzlejudge/judge"
)

// Atomically runs fn with a DB whose statements are one transaction, so
// that an imported contest (its accounts, problems, contest, submissions
// and clarifications) is written whole or not at all. The methods fn calls
// open transactions of their own as usual: inside this one they are
// savepoints.
func (d *DB) Atomically(ctx context.Context, fn func(judge.ImportTx) error) error {
	err := d.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(&DB{db: tx, postgres: d.postgres, log: d.log, fullLog: d.fullLog, lockLog: d.lockLog})
	})
	if err != nil {
		return d.fail(err, "import")
	}
	return nil
}

// CreateJudgedBatch stores judged submissions without case results (an
// imported contest's: the package has their verdicts, not this judge's
// boards), in batches of 500 rows.
func (d *DB) CreateJudgedBatch(ctx context.Context, subs []judge.Submission) error {
	rows := make([]submissionRow, len(subs))
	for i, s := range subs {
		rows[i] = rowOf(s)
	}
	return d.fail(d.db.WithContext(ctx).CreateInBatches(rows, 500).Error, "submissions")
}
