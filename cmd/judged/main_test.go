package main

import (
	"context"
	"io"
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
