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
