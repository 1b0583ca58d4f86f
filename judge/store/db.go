// Package store keeps the judge's data with gorm: SQLite by default,
// PostgreSQL for deployments that run several server processes. Its row types
// are private; callers see only the domain types of package judge.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/driver/postgres"
	"gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"puzzlejudge/judge"
)

// sqliteConns is the size of the SQLite connection pool.
const sqliteConns = 4

// DB is the judge's database; it implements judge.Store.
type DB struct {
	db       *gorm.DB
	sql      *sql.DB
	postgres bool
	log      *slog.Logger
	hot      hot
	gate     *writeGate // orders the writes of the queue on SQLite
	inserts  *committer // groups the commits of CreateSubmission
	fullLog  *rateLog   // says the storage is full, once a minute
	// lockLog is gorm's logger without the slow-query warning, for the
	// advisory locks whose wait is their purpose (see advisoryLock).
	lockLog logger.Interface
}

// slowSQL is the time past which gorm warns "SLOW SQL" (a variable for the
// test that makes every statement slow).
var slowSQL = 500 * time.Millisecond

// gormLogger is gorm's logger of a DB: warnings and errors to log, a query
// slower than slow warned about (none when slow is 0).
func gormLogger(log *slog.Logger, slow time.Duration) logger.Interface {
	return logger.New(slogWriter{log}, logger.Config{SlowThreshold: slow, LogLevel: logger.Warn, IgnoreRecordNotFoundError: true})
}

var _ judge.Store = (*DB)(nil)

// Options are the settings of OpenWith beyond the driver and the DSN.
type Options struct {
	// Synchronous is SQLite's synchronous setting. "full" (the default)
	// syncs the write-ahead log at every commit, so that a submission
	// acknowledged with 202 survives a power loss or an OS crash; "normal"
	// syncs only at checkpoints, so that the last commits may roll back
	// after one (a killed process loses nothing either way). PostgreSQL
	// ignores it: there, synchronous_commit is the server's setting.
	Synchronous string
}

// Open opens (and migrates) the database with the default Options. driver
// is "sqlite" (dsn: a file path, or a "file:" URI) or "postgres" (dsn: a
// libpq connection string).
func Open(driver, dsn string, log *slog.Logger) (*DB, error) {
	return OpenWith(driver, dsn, log, Options{})
}

// OpenWith opens (and migrates) the database, as Open does, with opt.
func OpenWith(driver, dsn string, log *slog.Logger, opt Options) (*DB, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	synchronous, err := synchronousPragma(opt.Synchronous)
	if err != nil {
		return nil, err
	}
	cfg := &gorm.Config{
		Logger:         gormLogger(log, slowSQL),
		TranslateError: true,
		// No PrepareStmt: its statement cache holds a lock while it waits
		// for a connection, which deadlocks with the single SQLite
		// connection held by a transaction that wants to prepare too.
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	}
	var g *gorm.DB
	switch driver {
	case "sqlite", "":
		dsn, err = sqliteDSN(dsn, synchronous)
		if err != nil {
			return nil, err
		}
		g, err = gorm.Open(sqlite.Open(dsn), cfg)
	case "postgres":
		g, err = gorm.Open(postgres.Open(dsn), cfg)
	default:
		return nil, fmt.Errorf("store: unknown driver %q (want sqlite or postgres)", driver)
	}
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", driver, err)
	}
	sqlDB, err := g.DB()
	if err != nil {
		return nil, err
	}
	switch {
	case driver == "postgres":
		sqlDB.SetMaxOpenConns(16)
	case strings.Contains(dsn, ":memory:"):
		sqlDB.SetMaxOpenConns(1) // each connection would have its own database
	default:
		// WAL lets readers run beside the one writer; every transaction
		// starts IMMEDIATE, so writers queue on the busy timeout instead
		// of failing on a lock upgrade. Four connections judged 9,100-9,800
		// submissions/s where one connection judged 5,000-8,400 (the reads
		// of one worker wait behind the writes of another); see docs/PERFORMANCE.md.
		sqlDB.SetMaxOpenConns(sqliteConns)
		sqlDB.SetMaxIdleConns(sqliteConns)
	}
	sqlDB.SetConnMaxIdleTime(0)
	d := &DB{db: g, sql: sqlDB, postgres: driver == "postgres", gate: newWriteGate(driver == "postgres"), log: log, fullLog: newRateLog(log, time.Minute, time.Now),
		lockLog: gormLogger(log, 0)}
	if err := d.migrate(); err != nil {
		sqlDB.Close()
		return nil, err
	}
	if err := d.prepareHot(); err != nil {
		d.hot.close()
		sqlDB.Close()
		return nil, fmt.Errorf("store: prepare: %w", err)
	}
	d.inserts = newCommitter(d.insertSubmissions)
	return d, nil
}

// synchronousPragma returns the value of SQLite's synchronous pragma for
// Options.Synchronous.
func synchronousPragma(s string) (string, error) {
	switch s {
	case "", "full":
		return "FULL", nil
	case "normal":
		return "NORMAL", nil
	}
	return "", fmt.Errorf("store: synchronous %q is not supported (full or normal)", s)
}

// sqliteDSN turns a path into a URI with the pragmas the judge relies on: WAL
// so readers never block the writer, a busy timeout for other processes,
// foreign keys, immediate transactions so that a transaction takes the
// write lock up front instead of failing when it upgrades, and synchronous.
func sqliteDSN(dsn, synchronous string) (string, error) {
	if dsn == "" {
		return "", errors.New("store: empty sqlite path")
	}
	if !strings.HasPrefix(dsn, "file:") && !strings.Contains(dsn, ":memory:") {
		if dir := filepath.Dir(dsn); dir != "." {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return "", fmt.Errorf("store: %w", err)
			}
		}
		dsn = "file:" + dsn
	}
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	return dsn + sep + "_journal_mode=WAL&_busy_timeout=10000&_foreign_keys=on&_txlock=immediate&_synchronous=" + synchronous, nil
}

// Close waits for the submissions being committed, then closes the
// database.
func (d *DB) Close() error {
	d.inserts.close()
	d.hot.close()
	return d.sql.Close()
}

// Ping checks that the database answers.
func (d *DB) Ping(ctx context.Context) error {
	return d.sql.PingContext(ctx)
}

// migrateLock is the key of the PostgreSQL advisory lock that serialises
// migrations ("pzmigr" in ASCII): processes starting together on an empty
// database otherwise both run CREATE TABLE, and the second fails on
// PostgreSQL's catalogue (pg_type_typname_nsp_index).
const migrateLock int64 = 0x707a6d69677221

func (d *DB) migrate() error {
	rows := []any{&userRow{}, &tokenRow{}, &problemRow{}, &caseRow{}, &programRow{}, &submissionRow{}, &caseResultRow{}, &heartbeatRow{},
		&assignmentRow{}, &assignmentProblemRow{}, &historyRow{}, &problemHintsRow{}, &hintRow{}, &loginBucketRow{}, &catalogueVersionRow{}, &generationRow{},
		&contestRow{}, &contestProblemRow{}, &contestParticipantRow{}, &runLeaseRow{}}
	rows = append(rows, teamRows()...)
	rows = append(rows, eventRows()...)
	rows = append(rows, similarityRows()...)
	var err error
	if d.postgres {
		// DDL is transactional on PostgreSQL: the lock and the tables
		// are one transaction, so a second process sees them all.
		err = d.db.Transaction(func(tx *gorm.DB) error {
			if err := d.advisoryLock(tx, migrateLock); err != nil {
				return err
			}
			if err := tx.AutoMigrate(rows...); err != nil {
				return err
			}
			return migrateCatalogueVersion(tx, true)
		})
	} else {
		err = d.db.AutoMigrate(rows...)
		if err == nil {
			err = migrateCatalogueVersion(d.db, false)
		}
	}
	if err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	if err := d.bindLegacyAnswers(); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	if err := d.backfillUsernameKeys(); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	if err := d.migrateContestTeams(); err != nil {
		return fmt.Errorf("store: migrate: %w", err)
	}
	return nil
}

// fail converts a database error into the domain's: not found and
// conflicts become *judge.Error, a full storage EUNAVAILABLE (logged at most
// once a minute: every request fails the same way while it lasts), anything
// else stays internal.
func (d *DB) fail(err error, what string) error {
	if storageFull(err) {
		d.fullLog.Error("storage is full: writes fail until space is freed", "err", err, "writing", what)
		return judge.Errorf(judge.EUNAVAILABLE, "storage is full; try again later")
	}
	return fail(err, what)
}

// fail converts a gorm error into the domain's: not found and conflicts
// become *judge.Error, anything else stays internal.
func fail(err error, what string) error {
	var je *judge.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &je):
		return err // already the domain's
	case errors.Is(err, gorm.ErrRecordNotFound):
		return judge.Errorf(judge.ENOTFOUND, "%s not found", what)
	case errors.Is(err, gorm.ErrDuplicatedKey):
		return judge.Errorf(judge.ECONFLICT, "%s already exists", what)
	case unstorableText(err):
		return judge.Errorf(judge.EINVALID, "%q: text with a NUL byte or bytes that are not UTF-8 is refused", what)
	default:
		return fmt.Errorf("store: %s: %w", what, err)
	}
}

// storable reports whether text can be a parameter of a query on either
// database: PostgreSQL refuses a NUL byte and bytes that are not UTF-8.
// A lookup by a key that is not storable finds nothing, since nothing was
// stored under it.
func storable(text string) bool {
	return strings.IndexByte(text, 0) < 0 && utf8.ValidString(text)
}

// unstorableText reports PostgreSQL's refusal of a text parameter that
// holds a NUL byte or is not UTF-8 (SQLSTATE 22021, or 22P05): a slug,
// name or filter a client sent, never the server's fault. SQLite stores
// and compares such text as it is.
func unstorableText(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "22021" || pe.Code == "22P05")
}

type slogWriter struct{ log *slog.Logger }

func (w slogWriter) Printf(format string, args ...any) {
	w.log.Warn("gorm", "msg", fmt.Sprintf(format, args...))
}
