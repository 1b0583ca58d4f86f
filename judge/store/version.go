package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// The catalogue version is a counter that every write to the problems and
// cases tables raises, by triggers in the database, so that no write path
// (the service's, a catalogue sync's, a migration's, a hand-made UPDATE)
// can forget it. A process caches what it read of the catalogue with the
// version it read first, and reads the version again, one row by its key,
// before it uses the cache: a write from any process on the database shows
// on the next request.
//
// On PostgreSQL the triggers are deferred to the commit, so that the
// counter's row is the last lock a transaction takes: a transaction that
// changes several cases never waits on the counter while holding a case
// another one is waiting for.

// catalogueVersionRow is the counter's one row (ID 1).
type catalogueVersionRow struct {
	ID      int64 `gorm:"primaryKey;autoIncrement:false"`
	Version int64 `gorm:"not null"`
}

func (catalogueVersionRow) TableName() string { return "catalogue_version" }

// versionedTables are those whose writes change the catalogue version.
var versionedTables = []string{"problems", "cases"}

// catalogueVersionSQL returns the statements that create the counter's row
// and the triggers, each safe to run again.
func catalogueVersionSQL(postgres bool) []string {
	stmts := []string{}
	if postgres {
		stmts = append(stmts, "INSERT INTO catalogue_version (id, version) VALUES (1, 0) ON CONFLICT DO NOTHING",
			`CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
	RETURN NULL;
END $$`)
		for _, t := range versionedTables {
			name := t + "_catalogue_version"
			stmts = append(stmts, fmt.Sprintf("DROP TRIGGER IF EXISTS %s ON %s", name, t),
				fmt.Sprintf(`CREATE CONSTRAINT TRIGGER %s AFTER INSERT OR UPDATE OR DELETE ON %s
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalogue_version()`, name, t))
		}
		return stmts
	}
	stmts = append(stmts, "INSERT OR IGNORE INTO catalogue_version (id, version) VALUES (1, 0)")
	for _, t := range versionedTables {
		for _, op := range []string{"insert", "update", "delete"} {
			stmts = append(stmts, fmt.Sprintf(`CREATE TRIGGER IF NOT EXISTS %s_%s_catalogue_version AFTER %s ON %s
BEGIN UPDATE catalogue_version SET version = version + 1 WHERE id = 1; END`, t, op, op, t))
		}
	}
	return stmts
}

// migrateCatalogueVersion creates the counter and its triggers, in tx
// (on PostgreSQL, the migration's transaction under its advisory lock).
func migrateCatalogueVersion(tx *gorm.DB, postgres bool) error {
	for _, s := range catalogueVersionSQL(postgres) {
		if err := tx.Exec(s).Error; err != nil {
			return fmt.Errorf("catalogue version: %w", err)
		}
	}
	return nil
}

// versionSQL reads the catalogue version; a prepared statement (DB.hot).
const versionSQL = "SELECT version FROM catalogue_version WHERE id = 1"

// CatalogueVersion returns the catalogue's version: it changes whenever a
// problem or a case is written, by any process.
func (d *DB) CatalogueVersion(ctx context.Context) (int64, error) {
	var v int64
	err := d.hot.version.QueryRowContext(ctx).Scan(&v)
	return v, d.fail(err, "catalogue version")
}
