package store

import (
	"database/sql"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
)

// resetPostgres empties the test database by dropping its public schema,
// before Open migrates it: a list of tables to drop falls behind as tables
// are added, and a table left over from another test's run (history rows
// without their submissions) makes the next migration fail.
func resetPostgres(t testing.TB, dsn string) {
	t.Helper()
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("DROP SCHEMA public CASCADE; CREATE SCHEMA public"); err != nil {
		t.Fatalf("resetting the PostgreSQL test database: %v", err)
	}
}
