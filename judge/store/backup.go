package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// ErrBackupPostgres is returned by Backup on PostgreSQL, whose server makes
// its own consistent copies (pg_dump) without the judge.
var ErrBackupPostgres = errors.New("store: a PostgreSQL database is backed up with pg_dump, not by the judge (see docs/DEPLOY.md)")

// Backup writes a consistent copy of the SQLite database to path, a file
// that must not exist yet. It runs VACUUM INTO, which reads one snapshot of
// the database while writers go on (WAL mode), so the copy holds every
// transaction committed before it began and none of those that commit while
// it runs; the copy is compact and needs no -wal file beside it.
func (d *DB) Backup(ctx context.Context, path string) error {
	if d.postgres {
		return ErrBackupPostgres
	}
	if path == "" {
		return errors.New("store: backup: empty path")
	}
	// VACUUM INTO refuses a non-empty file itself; an empty one it would
	// overwrite, and a backup must never overwrite anything.
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("store: backup: %s already exists; choose a new file", path)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("store: backup: %w", err)
	}
	if _, err := d.sql.ExecContext(ctx, "VACUUM INTO ?", path); err != nil {
		return fmt.Errorf("store: backup to %s: %w", path, err)
	}
	return nil
}
