package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestBackupRestoreUnderLoad runs "judged backup" while students submit
// through the API, restores the copy as the command tells, serves it, and
// finds there every submission acknowledged (202) before the backup began.
func TestBackupRestoreUnderLoad(t *testing.T) {
	dir := t.TempDir()
	config := writeConfig(t, dir)
	srv := startServer(t, config)
	srv.expect(201, "POST", "/api/v1/register", "", map[string]string{"username": "ada", "password": "lovelace1"}, nil)
	token := srv.login("ada", "lovelace1")
	caseID := srv.cases("floodit")[0].ID

	var (
		stop  atomic.Bool
		wg    sync.WaitGroup
		mu    sync.Mutex
		acked []int64
		errs  = make(chan error, 8)
	)
	for range 8 {
		wg.Go(func() {
			for !stop.Load() {
				id, err := post(srv.base+"/api/v1/problems/floodit/submissions", token,
					map[string]any{"kind": "moves", "case": caseID, "moves": "1 2"})
				if err != nil {
					errs <- err
					return
				}
				mu.Lock()
				acked = append(acked, id)
				mu.Unlock()
			}
		})
	}
	count := func() int { mu.Lock(); defer mu.Unlock(); return len(acked) }
	waitUntil(t, func() bool { return count() >= 300 })
	mu.Lock()
	before := append([]int64(nil), acked...)
	mu.Unlock()

	backup := filepath.Join(dir, "backup.db")
	var out, stderr strings.Builder
	if code := run(context.Background(), []string{"backup", "-config", config, backup}, &out, &stderr); code != 0 {
		t.Fatalf("judged backup = %d:\n%s", code, stderr.String())
	}
	if !strings.Contains(out.String(), "To restore") {
		t.Errorf("judged backup does not say how to restore:\n%s", out.String())
	}
	waitUntil(t, func() bool { return count() >= len(before)+300 })
	stop.Store(true)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	srv.stop()

	// A second backup to the same file is refused, the first left as it was.
	info, _ := os.Stat(backup)
	stderr.Reset()
	if code := run(context.Background(), []string{"backup", "-config", config, backup}, io.Discard, &stderr); code != 1 || !strings.Contains(stderr.String(), "already exists") {
		t.Errorf("backup over an existing file = %d, %q; want 1 and a refusal", code, stderr.String())
	}
	if again, _ := os.Stat(backup); again.Size() != info.Size() || !again.ModTime().Equal(info.ModTime()) {
		t.Errorf("the refused backup touched the existing file")
	}

	// Restore: the copy becomes the database of a fresh server.
	rdir := t.TempDir()
	rconfig := writeConfig(t, rdir)
	if err := os.MkdirAll(filepath.Join(rdir, "data"), 0o755); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(backup)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(rdir, "data", "judge.db"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	restored := startServer(t, rconfig)
	for _, id := range before {
		var sub submission
		restored.expect(200, "GET", "/api/v1/submissions/"+strconv.FormatInt(id, 10), token, nil, &sub)
	}
	t.Logf("%d submissions acknowledged before the backup, %d in all; all of the first found after the restore", len(before), count())
}

// TestBackupRefusals checks the starts of "judged backup" that cannot work.
func TestBackupRefusals(t *testing.T) {
	clearEnv(t)
	dir := t.TempDir()
	pg := filepath.Join(dir, "pg.yaml")
	if err := os.WriteFile(pg, []byte("database:\n  driver: postgres\n  dsn: host=localhost\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no file", []string{"backup", "-config", writeConfig(t, dir)}, 2, "usage"},
		{"postgres", []string{"backup", "-config", pg, filepath.Join(dir, "x")}, 1, "pg_dump"},
		{"no database", []string{"backup", "-config", writeConfig(t, t.TempDir()), filepath.Join(dir, "y")}, 1, "no database"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stderr strings.Builder
			if code := run(context.Background(), tc.args, io.Discard, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("run(%q) = %d, %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.want)
			}
		})
	}
}

// post sends a submission and returns the id of its 202 answer.
func post(url, token string, body any) (int64, error) {
	data, _ := json.Marshal(body)
	req, err := http.NewRequest("POST", url, bytes.NewReader(data))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 202 {
		return 0, fmt.Errorf("POST %s = %d: %s", url, resp.StatusCode, raw)
	}
	var acc struct{ ID int64 }
	if err := json.Unmarshal(raw, &acc); err != nil {
		return 0, err
	}
	return acc.ID, nil
}

func waitUntil(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
		time.Sleep(5 * time.Millisecond)
	}
}
