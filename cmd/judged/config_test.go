package main

import (
	"os"
	"path/filepath"
	"puzzlejudge/judge/sandbox"
	"reflect"
	"strings"
	"testing"
	"time"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func writeFile(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestShippedConfigIsTheDefault keeps config.yaml at the root and
// DefaultConfig saying the same thing, key for key.
func TestShippedConfigIsTheDefault(t *testing.T) {
	got, err := loadConfig("../../config.yaml", false, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	if want := DefaultConfig(); !reflect.DeepEqual(got, want) {
		t.Errorf("config.yaml = %+v\nDefaultConfig() = %+v", got, want)
	}
}

func TestLoadConfig(t *testing.T) {
	def := DefaultConfig()
	tests := []struct {
		name string
		file string // "" = no file
		env  map[string]string
		want func(c *Config)
	}{
		{name: "missing file gives the defaults", want: func(c *Config) {}},
		{name: "empty file gives the defaults", file: "\n", want: func(c *Config) {}},
		{
			name: "file overlays",
			file: "listen: 127.0.0.1:9000\ndatabase:\n  dsn: /tmp/x.db\nworkers: 4\nsolve_timeout: 2m\nregistration_open: false\n",
			want: func(c *Config) {
				c.Listen, c.Database.DSN, c.Workers, c.SolveTimeout, c.RegistrationOpen = "127.0.0.1:9000", "/tmp/x.db", 4, 2*time.Minute, false
			},
		},
		{
			name: "environment overrides the file",
			file: "listen: 127.0.0.1:9000\nsubmit_rate: 5\n",
			env: map[string]string{
				"JUDGE_LISTEN": ":7000", "JUDGE_DATABASE_DRIVER": "postgres", "JUDGE_DATABASE_DSN": "host=db", "JUDGE_DATABASE_SYNCHRONOUS": "normal",
				"JUDGE_ADMIN_PASSWORD": "s3cret!", "JUDGE_WORKERS": "3", "JUDGE_SOLVE_TIMEOUT": "5s",
				"JUDGE_POLL_INTERVAL": "1s", "JUDGE_REGISTRATION_OPEN": "false", "JUDGE_SUBMIT_RATE": "0", "JUDGE_RUN_RATE": "4",
				"JUDGE_SHUTDOWN_TIMEOUT": "3s", "JUDGE_LOG_LEVEL": "debug",
				"JUDGE_CLAIM_TIMEOUT": "2m", "JUDGE_SECURE_COOKIES": "true", "JUDGE_SESSION_SECRET": strings.Repeat("k", 32),
				"JUDGE_TRUSTED_PROXIES": "10.0.0.1, 192.168.0.0/16",
				"JUDGE_SOLVERS":         "3", "JUDGE_CHECK_MAX_SIZE": "12", "JUDGE_CHECK_MAX_COLORS": "7", "JUDGE_CHECK_MAX_MOVES": "6",
				"JUDGE_REGISTER_RATE": "2", "JUDGE_REGISTRATION_CODE": "cs101", "JUDGE_TOKEN_TTL": "48h", "JUDGE_ROLE": "worker", "JUDGE_MAX_INFLIGHT": "64", "JUDGE_MAX_STREAMS": "8", "JUDGE_MAX_STREAMS_PER_ADDRESS": "2",
				"JUDGE_QUEUE_PER_USER": "3", "JUDGE_QUEUE_COMPILE_CPU": "20s",
				"JUDGE_SANDBOX_MODE": "remote", "JUDGE_SANDBOX_URL": "http://10.0.0.5:5050, http://10.0.0.6:5050", "JUDGE_SANDBOX_PARALLEL": "8",
				"JUDGE_SANDBOX_DIR": "/var/lib/judge/sandbox", "JUDGE_SANDBOX_CACHE_MIB": "300",
				"JUDGE_DEFAULT_LANGUAGE": "zh-CN", "JUDGE_TIME_ZONE": "Asia/Shanghai", "JUDGE_METRICS_TOKEN": " prometheus-scrape-0123 ",
				"JUDGE_SIMILARITY_DIR": "/opt/dolos", "JUDGE_SIMILARITY_NODE": "/usr/local/bin/node", "JUDGE_SIMILARITY_TIMEOUT": "90s",
				"JUDGE_SIMILARITY_MEMORY_MIB": "512", "JUDGE_SIMILARITY_AUTO": "true",
			},
			want: func(c *Config) {
				claim := 2 * time.Minute
				*c = Config{Listen: ":7000", Database: DatabaseConfig{Driver: "postgres", DSN: "host=db", Synchronous: "normal"},
					AdminPassword: "s3cret!", Workers: 3, SolveTimeout: 5 * time.Second, PollInterval: time.Second,
					RegistrationOpen: false, SubmitRate: 0, RunRate: 4, ShutdownTimeout: 3 * time.Second, LogLevel: "debug",
					ClaimTimeout: &claim, SecureCookies: true, SessionSecret: strings.Repeat("k", 32),
					TrustedProxies: []string{"10.0.0.1", "192.168.0.0/16"},
					Solvers:        3, CheckMaxSize: 12, CheckMaxColors: 7, CheckMaxMoves: 6, RegisterRate: 2, RegistrationCode: "cs101", TokenTTL: 48 * time.Hour, Role: "worker", MaxInFlight: 64, MaxStreams: 8, MaxStreamsPerAddress: 2,
					Queue: QueueConfig{PerUser: 3, CompileCPU: 20 * time.Second},
					Sandbox: SandboxConfig{Mode: "remote", URL: []string{"http://10.0.0.5:5050", "http://10.0.0.6:5050"}, Parallel: 8,
						Dir: "/var/lib/judge/sandbox", CacheMiB: 300, CPUShares: 262144},
					DefaultLanguage: "zh-CN", TimeZone: "Asia/Shanghai",
					Similarity: SimilarityConfig{Dir: "/opt/dolos", Node: "/usr/local/bin/node", Timeout: 90 * time.Second, MemoryMiB: 512, Auto: true},
					Metrics:    MetricsConfig{Token: "prometheus-scrape-0123"}}
			},
		},
		{
			name: "file sets the sandbox and a language",
			file: "sandbox:\n  mode: off\n  parallel: 3\nlanguages:\n  - id: cpp\n    name: C++17\n    extensions: [.cpp]\n    source: main.cpp\n    compile: [g++, -O2, -o, main, main.cpp]\n    artifacts: [main]\n    run: [./main]\n    time_factor: 1\n    version_command: [g++, --version]\n",
			want: func(c *Config) {
				c.Sandbox = SandboxConfig{Mode: "off", Parallel: 3, CacheMiB: 1024, CPUShares: 262144}
				c.Languages = []sandbox.Language{{ID: "cpp", Name: "C++17", Extensions: []string{".cpp"}, Source: "main.cpp",
					Compile: []string{"g++", "-O2", "-o", "main", "main.cpp"}, Artifacts: []string{"main"}, Run: []string{"./main"},
					TimeFactor: 1, VersionCommand: []string{"g++", "--version"}}}
			},
		},
		{
			name: "file sets the queue",
			file: "queue:\n  per_user: 1\n  compile_cpu: 30s\nrun_rate: 3\n",
			want: func(c *Config) { c.Queue, c.RunRate = QueueConfig{PerUser: 1, CompileCPU: 30 * time.Second}, 3 },
		},
		{
			name: "file sets the session keys",
			file: "claim_timeout: 0s\nsecure_cookies: true\nsession_secret: " + strings.Repeat("s", 40) + "\n",
			want: func(c *Config) {
				zero := time.Duration(0)
				c.ClaimTimeout, c.SecureCookies, c.SessionSecret = &zero, true, strings.Repeat("s", 40)
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "absent.yaml")
			if tc.file != "" {
				path = writeFile(t, tc.file)
			}
			got, err := loadConfig(path, true, envOf(tc.env))
			if err != nil {
				t.Fatalf("loadConfig: %v", err)
			}
			want := def
			tc.want(&want)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("loadConfig = %+v\nwant %+v", got, want)
			}
		})
	}
}

func TestEveryKeyHasAnEnvOverride(t *testing.T) {
	// database:, queue:, sandbox:, similarity: and metrics: count by their
	// keys; languages: is a list of structures, which no variable can hold.
	keys := reflect.TypeOf(Config{}).NumField() - 6 + reflect.TypeOf(DatabaseConfig{}).NumField() + reflect.TypeOf(QueueConfig{}).NumField() +
		reflect.TypeOf(SandboxConfig{}).NumField() + reflect.TypeOf(SimilarityConfig{}).NumField() + reflect.TypeOf(MetricsConfig{}).NumField()
	if got, want := len(envVars), keys; got != want {
		t.Errorf("%d environment overrides for %d configuration keys", got, want)
	}
}

func TestLoadConfigErrors(t *testing.T) {
	tests := []struct {
		name, file string
		optional   bool
		env        map[string]string
		want       string // part of the message
	}{
		{name: "explicit file missing", want: "no such file"},
		{name: "unknown key", file: "listn: :80\n", optional: true, want: "listn"},
		{name: "bad yaml", file: "listen: [\n", optional: true, want: "config"},
		{name: "bad duration in file", file: "solve_timeout: soon\n", optional: true, want: "soon"},
		{name: "bad driver", file: "database:\n  driver: mysql\n", optional: true, want: "database.driver"},
		{name: "bad synchronous", env: map[string]string{"JUDGE_DATABASE_SYNCHRONOUS": "off"}, optional: true, want: "database.synchronous"},
		{name: "zero workers", file: "workers: 0\n", optional: true, want: "workers"},
		{name: "zero per user", file: "queue:\n  per_user: 0\n", optional: true, want: "queue.per_user"},
		{name: "compile cpu too short", env: map[string]string{"JUDGE_QUEUE_COMPILE_CPU": "10ms"}, optional: true, want: "queue.compile_cpu"},
		{name: "negative rate", file: "submit_rate: -1\n", optional: true, want: "submit_rate"},
		{name: "negative run rate", file: "run_rate: -1\n", optional: true, want: "run_rate"},
		{name: "bad level", file: "log_level: loud\n", optional: true, want: "log_level"},
		{name: "empty listen", file: "listen: \"\"\n", optional: true, want: "listen"},
		{name: "listen without host", optional: true, env: map[string]string{"JUDGE_LISTEN": "8081"}, want: "listen (JUDGE_LISTEN): \"8081\" has no host part"},
		{name: "listen bad port", file: "listen: \":http8\"\n", optional: true, want: "listen"},
		{name: "negative solvers", file: "solvers: -1\n", optional: true, want: "solvers"},
		{name: "negative check size", file: "check_max_size: -1\n", optional: true, want: "check_max_size"},
		{name: "negative check colours", optional: true, env: map[string]string{"JUDGE_CHECK_MAX_COLORS": "-2"}, want: "check_max_colors"},
		{name: "negative register rate", file: "register_rate: -1\n", optional: true, want: "register_rate"},
		{name: "tiny token ttl", file: "token_ttl: 1s\n", optional: true, want: "token_ttl"},
		{name: "unknown page language", file: "default_language: fr\n", optional: true, want: "default_language"},
		{name: "unknown time zone", optional: true, env: map[string]string{"JUDGE_TIME_ZONE": "Mars/Olympus"}, want: "time_zone"},
		{name: "bad env int", optional: true, env: map[string]string{"JUDGE_WORKERS": "many"}, want: "JUDGE_WORKERS"},
		{name: "bad env bool", optional: true, env: map[string]string{"JUDGE_REGISTRATION_OPEN": "perhaps"}, want: "JUDGE_REGISTRATION_OPEN"},
		{name: "bad env duration", optional: true, env: map[string]string{"JUDGE_SOLVE_TIMEOUT": "-1s"}, want: "solve_timeout"},
		{name: "negative claim timeout", file: "claim_timeout: -1m\n", optional: true, want: "claim_timeout"},
		{name: "tiny claim timeout", optional: true, env: map[string]string{"JUDGE_CLAIM_TIMEOUT": "10ms"}, want: "claim_timeout"},
		{name: "bad env claim timeout", optional: true, env: map[string]string{"JUDGE_CLAIM_TIMEOUT": "soon"}, want: "JUDGE_CLAIM_TIMEOUT"},
		{name: "bad env secure cookies", optional: true, env: map[string]string{"JUDGE_SECURE_COOKIES": "maybe"}, want: "JUDGE_SECURE_COOKIES"},
		{name: "negative streams per address", file: "max_streams_per_address: -1\n", optional: true, want: "max_streams_per_address"},
		{name: "short metrics token", optional: true, env: map[string]string{"JUDGE_METRICS_TOKEN": "abc"}, want: "metrics.token"},
		{name: "metrics token with a space", file: "metrics:\n  token: \"0123456789 abcdefgh\"\n", optional: true, want: "metrics.token"},
		{name: "short session secret", file: "session_secret: abc\n", optional: true, want: "session_secret"},
		{name: "bad trusted proxy", file: "trusted_proxies: [10.0.0.1, proxy.local]\n", optional: true, want: "trusted_proxies"},
		{name: "bad sandbox mode", file: "sandbox:\n  mode: docker\n", optional: true, want: "sandbox.mode"},
		{name: "remote without url", optional: true, env: map[string]string{"JUDGE_SANDBOX_MODE": "remote"}, want: "sandbox.url"},
		{name: "bad sandbox url", optional: true, env: map[string]string{"JUDGE_SANDBOX_URL": "localhost:5050"}, want: "sandbox.url"},
		{name: "negative sandbox parallel", file: "sandbox:\n  parallel: -1\n", optional: true, want: "sandbox.parallel"},
		{name: "negative sandbox cache", file: "sandbox:\n  cache_mib: -5\n", optional: true, want: "sandbox.cache_mib"},
		{name: "cpu shares too many", file: "sandbox:\n  cpu_shares: 300000\n", optional: true, want: "sandbox.cpu_shares"},
		{name: "bad env cpu shares", optional: true, env: map[string]string{"JUDGE_SANDBOX_CPU_SHARES": "1"}, want: "sandbox.cpu_shares (JUDGE_SANDBOX_CPU_SHARES)"},
		{name: "cpuset not cores", file: "sandbox:\n  cpuset: \"a-b\"\n", optional: true, want: "sandbox.cpuset"},
		{name: "cpuset missing core", optional: true, env: map[string]string{"JUDGE_SANDBOX_CPUSET": "0-4096"}, want: "sandbox.cpuset (JUDGE_SANDBOX_CPUSET): core"},
		{name: "language without run", file: "languages:\n  - id: cpp\n    name: C++\n    source: main.cpp\n", optional: true, want: "languages[0]"},
		{name: "unknown language key", file: "languages:\n  - id: cpp\n    flags: [-O2]\n", optional: true, want: "flags"},
		{name: "tiny similarity timeout", file: "similarity:\n  timeout: 10ms\n", optional: true, want: "similarity.timeout"},
		{name: "tiny similarity memory", optional: true, env: map[string]string{"JUDGE_SIMILARITY_MEMORY_MIB": "8"}, want: "similarity.memory_mib"},
		{name: "bad env similarity auto", optional: true, env: map[string]string{"JUDGE_SIMILARITY_AUTO": "often"}, want: "JUDGE_SIMILARITY_AUTO"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "absent.yaml")
			if tc.file != "" {
				path = writeFile(t, tc.file)
			}
			_, err := loadConfig(path, tc.optional, envOf(tc.env))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("loadConfig error = %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}

// TestClaimTimeout checks the claim timeout in force: the driver's default
// when the key is empty, the configured value otherwise, 0 included.
func TestClaimTimeout(t *testing.T) {
	zero, two := time.Duration(0), 2*time.Minute
	for _, tc := range []struct {
		driver string
		set    *time.Duration
		want   time.Duration
	}{
		{"sqlite", nil, 0},
		{"postgres", nil, postgresClaimTimeout},
		{"sqlite", &two, two},
		{"postgres", &zero, 0},
	} {
		c := DefaultConfig()
		c.Database.Driver, c.ClaimTimeout = tc.driver, tc.set
		if got := c.claimTimeout(); got != tc.want {
			t.Errorf("claimTimeout(%s, %v) = %s, want %s", tc.driver, tc.set, got, tc.want)
		}
	}
}

// TestSandboxDir: what the sandbox keeps across restarts lives in
// sandbox.dir, by default beside the SQLite database, and its path is
// absolute (from the working directory) whatever the configuration says.
func TestSandboxDir(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, driver, dsn, dir, want string
	}{
		{"default", "sqlite", "data/judge.db", "", filepath.Join(wd, "data/sandbox")},
		{"beside the database", "sqlite", "/srv/judge/judge.db", "", "/srv/judge/sandbox"},
		{"sqlite URI", "sqlite", "file:judge.db?cache=shared", "", filepath.Join(wd, "data/sandbox")},
		{"postgres", "postgres", "host=db", "", filepath.Join(wd, "data/sandbox")},
		{"set", "sqlite", "data/judge.db", "/var/cache/judge", "/var/cache/judge"},
		{"set relative", "sqlite", "data/judge.db", "cache/judge", filepath.Join(wd, "cache/judge")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := DefaultConfig()
			c.Database.Driver, c.Database.DSN, c.Sandbox.Dir = tc.driver, tc.dsn, tc.dir
			if got, err := c.sandboxDir(); err != nil || got != tc.want {
				t.Errorf("sandboxDir() = %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// TestTablesDir: the solvers' tables are kept beside the SQLite database,
// else in data/.
func TestTablesDir(t *testing.T) {
	for _, tc := range []struct {
		name, driver, dsn, want string
	}{
		{"default", "sqlite", "data/judge.db", "data/tables"},
		{"beside the database", "sqlite", "/srv/judge/judge.db", "/srv/judge/tables"},
		{"sqlite URI", "sqlite", "file:judge.db?cache=shared", "data/tables"},
		{"postgres", "postgres", "host=db", "data/tables"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := DefaultConfig()
			c.Database.Driver, c.Database.DSN = tc.driver, tc.dsn
			if got := c.tablesDir(); got != tc.want {
				t.Errorf("tablesDir() = %q, want %q", got, tc.want)
			}
		})
	}
}
