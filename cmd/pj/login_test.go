package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoginKeepsOneTokenFile(t *testing.T) {
	js := startJudge(t)
	js.student("ada")
	pj := newPJ(t, map[string]string{"PJ_PASSWORD": "ada-password"})

	r := pj.want(exitOK, "login", js.URL, "ada")
	if !strings.Contains(r.stdout, "as ada (student)") {
		t.Errorf("login printed %q, want the user and role", r.stdout)
	}
	if strings.Contains(r.stdout+r.stderr, tokenOf(t, pj)) {
		t.Error("login printed the token")
	}

	entries, err := os.ReadDir(pj.configDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "config.json" {
		t.Errorf("config dir holds %v, want only config.json", entries)
	}
	assertMode(t, pj.configDir, 0o700)
	assertMode(t, filepath.Join(pj.configDir, "config.json"), 0o600)

	// The saved login is enough for a command that needs an account.
	pj.want(exitOK, "submissions")
	// The token is named after pj and the machine, for GET /tokens.
	if st, body := js.api("GET", "/tokens", tokenOf(t, pj), nil); st == 200 && !strings.Contains(string(body), `"name":"pj`) {
		t.Errorf("GET /tokens = %s, want pj's token named", body)
	}
	// Logging in again replaces the file and changes nothing else.
	pj.want(exitOK, "login", "ada")
	if entries, _ := os.ReadDir(pj.configDir); len(entries) != 1 {
		t.Errorf("after a second login the config dir holds %v", entries)
	}
}

func TestLoginPasswordFromStdinAndFlagsAnywhere(t *testing.T) {
	js := startJudge(t)
	js.student("ada")
	pj := newPJ(t, nil)
	// The URL comes from --server given after the argument, the password
	// from the first line of a piped standard input.
	r := pj.run("ada-password\n", "login", "ada", "--server", strings.TrimPrefix(js.URL, "http://"))
	if r.code != exitOK {
		t.Fatalf("login = %d: %s", r.code, r.stderr)
	}
	var c config
	data, _ := os.ReadFile(filepath.Join(pj.configDir, "config.json"))
	if err := json.Unmarshal(data, &c); err != nil || c.Server != js.URL || c.Username != "ada" || c.Token == "" {
		t.Errorf("config = %+v (%v), want server %s, user ada and a token", c, err, js.URL)
	}
}

func TestLoginFailures(t *testing.T) {
	js := startJudge(t)
	js.student("ada")
	tests := []struct {
		name  string
		vars  map[string]string
		stdin string
		args  []string
		code  int
		say   string
	}{
		{"wrong password", map[string]string{"PJ_PASSWORD": "nope"}, "", []string{"login", js.URL, "ada"}, exitUsage, "401"},
		{"no password", nil, "", []string{"login", js.URL, "ada"}, exitUsage, "no password"},
		{"no username", nil, "", []string{"login"}, exitUsage, "USERNAME"},
		{"too many arguments", nil, "", []string{"login", js.URL, "ada", "extra"}, exitUsage, "USERNAME"},
		{"no server there", map[string]string{"PJ_PASSWORD": "x"}, "", []string{"login", "http://127.0.0.1:1", "ada"}, exitServer, "cannot reach"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pj := newPJ(t, tc.vars)
			r := pj.run(tc.stdin, tc.args...)
			if r.code != tc.code || !strings.Contains(r.stderr, tc.say) {
				t.Errorf("pj %v = %d, %q; want %d and %q", tc.args, r.code, r.stderr, tc.code, tc.say)
			}
			if _, err := os.Stat(pj.configDir); err == nil {
				t.Errorf("a failed login created %s", pj.configDir)
			}
		})
	}
}

func TestLogoutRevokesTheToken(t *testing.T) {
	js := startJudge(t)
	js.student("ada")
	pj := newPJ(t, map[string]string{"PJ_PASSWORD": "ada-password"})
	pj.want(exitOK, "login", js.URL, "ada")
	token := tokenOf(t, pj)
	if r := pj.want(exitOK, "token"); r.stdout != token+"\n" {
		t.Errorf("pj token = %q, want the saved token", r.stdout)
	}
	pj.want(exitOK, "logout")
	pj.want(exitUsage, "token")
	if _, err := os.Stat(filepath.Join(pj.configDir, "config.json")); !os.IsNotExist(err) {
		t.Errorf("config file after logout: %v", err)
	}
	if st, _ := js.api("GET", "/submissions", token, nil); st != 401 {
		t.Errorf("the old token answers %d after logout, want 401", st)
	}
	r := pj.want(exitUsage, "submissions", "--server", js.URL)
	if !strings.Contains(r.stderr, "pj login") {
		t.Errorf("a command without a login says %q, want a hint at pj login", r.stderr)
	}
	pj.want(exitOK, "logout")
}

// Without a login, PJ_SERVER or --server there is no server to try: every
// command that needs one says to log in (exit 2, as 'pj token' does) and
// does not guess localhost, which made it an unreachable server (exit 3).
func TestNoServerAtAll(t *testing.T) {
	pj := newPJ(t, map[string]string{"PJ_PASSWORD": "x"})
	for _, args := range [][]string{{"problems"}, {"submissions"}, {"show", "flood"}, {"login", "ada"}} {
		r := pj.want(exitUsage, args...)
		if !strings.Contains(r.stderr, "not logged in: run 'pj login URL USERNAME' first") {
			t.Errorf("pj %v said %q, want the hint at pj login", args, r.stderr)
		}
	}
}

func TestEnvironmentWithoutLogin(t *testing.T) {
	js := startJudge(t)
	token := js.student("ci-job")
	pj := newPJ(t, map[string]string{"PJ_SERVER": js.URL, "PJ_TOKEN": token})
	pj.want(exitOK, "submissions")
	pj.want(exitOK, "moves", "rot", "01-sample-1", "DDHH", "--wait")
	if _, err := os.Stat(pj.configDir); !os.IsNotExist(err) {
		t.Errorf("pj wrote %s without a login", pj.configDir)
	}
}

func TestTokenStaysWithItsServer(t *testing.T) {
	js := startJudge(t)
	other := startJudge(t)
	js.student("ada")
	other.student("ada")
	pj := newPJ(t, map[string]string{"PJ_PASSWORD": "ada-password"})
	pj.want(exitOK, "login", js.URL, "ada")
	// The saved token belongs to js; another server gets no token at all.
	r := pj.want(exitUsage, "submissions", "--server", other.URL)
	if !strings.Contains(r.stderr, "401") && !strings.Contains(r.stderr, "pj login") {
		t.Errorf("submissions on another server said %q", r.stderr)
	}
}

func tokenOf(t *testing.T, pj *pjEnv) string {
	t.Helper()
	c, err := loadConfig()
	if err != nil || c.Token == "" {
		t.Fatalf("no token saved: %+v, %v", c, err)
	}
	return c.Token
}

func assertMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := info.Mode().Perm(); got != want {
		t.Errorf("mode of %s = %o, want %o", path, got, want)
	}
}
