package store

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/pgtest"
	"puzzlejudge/judge"
)

// TestAdvisoryLockIsNoSlowSQL: waiting for the advisory lock of a migration
// or a catalogue sync is what the lock is for, so gorm does not warn "SLOW
// SQL" about it, while it still warns about any other slow statement. No
// clock decides it: with the threshold at a nanosecond every statement is
// slow, and only the lock's goes unreported. It needs JUDGE_TEST_PG_DSN
// (SQLite takes no advisory lock).
func TestAdvisoryLockIsNoSlowSQL(t *testing.T) {
	dsn := pgtest.DSN(t)
	resetPostgres(t, dsn)
	old := slowSQL
	slowSQL = time.Nanosecond
	t.Cleanup(func() { slowSQL = old })
	var (
		out bytes.Buffer
		mu  sync.Mutex
	)
	d, err := Open("postgres", dsn, slog.New(slog.NewTextHandler(lockedWriter{&mu, &out}, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	plan := func(judge.Problem, bool, []judge.Case) (judge.CatalogueChanges, error) {
		return judge.CatalogueChanges{}, nil
	}
	// No such problem, and the plan adds none: not_found, after the lock.
	if _, _, err := d.SyncCatalogue(context.Background(), "nothing", plan); err != nil && judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Fatal(err)
	}
	mu.Lock()
	log := out.String()
	mu.Unlock()
	if !strings.Contains(log, "SLOW SQL") {
		t.Fatalf("no SLOW SQL warning at all with a 1 ns threshold: the test proves nothing\n%s", log)
	}
	for _, line := range strings.Split(log, "\n") {
		if strings.Contains(line, "SLOW SQL") && strings.Contains(line, "pg_advisory") {
			t.Errorf("the advisory lock's wait is logged as slow SQL: %s", line)
		}
	}
}
