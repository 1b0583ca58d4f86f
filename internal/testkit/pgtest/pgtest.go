// Package pgtest gives tests a PostgreSQL database of their own.
package pgtest

import (
	"database/sql"
	"fmt"
	"os"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// FreshDatabase creates a database named prefix_<pid> beside the one dsn
// names (the store's tests drop tables there, maybe at the same time) and
// returns its DSN; it is dropped when the test ends.
func FreshDatabase(t testing.TB, dsn, prefix string) string {
	t.Helper()
	admin, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	name := fmt.Sprintf("%s_%d", prefix, os.Getpid())
	if _, err := admin.Exec("DROP DATABASE IF EXISTS " + name); err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		admin.Close()
	})
	return dsn + " dbname=" + name
}
