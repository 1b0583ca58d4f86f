package main

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// TestRoleRefusals checks that a role other than all is refused on SQLite,
// from the flag, the environment or the file, and an unknown role anywhere.
func TestRoleRefusals(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		env    string
		config string
		want   string
	}{
		{name: "flag web on sqlite", args: []string{"-role", "web"}, want: "SQLite serves one process"},
		{name: "env worker on sqlite", env: "worker", want: `role: "worker" needs database.driver postgres`},
		{name: "file web on sqlite", config: "role: web\n", want: "SQLite serves one process"},
		{name: "unknown", args: []string{"-role", "judge"}, want: `role: "judge" is not one of all, web, worker`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clearEnv(t)
			t.Setenv("JUDGE_DATABASE_DSN", t.TempDir()+"/judge.db")
			t.Setenv("JUDGE_ROLE", tc.env)
			args := append([]string{"-config", writeFile(t, tc.config)}, tc.args...)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			var stderr strings.Builder
			if code := run(ctx, args, io.Discard, &stderr); code != 1 || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("run(%q) = %d, %q; want 1 and %q", args, code, stderr.String(), tc.want)
			}
		})
	}
}

// TestRolePrecedence checks flag over environment over file.
func TestRolePrecedence(t *testing.T) {
	clearEnv(t)
	getenv := func(name string) string {
		switch name {
		case "JUDGE_ROLE":
			return "worker"
		case "JUDGE_DATABASE_DRIVER":
			return "postgres"
		case "JUDGE_DATABASE_DSN":
			return "host=localhost"
		}
		return ""
	}
	path := writeFile(t, "role: web\n")
	for _, tc := range []struct{ flag, want string }{{"", "worker"}, {"all", "all"}} {
		cfg, err := loadConfig(path, false, withRole(getenv, tc.flag))
		if err != nil || cfg.Role != tc.want {
			t.Errorf("-role %q: role %q, %v; want %q", tc.flag, cfg.Role, err, tc.want)
		}
	}
	if cfg := DefaultConfig(); cfg.Role != RoleAll {
		t.Errorf("default role %q, want all", cfg.Role)
	}
}
