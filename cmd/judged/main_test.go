package main

import (
	"context"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestRunRefusesBadStarts checks that run stops before serving, with a clear
// message and a non-zero exit code, when its arguments or configuration are wrong.
func TestRunRefusesBadStarts(t *testing.T) {
	clearEnv(t)
	tests := []struct {
		name   string
		args   []string
		config string // written to a file passed with -config when not ""
		code   int
		want   string
	}{
		{name: "unknown flag", args: []string{"-port", "80"}, code: 2, want: "-port"},
		{name: "stray argument", args: []string{"serve"}, code: 2, want: `"serve"`},
		{name: "missing explicit config", args: []string{"-config", "/nonexistent/judge.yaml"}, code: 1, want: "/nonexistent/judge.yaml"},
		{name: "invalid config", config: "workers: 0\ndatabase:\n  driver: oracle\n", code: 1, want: "database.driver"},
		{name: "bad listen address", config: "listen: \"not an address\"\ndatabase:\n  dsn: DB\n", code: 1, want: "listen"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			args := tc.args
			if tc.config != "" {
				dir := t.TempDir()
				cfg := strings.ReplaceAll(tc.config, "DB", filepath.Join(dir, "judge.db"))
				args = []string{"-config", writeFile(t, cfg)}
			}
			// A start that wrongly succeeds serves until the deadline and
			// then fails the test, instead of hanging it.
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			var stderr strings.Builder
			if code := run(ctx, args, io.Discard, &stderr); code != tc.code {
				t.Fatalf("run(%q) = %d, want %d; stderr:\n%s", args, code, tc.code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("stderr %q does not mention %q", stderr.String(), tc.want)
			}
		})
	}
}

// clearEnv blanks every JUDGE_* variable for the test, so that run reads its
// configuration from the file the test wrote and not from the environment
// the tests happen to run in.
func clearEnv(t *testing.T) {
	for _, ev := range envVars {
		t.Setenv(ev.name, "")
	}
}

// TestRunChecksTheAddressBeforeWriting performs the attack of issue 11:
// JUDGE_LISTEN=8081 (no colon) and a port already taken must stop the start
// naming the key, before the database is created and before a generated
// admin password is printed.
func TestRunChecksTheAddressBeforeWriting(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	for _, tc := range []struct{ name, listen, want string }{
		{"port without colon", "8081", `listen (JUDGE_LISTEN): "8081" has no host part: write ":8081"`},
		{"port in use", taken.Addr().String(), "listen (JUDGE_LISTEN)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clearEnv(t)
			dbPath := filepath.Join(t.TempDir(), "data", "judge.db")
			t.Setenv("JUDGE_LISTEN", tc.listen)
			t.Setenv("JUDGE_DATABASE_DSN", dbPath)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			var stderr strings.Builder
			if code := run(ctx, []string{"-config", writeFile(t, "log_level: info\n")}, io.Discard, &stderr); code != 1 {
				t.Fatalf("run = %d, want 1; stderr:\n%s", code, stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("stderr %q does not say %q", stderr.String(), tc.want)
			}
			if strings.Contains(stderr.String(), "password") {
				t.Errorf("a password was printed for a server that did not start:\n%s", stderr.String())
			}
			if _, err := os.Stat(filepath.Dir(dbPath)); !os.IsNotExist(err) {
				t.Errorf("the database folder exists after a failed start (%v)", err)
			}
		})
	}
}

// TestRunPrintsThePasswordOnceListening checks the order of the log of a
// first start: the generated password comes after "listening".
func TestRunPrintsThePasswordOnceListening(t *testing.T) {
	dir := t.TempDir()
	s := startServer(t, writeFile(t, "listen: 127.0.0.1:0\ndatabase:\n  dsn: "+filepath.Join(dir, "judge.db")+"\n"))
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(s.log.String(), "password=") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	log := s.log.String()
	l, p := strings.Index(log, "msg=listening"), strings.Index(log, "password=")
	if l < 0 || p < 0 || p < l {
		t.Errorf("the password (at %d) must be printed after listening (at %d):\n%s", p, l, log)
	}
}
