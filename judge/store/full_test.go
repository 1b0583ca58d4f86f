package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"puzzlejudge/judge"
)

// maxPageCount sets SQLite's max_page_count on every connection of d's pool
// (it is a setting of the connection, not of the file); a limit below the
// file's size stops it where it is.
func maxPageCount(t *testing.T, d *DB, n int) {
	t.Helper()
	ctx := context.Background()
	var conns []interface{ Close() error }
	for range sqliteConns {
		c, err := d.sql.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.ExecContext(ctx, "PRAGMA max_page_count = "+strconv.Itoa(n)); err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for _, c := range conns {
		c.Close()
	}
}

// fill stores judged checks, large ones and then small ones with a result
// each, until the storage is full: the last pages of the tables are full
// too. It returns the error that said so.
func fill(t *testing.T, d *DB, userID int64) error {
	t.Helper()
	var err error
	for _, size := range []int{16 << 10, 1 << 10, 0} {
		board := strings.Repeat("1", size)
		results := []judge.CaseResult{{CaseName: "board", Position: 1, Verdict: judge.Accepted}}
		for i := 0; ; i++ {
			if i == 100000 {
				t.Fatal("the storage never filled up")
			}
			_, err = d.CreateJudged(context.Background(), judge.Submission{UserID: userID, Kind: judge.KindCheck, Puzzle: "floodit", Board: board, Status: judge.StatusDone, Verdict: judge.Accepted}, results)
			if err != nil {
				break
			}
		}
	}
	// Fill the results and their index on case_id too: what the pages of
	// submissions leave free depends on the row size, and a verdict write
	// that needs only a result row must not fit either.
	for i := int64(1); ; i++ {
		if i == 1000000 {
			t.Fatal("the results never filled up")
		}
		err := d.db.Exec(`INSERT INTO case_results (submission_id, case_id, case_name, position, verdict, message, used, optimal, score)
VALUES ((SELECT MAX(id) FROM submissions), ?, '', 0, '', '', 0, 0, 0)`, i).Error
		if err != nil {
			break
		}
	}
	// And the submissions' last page, with rows as small as a submission
	// can be: where it ends depends on the row's columns (the contest
	// link added one), and a Submit must not fit in what is left.
	for i := 0; ; i++ {
		if i == 1000000 {
			t.Fatal("the submissions never filled up")
		}
		err := d.db.Exec(`INSERT INTO submissions (user_id, kind, case_id, puzzle, board, payload, status, verdict, score, claim_token, created_at)
VALUES (?, 'check', 0, '', '', '', 'done', 'accepted', 0, 0, ?)`, userID, time.Now().UTC()).Error
		if err != nil {
			break
		}
	}
	return err
}

// TestStorageFullErrors checks which errors mean a full storage.
func TestStorageFullErrors(t *testing.T) {
	d := sqliteOpener(t)(t)
	u, _ := d.CreateUser(context.Background(), judge.User{Username: "a", Role: judge.RoleStudent}, []byte("h"))
	maxPageCount(t, d, 1)
	err := fill(t, d, u.ID)
	if judge.ErrorCode(err) != judge.EUNAVAILABLE {
		t.Errorf("SQLITE_FULL = %v, want %s", err, judge.EUNAVAILABLE)
	}
	if err := d.Heartbeat(context.Background()); judge.ErrorCode(err) != judge.EUNAVAILABLE {
		t.Errorf("Heartbeat on a full storage = %v, want %s", err, judge.EUNAVAILABLE)
	}
	for _, tc := range []struct {
		err  error
		full bool
	}{
		{errors.New("database or disk is full"), false}, // the text alone is not the code
		{fmt.Errorf("insert: %w", &pgconn.PgError{Code: "53100"}), true},
		{fmt.Errorf("insert: %w", &pgconn.PgError{Code: "53200"}), true},
		{fmt.Errorf("insert: %w", &pgconn.PgError{Code: "23505"}), false},
	} {
		if got := storageFull(tc.err); got != tc.full {
			t.Errorf("storageFull(%v) = %v, want %v", tc.err, got, tc.full)
		}
	}
	pgFull := d.fail(&pgconn.PgError{Code: "53100", Message: "could not extend file"}, "submission")
	if judge.ErrorCode(pgFull) != judge.EUNAVAILABLE || judge.ErrorMessage(pgFull) != "storage is full; try again later" {
		t.Errorf("PostgreSQL's disk_full = %v, want %s", pgFull, judge.EUNAVAILABLE)
	}
}

// TestRateLog checks that a rate-limited log says a message once per
// interval and counts what it left out.
func TestRateLog(t *testing.T) {
	var buf bytes.Buffer
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r := newRateLog(slog.New(slog.NewTextHandler(&buf, nil)), time.Minute, func() time.Time { return now })
	for _, step := range []struct {
		advance time.Duration
		logged  int
	}{
		{0, 1}, {time.Second, 1}, {30 * time.Second, 1}, {30 * time.Second, 2}, {59 * time.Second, 2}, {time.Minute, 3},
	} {
		now = now.Add(step.advance)
		r.Error("storage is full")
		if got := strings.Count(buf.String(), "storage is full"); got != step.logged {
			t.Fatalf("at %s: logged %d times, want %d", now.Format(time.TimeOnly), got, step.logged)
		}
	}
	if !strings.Contains(buf.String(), "repeated=2") {
		t.Errorf("the second line does not count the two left out:\n%s", buf.String())
	}
}
