package main

import (
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
)

// TestTakenPortCreatesNoAdmin checks that a first start whose port is taken
// fails before it creates the admin account and prints its password, so the
// password cannot be lost in the error of that start.
func TestTakenPortCreatesNoAdmin(t *testing.T) {
	clearEnv(t)
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	dbPath := filepath.Join(t.TempDir(), "judge.db")
	cfg := writeFile(t, "listen: \""+busy.Addr().String()+"\"\ndatabase:\n  dsn: "+dbPath+"\n")
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var stderr strings.Builder
	if code := run(ctx, []string{"-config", cfg}, io.Discard, &stderr); code != 1 {
		t.Fatalf("run on a taken port = %d, want 1; stderr:\n%s", code, stderr.String())
	}
	if strings.Contains(stderr.String(), "password") {
		t.Errorf("a start that failed printed a password:\n%s", stderr.String())
	}
	if _, err := os.Stat(dbPath); err == nil {
		t.Errorf("a start that failed on its port created the database")
	}
}

func TestAdminResetPassword(t *testing.T) {
	clearEnv(t)
	dbPath := filepath.Join(t.TempDir(), "judge.db")
	cfg := writeFile(t, "database:\n  dsn: "+dbPath+"\n")
	db, err := store.Open("sqlite", dbPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	svc := service.NewService(db, service.Config{BcryptCost: bcrypt.MinCost}, nil)
	ctx := context.Background()
	if _, _, err := svc.EnsureAdmin(ctx, "forgotten-long-ago"); err != nil {
		t.Fatal(err)
	}
	admin, _ := svc.Authenticate(ctx, "admin", "forgotten-long-ago")
	token, _ := svc.IssueToken(ctx, admin.ID, "test")
	db.Close()

	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no operation", []string{"admin"}, 2, "usage"},
		{"unknown operation", []string{"admin", "drop-tables"}, 2, "usage"},
		{"no username", []string{"admin", "reset-password"}, 2, "usage"},
		{"unknown user", []string{"admin", "reset-password", "nobody"}, 1, `no account "nobody"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr strings.Builder
			if code := run(ctx, append([]string{"-config", cfg}, tc.args...), io.Discard, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("run(%q) = %d, stderr %q; want %d mentioning %q", tc.args, code, stderr.String(), tc.code, tc.want)
			}
		})
	}

	var stdout, stderr strings.Builder
	if code := run(ctx, []string{"-config", cfg, "admin", "reset-password", "admin"}, &stdout, &stderr); code != 0 {
		t.Fatalf("reset-password = %d; stderr:\n%s", code, stderr.String())
	}
	m := regexp.MustCompile(`new password of admin \(instructor\): (\S+)`).FindStringSubmatch(stdout.String())
	if m == nil {
		t.Fatalf("stdout %q holds no new password", stdout.String())
	}
	db, err = store.Open("sqlite", dbPath, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc = service.NewService(db, service.Config{}, nil)
	if _, err := svc.Authenticate(ctx, "admin", m[1]); err != nil {
		t.Errorf("the printed password does not log in: %v", err)
	}
	if _, err := svc.UserByToken(ctx, token); judge.ErrorCode(err) != judge.EUNAUTHORIZED {
		t.Errorf("a session survived the reset: %v", err)
	}
}
