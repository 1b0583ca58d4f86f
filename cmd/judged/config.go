package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"puzzlejudge/judge"
	"puzzlejudge/judge/sandbox"
)

// Config is everything the server can be told. Its zero value is not usable:
// start from DefaultConfig, then overlay the file and the environment.
type Config struct {
	Listen           string         `yaml:"listen"`
	Database         DatabaseConfig `yaml:"database"`
	AdminPassword    string         `yaml:"admin_password"`
	Workers          int            `yaml:"workers"`
	SolveTimeout     time.Duration  `yaml:"solve_timeout"`
	PollInterval     time.Duration  `yaml:"poll_interval"`
	RegistrationOpen bool           `yaml:"registration_open"`
	SubmitRate       int            `yaml:"submit_rate"`
	RunRate          int            `yaml:"run_rate"`
	ShutdownTimeout  time.Duration  `yaml:"shutdown_timeout"`
	LogLevel         string         `yaml:"log_level"`
	// ClaimTimeout is service.Config.ClaimTimeout; nil (the key left empty)
	// means the driver's default, see claimTimeout.
	ClaimTimeout  *time.Duration `yaml:"claim_timeout"`
	SecureCookies bool           `yaml:"secure_cookies"`
	SessionSecret string         `yaml:"session_secret"`
	// TrustedProxies are the reverse proxies (addresses or CIDR ranges)
	// whose X-Forwarded-For header names the client; empty trusts none.
	TrustedProxies []string `yaml:"trusted_proxies"`
	// Role is what this process does: all, web or worker (see role.go).
	Role string `yaml:"role"`
	// Solvers is service.Config.Solvers: reference solves at once in this
	// process, shared by case solves and /check; 0 means one per core.
	Solvers int `yaml:"solvers"`
	// CheckMaxSize and CheckMaxColors bound the boards students send to
	// /check (service.Config.CheckLimits); 0 means the engine's own limit.
	CheckMaxSize   int `yaml:"check_max_size"`
	CheckMaxColors int `yaml:"check_max_colors"`
	// CheckMaxMoves bounds the n of students' Mayan /check boards: a hard
	// full board took 0.4 s with n = 5 and 10.5 s with n = 7.
	CheckMaxMoves int `yaml:"check_max_moves"`
	// RegisterRate is the number of accounts one address may register per
	// minute; 0 means no limit.
	RegisterRate int `yaml:"register_rate"`
	// RegistrationCode, when set, must be typed to register.
	RegistrationCode string `yaml:"registration_code"`
	// TokenTTL is how long an API token (and a page session) lives after
	// its last use.
	TokenTTL time.Duration `yaml:"token_ttl"`
	// MaxInFlight bounds the requests served at once (web.Options); 0
	// means no bound.
	MaxInFlight int `yaml:"max_inflight"`
	// MaxStreams bounds the open streams (the ICPC event feed), apart
	// from MaxInFlight (web.Options); 0 means no bound.
	MaxStreams int `yaml:"max_streams"`
	// MaxStreamsPerAddress bounds the anonymous streams of one client
	// address (web.Options); 0 means no bound.
	MaxStreamsPerAddress int `yaml:"max_streams_per_address"`
	// Queue says how the judge is shared between users (QueueConfig).
	Queue QueueConfig `yaml:"queue"`
	// Sandbox says where programs are compiled and run (sandbox.go).
	Sandbox SandboxConfig `yaml:"sandbox"`
	// Languages are the languages programs may be written in; empty means
	// sandbox.DefaultLanguages. Each is kept only if its version command
	// runs in the sandbox at start.
	Languages []sandbox.Language `yaml:"languages"`
	// DefaultLanguage is the pages' language when neither the user's
	// setting nor the browser's Accept-Language chooses one: en or zh-CN.
	DefaultLanguage string `yaml:"default_language"`
	// TimeZone is the course's zone, an IANA name: the pages show times
	// and read the assignment forms in it for users who chose none.
	TimeZone string `yaml:"time_zone"`
	// Metrics says who reads /metrics besides instructors.
	Metrics MetricsConfig `yaml:"metrics"`
	// Similarity says where Dolos is and how reports run (similarity.go).
	Similarity SimilarityConfig `yaml:"similarity"`
}

// MetricsConfig is the metrics key of the configuration.
type MetricsConfig struct {
	// Token, when not empty, reads /metrics as "Authorization: Bearer
	// <token>" (a Prometheus scraper's bearer token); empty leaves
	// /metrics to instructors' API tokens.
	Token string `yaml:"token"`
}

// minMetricsToken is the shortest metrics token accepted, in bytes: it
// guards the same figures an instructor reads.
const minMetricsToken = 16

// postgresClaimTimeout is the claim timeout when the database is PostgreSQL
// and the key is empty: far longer than judging a batch takes (milliseconds
// to seconds), so that a live process's claims are not taken over, and short
// enough that the work of a process that died is judged within a minute or two.
const postgresClaimTimeout = time.Minute

// minSessionSecret is the shortest session_secret accepted, in bytes.
const minSessionSecret = 32

// claimTimeout returns the claim timeout in force: the configured one, or
// else 0 for SQLite, which one process serves (a restart then queues again
// every claim left by a crash, at once), and postgresClaimTimeout for
// PostgreSQL, which several processes may share (a restarting process must
// leave the claims of the others alone).
func (c Config) claimTimeout() time.Duration {
	switch {
	case c.ClaimTimeout != nil:
		return *c.ClaimTimeout
	case c.Database.Driver == "postgres":
		return postgresClaimTimeout
	}
	return 0
}

// QueueConfig says how the queue shares the judge between users (issue 32;
// docs/SECURITY.md, "How the queue shares the judge").
type QueueConfig struct {
	// PerUser is service.Config.PerUser: the programs of one user judged
	// at once, across every process on the database.
	PerUser int `yaml:"per_user"`
	// CompileCPU is service.Config.CompileCPU: the most CPU time one
	// compile may take, whatever a problem's compilation_time says.
	CompileCPU time.Duration `yaml:"compile_cpu"`
}

// DatabaseConfig says which database to open.
type DatabaseConfig struct {
	Driver string `yaml:"driver"`
	DSN    string `yaml:"dsn"`
	// Synchronous is store.Options.Synchronous: full or normal (SQLite).
	Synchronous string `yaml:"synchronous"`
}

// DefaultConfig returns the configuration used when neither config.yaml nor
// the environment says otherwise; config.yaml at the root repeats it.
func DefaultConfig() Config {
	return Config{
		Listen:               ":8080",
		Database:             DatabaseConfig{Driver: "sqlite", DSN: "data/judge.db", Synchronous: "full"},
		Workers:              2,
		SolveTimeout:         60 * time.Second,
		PollInterval:         200 * time.Millisecond,
		RegistrationOpen:     true,
		SubmitRate:           30,
		RunRate:              10,
		ShutdownTimeout:      30 * time.Second,
		LogLevel:             "info",
		Role:                 RoleAll,
		CheckMaxSize:         8,
		CheckMaxColors:       10,
		CheckMaxMoves:        5,
		RegisterRate:         10,
		TokenTTL:             30 * 24 * time.Hour,
		MaxInFlight:          256,
		MaxStreams:           64,
		MaxStreamsPerAddress: 4,
		Queue:                QueueConfig{PerUser: 2, CompileCPU: 10 * time.Second},
		Sandbox:              SandboxConfig{Mode: SandboxAuto, CacheMiB: 1024, CPUShares: sandbox.DefaultCPUShares},
		DefaultLanguage:      "en",
		TimeZone:             "UTC",
		Similarity:           defaultSimilarity(),
	}
}

// loadConfig builds the configuration: defaults, then the YAML file at path
// (a missing file is not an error when optional is true, so that a fresh
// clone run from elsewhere still starts), then the environment through getenv.
func loadConfig(path string, optional bool, getenv func(string) string) (Config, error) {
	cfg := DefaultConfig()
	data, err := os.ReadFile(path)
	switch {
	case err == nil:
		if err := decodeYAML(data, &cfg); err != nil {
			return cfg, fmt.Errorf("config %s: %w", path, err)
		}
	case errors.Is(err, fs.ErrNotExist) && optional:
	default:
		return cfg, fmt.Errorf("config: %w", err)
	}
	if err := applyEnv(&cfg, getenv); err != nil {
		return cfg, err
	}
	return cfg, cfg.Validate()
}

// decodeYAML overlays data on cfg. Unknown keys are refused: a misspelt key
// silently ignored would leave a default in force that the operator meant to change.
func decodeYAML(data []byte, cfg *Config) error {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(cfg); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	if len(cfg.TrustedProxies) == 0 {
		cfg.TrustedProxies = nil // "[]" and an absent key mean the same
	}
	if len(cfg.Sandbox.URL) == 0 {
		cfg.Sandbox.URL = nil
	}
	if len(cfg.Languages) == 0 {
		cfg.Languages = nil
	}
	return nil
}

// envVar ties an environment variable to the field it overrides.
type envVar struct {
	name string
	set  func(cfg *Config, v string) error
}

// envVars lists one override per configuration key.
var envVars = []envVar{
	{"JUDGE_LISTEN", func(c *Config, v string) error { c.Listen = v; return nil }},
	{"JUDGE_DATABASE_DRIVER", func(c *Config, v string) error { c.Database.Driver = v; return nil }},
	{"JUDGE_DATABASE_DSN", func(c *Config, v string) error { c.Database.DSN = v; return nil }},
	{"JUDGE_DATABASE_SYNCHRONOUS", func(c *Config, v string) error { c.Database.Synchronous = v; return nil }},
	{"JUDGE_ADMIN_PASSWORD", func(c *Config, v string) error { c.AdminPassword = v; return nil }},
	{"JUDGE_WORKERS", intVar(func(c *Config) *int { return &c.Workers })},
	{"JUDGE_SOLVE_TIMEOUT", durationVar(func(c *Config) *time.Duration { return &c.SolveTimeout })},
	{"JUDGE_POLL_INTERVAL", durationVar(func(c *Config) *time.Duration { return &c.PollInterval })},
	{"JUDGE_REGISTRATION_OPEN", boolVar(func(c *Config) *bool { return &c.RegistrationOpen })},
	{"JUDGE_SUBMIT_RATE", intVar(func(c *Config) *int { return &c.SubmitRate })},
	{"JUDGE_RUN_RATE", intVar(func(c *Config) *int { return &c.RunRate })},
	{"JUDGE_SHUTDOWN_TIMEOUT", durationVar(func(c *Config) *time.Duration { return &c.ShutdownTimeout })},
	{"JUDGE_LOG_LEVEL", func(c *Config, v string) error { c.LogLevel = v; return nil }},
	{"JUDGE_CLAIM_TIMEOUT", func(c *Config, v string) error {
		d, err := time.ParseDuration(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("expected a duration such as 90s or 2m, found %q", v)
		}
		c.ClaimTimeout = &d
		return nil
	}},
	{"JUDGE_SECURE_COOKIES", boolVar(func(c *Config) *bool { return &c.SecureCookies })},
	{"JUDGE_SESSION_SECRET", func(c *Config, v string) error { c.SessionSecret = v; return nil }},
	{"JUDGE_ROLE", func(c *Config, v string) error { c.Role = strings.TrimSpace(v); return nil }},
	{"JUDGE_TRUSTED_PROXIES", func(c *Config, v string) error {
		c.TrustedProxies = nil
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				c.TrustedProxies = append(c.TrustedProxies, p)
			}
		}
		return nil
	}},
	{"JUDGE_SOLVERS", intVar(func(c *Config) *int { return &c.Solvers })},
	{"JUDGE_CHECK_MAX_SIZE", intVar(func(c *Config) *int { return &c.CheckMaxSize })},
	{"JUDGE_CHECK_MAX_COLORS", intVar(func(c *Config) *int { return &c.CheckMaxColors })},
	{"JUDGE_CHECK_MAX_MOVES", intVar(func(c *Config) *int { return &c.CheckMaxMoves })},
	{"JUDGE_REGISTER_RATE", intVar(func(c *Config) *int { return &c.RegisterRate })},
	{"JUDGE_REGISTRATION_CODE", func(c *Config, v string) error { c.RegistrationCode = v; return nil }},
	{"JUDGE_TOKEN_TTL", durationVar(func(c *Config) *time.Duration { return &c.TokenTTL })},
	{"JUDGE_MAX_INFLIGHT", intVar(func(c *Config) *int { return &c.MaxInFlight })},
	{"JUDGE_MAX_STREAMS", intVar(func(c *Config) *int { return &c.MaxStreams })},
	{"JUDGE_MAX_STREAMS_PER_ADDRESS", intVar(func(c *Config) *int { return &c.MaxStreamsPerAddress })},
	{"JUDGE_QUEUE_PER_USER", intVar(func(c *Config) *int { return &c.Queue.PerUser })},
	{"JUDGE_QUEUE_COMPILE_CPU", durationVar(func(c *Config) *time.Duration { return &c.Queue.CompileCPU })},
	{"JUDGE_SANDBOX_MODE", func(c *Config, v string) error { c.Sandbox.Mode = strings.TrimSpace(v); return nil }},
	{"JUDGE_SANDBOX_URL", func(c *Config, v string) error {
		c.Sandbox.URL = nil
		for _, u := range strings.Split(v, ",") {
			if u = strings.TrimSpace(u); u != "" {
				c.Sandbox.URL = append(c.Sandbox.URL, u)
			}
		}
		return nil
	}},
	{"JUDGE_SANDBOX_PARALLEL", intVar(func(c *Config) *int { return &c.Sandbox.Parallel })},
	{"JUDGE_SANDBOX_DIR", func(c *Config, v string) error { c.Sandbox.Dir = strings.TrimSpace(v); return nil }},
	{"JUDGE_SANDBOX_CACHE_MIB", intVar(func(c *Config) *int { return &c.Sandbox.CacheMiB })},
	{"JUDGE_SANDBOX_CPU_SHARES", intVar(func(c *Config) *int { return &c.Sandbox.CPUShares })},
	{"JUDGE_SANDBOX_CPUSET", func(c *Config, v string) error { c.Sandbox.CPUSet = strings.TrimSpace(v); return nil }},
	{"JUDGE_DEFAULT_LANGUAGE", func(c *Config, v string) error { c.DefaultLanguage = strings.TrimSpace(v); return nil }},
	{"JUDGE_TIME_ZONE", func(c *Config, v string) error { c.TimeZone = strings.TrimSpace(v); return nil }},
	{"JUDGE_METRICS_TOKEN", func(c *Config, v string) error { c.Metrics.Token = strings.TrimSpace(v); return nil }},
	{"JUDGE_SIMILARITY_DIR", func(c *Config, v string) error { c.Similarity.Dir = strings.TrimSpace(v); return nil }},
	{"JUDGE_SIMILARITY_NODE", func(c *Config, v string) error { c.Similarity.Node = strings.TrimSpace(v); return nil }},
	{"JUDGE_SIMILARITY_TIMEOUT", durationVar(func(c *Config) *time.Duration { return &c.Similarity.Timeout })},
	{"JUDGE_SIMILARITY_MEMORY_MIB", intVar(func(c *Config) *int { return &c.Similarity.MemoryMiB })},
	{"JUDGE_SIMILARITY_AUTO", boolVar(func(c *Config) *bool { return &c.Similarity.Auto })},
}

// parsedVar sets a field to the value parse reads from the variable (space
// trimmed), or says what was expected.
func parsedVar[T any](parse func(string) (T, error), expected string, field func(*Config) *T) func(*Config, string) error {
	return func(c *Config, v string) error {
		x, err := parse(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("expected %s, found %q", expected, v)
		}
		*field(c) = x
		return nil
	}
}

func intVar(field func(*Config) *int) func(*Config, string) error {
	return parsedVar(strconv.Atoi, "an integer", field)
}

func durationVar(field func(*Config) *time.Duration) func(*Config, string) error {
	return parsedVar(time.ParseDuration, "a duration such as 90s or 2m", field)
}

func boolVar(field func(*Config) *bool) func(*Config, string) error {
	return parsedVar(strconv.ParseBool, "true or false", field)
}

// applyEnv overlays every JUDGE_* variable that is set and not empty.
func applyEnv(cfg *Config, getenv func(string) string) error {
	for _, ev := range envVars {
		v := getenv(ev.name)
		if v == "" {
			continue
		}
		if err := ev.set(cfg, v); err != nil {
			return fmt.Errorf("config: %s: %w", ev.name, err)
		}
	}
	return nil
}

// Validate reports the first setting that cannot work, naming its key.
func (c Config) Validate() error {
	var problems []string
	bad := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if err := validListen(c.Listen); err != nil {
		bad("listen (JUDGE_LISTEN): %v", err)
	}
	switch c.Database.Driver {
	case "sqlite", "postgres":
	default:
		bad("database.driver: %q is not supported (sqlite or postgres)", c.Database.Driver)
	}
	if c.Database.DSN == "" {
		bad("database.dsn: must not be empty")
	}
	switch c.Database.Synchronous {
	case "full", "normal":
	default:
		bad("database.synchronous: %q is not supported (full or normal)", c.Database.Synchronous)
	}
	if c.Workers < 1 || c.Workers > 64 {
		bad("workers: %d is outside 1..64", c.Workers)
	}
	if c.Queue.PerUser < 1 || c.Queue.PerUser > 64 {
		bad("queue.per_user: %d is outside 1..64", c.Queue.PerUser)
	}
	if c.Queue.CompileCPU < time.Second || c.Queue.CompileCPU > 10*time.Minute {
		bad("queue.compile_cpu: %s is outside 1s..10m", c.Queue.CompileCPU)
	}
	if c.SolveTimeout <= 0 {
		bad("solve_timeout: must be positive, found %s", c.SolveTimeout)
	}
	if c.PollInterval <= 0 {
		bad("poll_interval: must be positive, found %s", c.PollInterval)
	}
	if c.SubmitRate < 0 {
		bad("submit_rate: must be 0 (no limit) or positive, found %d", c.SubmitRate)
	}
	if c.RunRate < 0 {
		bad("run_rate: must be 0 (no limit) or positive, found %d", c.RunRate)
	}
	if c.ShutdownTimeout <= 0 {
		bad("shutdown_timeout: must be positive, found %s", c.ShutdownTimeout)
	}
	if d := c.ClaimTimeout; d != nil && *d != 0 && *d < time.Second {
		bad("claim_timeout: must be empty (the driver's default), 0 (one process) or at least 1s, found %s", *d)
	}
	if n := len(c.SessionSecret); n > 0 && n < minSessionSecret {
		bad("session_secret: must be empty (random per process) or at least %d bytes, found %d", minSessionSecret, n)
	}
	for _, p := range c.TrustedProxies {
		if _, _, err := net.ParseCIDR(p); err != nil && net.ParseIP(p) == nil {
			bad("trusted_proxies: %q is neither an IP address nor a CIDR range", p)
		}
	}
	if c.Solvers < 0 || c.Solvers > 256 {
		bad("solvers: %d is outside 0..256 (0: one per core)", c.Solvers)
	}
	// Counts whose 0 means "no bound" (or the engine's own).
	for _, n := range []struct {
		key  string
		v    int
		zero string
	}{
		{"check_max_size", c.CheckMaxSize, "the engine's limit"},
		{"check_max_colors", c.CheckMaxColors, "the engine's limit"},
		{"check_max_moves", c.CheckMaxMoves, "the engine's limit"},
		{"register_rate", c.RegisterRate, "no limit"},
		{"max_inflight", c.MaxInFlight, "no bound"},
		{"max_streams", c.MaxStreams, "no bound"},
		{"max_streams_per_address", c.MaxStreamsPerAddress, "no bound"},
	} {
		if n.v < 0 {
			bad("%s: must be 0 (%s) or positive, found %d", n.key, n.zero, n.v)
		}
	}
	if n := len(c.Metrics.Token); n > 0 && (n < minMetricsToken || strings.ContainsAny(c.Metrics.Token, " \t\r\n")) {
		bad("metrics.token: must be empty (instructors' tokens only) or at least %d bytes without spaces, found %d bytes", minMetricsToken, n)
	}
	if len(c.RegistrationCode) > 128 {
		bad("registration_code: at most 128 bytes, found %d", len(c.RegistrationCode))
	}
	if c.DefaultLanguage == "" || !judge.ValidPageLanguage(c.DefaultLanguage) {
		bad("default_language: must be one of %s, found %q", strings.Join(judge.PageLanguages, ", "), c.DefaultLanguage)
	}
	if _, err := judge.LoadTimeZone(c.TimeZone); err != nil || c.TimeZone == "" {
		bad("time_zone: must be an IANA time zone name such as UTC or Asia/Shanghai, found %q", c.TimeZone)
	}
	if c.TokenTTL < time.Minute {
		bad("token_ttl: must be at least 1m, found %s", c.TokenTTL)
	}
	if _, err := c.level(); err != nil {
		bad("log_level: %v", err)
	}
	if err := c.validateRole(); err != nil {
		bad("%v", err)
	}
	for _, msg := range c.validateSandbox() {
		bad("%s", msg)
	}
	for _, msg := range c.validateSimilarity() {
		bad("%s", msg)
	}
	if len(problems) > 0 {
		return fmt.Errorf("invalid configuration:\n  %s", strings.Join(problems, "\n  "))
	}
	return nil
}

// validListen checks that addr is host:port with a numeric port (or a
// service name), before anything is opened or written: "8081" alone is the
// usual mistake, and net.Listen would only say "missing port in address".
func validListen(addr string) error {
	if addr == "" {
		return fmt.Errorf("must not be empty (for example \":8080\")")
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		if _, perr := strconv.Atoi(addr); perr == nil {
			return fmt.Errorf("%q has no host part: write \":%s\" to listen on every interface", addr, addr)
		}
		return fmt.Errorf("%q is not host:port (for example \":8080\" or \"127.0.0.1:8080\")", addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("%q: port %q is not a number in 0..65535", addr, port)
	}
	if host != "" && net.ParseIP(strings.Trim(host, "[]")) == nil && strings.ContainsAny(host, " /\\") {
		return fmt.Errorf("%q: %q is not a host name or address", addr, host)
	}
	return nil
}

// level returns the slog level named by LogLevel.
func (c Config) level() (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(c.LogLevel)); err != nil {
		return 0, fmt.Errorf("%q is not one of debug, info, warn, error", c.LogLevel)
	}
	return l, nil
}

// zone is the location of TimeZone, which validate checked; UTC when it
// was not.
func (c Config) zone() *time.Location {
	loc, err := judge.LoadTimeZone(c.TimeZone)
	if err != nil {
		return time.UTC
	}
	return loc
}
