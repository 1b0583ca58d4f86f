package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
)

// runBackup is "judged backup [-config path] FILE": a consistent copy of the
// live SQLite database in FILE, which must not exist, while the server runs.
func runBackup(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	flags := newCommandFlags("judged backup", "path of the YAML configuration naming the database",
		"usage: judged backup [-config path] FILE\n\nWrites a consistent copy of the SQLite database to FILE (which must not exist), also while the server runs.\nA PostgreSQL database is backed up with pg_dump (docs/DEPLOY.md).\n\n", stderr)
	if code, ok := flags.parse(args); !ok {
		return code
	}
	if flags.NArg() != 1 {
		flags.Usage()
		return 2
	}
	target := flags.Arg(0)
	cfg, err := flags.loadConfig(os.Getenv)
	if err != nil {
		fmt.Fprintf(stderr, "judged backup: %v\n", err)
		return 1
	}
	if cfg.Database.Driver == "postgres" {
		fmt.Fprintf(stderr, "judged backup: the database is PostgreSQL; back it up with pg_dump, e.g.\n"+
			"  pg_dump --format=custom --file=judge.dump \"$DSN\"\n"+
			"and restore it with\n"+
			"  pg_restore --clean --if-exists --dbname=\"$DSN\" judge.dump\n"+
			"(docs/DEPLOY.md, \"Backups\")\n")
		return 1
	}
	path := strings.TrimPrefix(cfg.Database.DSN, "file:")
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	// Opening a missing file would create an empty database and back that up.
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(stderr, "judged backup: no database at %s (database.dsn)\n", path)
		return 1
	}
	db, err := openStore(cfg.Database, nil)
	if err != nil {
		fmt.Fprintf(stderr, "judged backup: %v\n", err)
		return 1
	}
	defer db.Close()
	if err := db.Backup(ctx, target); err != nil {
		fmt.Fprintf(stderr, "judged backup: %v\n", err)
		return 1
	}
	size := int64(0)
	if fi, err := os.Stat(target); err == nil {
		size = fi.Size()
	}
	fmt.Fprintf(stdout, "backup of %s written to %s (%d bytes): every submission acknowledged before it began is in it.\n"+
		"To restore: stop judged, move %s and any %s-wal and %s-shm beside it away, copy %s to %s, start judged.\n",
		path, target, size, path, path, path, target, path)
	return 0
}
