package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// TestBackupUnderLoad takes a backup while submissions are being stored,
// opens the copy as a restored database would be, and finds in it every
// submission acknowledged before the backup began.
func TestBackupUnderLoad(t *testing.T) {
	dir := t.TempDir()
	d := mustOpen(t, "sqlite", filepath.Join(dir, "judge.db"))
	defer d.Close()
	ctx := context.Background()
	u, err := d.CreateUser(ctx, judge.User{Username: "ada", Role: judge.RoleStudent}, []byte("hash"))
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := d.SyncCatalogue(ctx, "floodit", func(judge.Problem, bool, []judge.Case) (judge.CatalogueChanges, error) {
		return judge.CatalogueChanges{Problem: &judge.Problem{Slug: "floodit", Title: "Flood-it", Puzzle: "floodit", Checker: "exact"}}, nil
	})
	if err != nil {
		t.Fatal(err)
	}

	// Eight writers store submissions until told to stop; each records the
	// ids acknowledged so far, in order.
	var (
		stop  atomic.Bool
		wg    sync.WaitGroup
		mu    sync.Mutex
		acked []int64
		fails atomic.Int64
	)
	for range 8 {
		wg.Go(func() {
			for !stop.Load() {
				s, err := d.CreateSubmission(ctx, judge.Submission{UserID: u.ID, ProblemID: p.ID, Kind: judge.KindAnswer, Payload: "3\n"})
				if err != nil {
					fails.Add(1)
					continue
				}
				mu.Lock()
				acked = append(acked, s.ID)
				mu.Unlock()
			}
		})
	}
	waitFor(t, func() bool { mu.Lock(); defer mu.Unlock(); return len(acked) >= 500 })
	mu.Lock()
	before := append([]int64(nil), acked...) // acknowledged before the backup began
	mu.Unlock()
	backup := filepath.Join(dir, "backup.db")
	if err := d.Backup(ctx, backup); err != nil {
		t.Fatal(err)
	}
	waitFor(t, func() bool { mu.Lock(); defer mu.Unlock(); return len(acked) >= len(before)+500 })
	stop.Store(true)
	wg.Wait()
	if n := fails.Load(); n > 0 {
		t.Fatalf("%d submissions failed during the backup", n)
	}
	if err := d.Backup(ctx, backup); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("a second backup to the same file: %v, want a refusal", err)
	}

	// Restore as docs/DEPLOY.md says: the copy becomes the database file.
	restored := filepath.Join(t.TempDir(), "judge.db")
	if err := os.Rename(backup, restored); err != nil {
		t.Fatal(err)
	}
	r := mustOpen(t, "sqlite", restored)
	defer r.Close()
	var check string
	if err := r.sql.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check of the backup: %q, %v", check, err)
	}
	for _, id := range before {
		if _, err := r.Submission(ctx, id); err != nil {
			t.Fatalf("submission %d, acknowledged before the backup, is not in it: %v", id, err)
		}
	}
	var inCopy int64
	if err := r.db.Model(&submissionRow{}).Count(&inCopy).Error; err != nil {
		t.Fatal(err)
	}
	t.Logf("%d acknowledged before the backup, %d in it, %d in all", len(before), inCopy, len(acked))
}

func TestBackupPostgresRefused(t *testing.T) {
	d := &DB{postgres: true}
	if err := d.Backup(context.Background(), filepath.Join(t.TempDir(), "x")); !errors.Is(err, ErrBackupPostgres) {
		t.Fatalf("Backup on PostgreSQL = %v, want ErrBackupPostgres", err)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(time.Millisecond)
	}
}
