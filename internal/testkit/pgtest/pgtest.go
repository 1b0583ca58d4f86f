// Package pgtest gives tests a PostgreSQL database of their own.
package pgtest

import (
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
)

// DSN returns the DSN of the PostgreSQL server the tests use
// (JUDGE_TEST_PG_DSN), or skips the test when none is set. Its sessions
// commit without waiting for the server to flush its log
// (synchronous_commit=off, a setting any session may choose): the tests
// drop, create and migrate schemas again and again, and each commit waited
// for an fsync of the shared disk. A crash of the server could lose the
// last commits, which a test database does not mind; what the tests read
// back is what they wrote either way. A DSN that sets options itself is
// left as it is.
func DSN(t testing.TB) string {
	t.Helper()
	dsn := os.Getenv("JUDGE_TEST_PG_DSN")
	if dsn == "" {
		t.Skip("JUDGE_TEST_PG_DSN is not set")
	}
	const options = "-c synchronous_commit=off"
	if strings.Contains(dsn, "options=") {
		return dsn
	}
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		u, err := url.Parse(dsn)
		if err != nil {
			t.Fatalf("JUDGE_TEST_PG_DSN: %v", err)
		}
		q := u.Query()
		q.Set("options", options)
		u.RawQuery = q.Encode()
		return u.String()
	}
	return dsn + " options='" + options + "'"
}

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
