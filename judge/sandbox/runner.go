package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Runner compiles programs and runs them in a sandbox. Its methods are safe
// for concurrent use; at most Config.Parallel compiles and runs execute at
// once, the others wait their turn (or their context).
//
// A wrong, slow or hostile program is never an error: it is a Status (or a
// failed CompileResult). An error means the sandbox itself failed, or ctx
// ended, and is never the student's fault.
type Runner interface {
	// Languages returns the languages this runner compiles, in order.
	Languages() []Language
	// Compile compiles source in the language with the given id, once: while
	// the source, the language's commands and its compiler's version stay
	// the same, a later Compile returns the cached artifact.
	Compile(ctx context.Context, language string, source []byte, lim CompileLimits) (CompileResult, error)
	// Run runs a compiled artifact with stdin as its standard input.
	Run(ctx context.Context, a *Artifact, stdin []byte, lim Limits) (RunResult, error)
	// Close stops the sandbox; runs in flight end with an error.
	Close() error
}

// ErrUnknownLanguage is returned (wrapped) by Compile for a language id the
// runner does not have.
var ErrUnknownLanguage = errors.New("unknown language")

// Config is what both kinds of runner take. Zero fields take defaults.
type Config struct {
	// Languages are the languages to offer, default DefaultLanguages(). At
	// start each one's version command runs in the sandbox: the languages
	// whose command fails there are left out, the others get its Version.
	Languages []Language
	// Parallel bounds the compiles and runs at once; default the CPU count.
	Parallel int
	// CacheSize bounds the compiled artifacts kept; default 256.
	CacheSize int
}

func (c Config) withDefaults(ctx context.Context) (Config, error) {
	if c.Parallel <= 0 {
		c.Parallel = runtime.NumCPU()
	}
	if c.CacheSize <= 0 {
		c.CacheSize = 256
	}
	if c.Languages == nil {
		c.Languages = DefaultLanguages()
	}
	seen := make(map[string]bool)
	for _, l := range c.Languages {
		if err := l.Validate(); err != nil {
			return c, err
		}
		if seen[l.ID] {
			return c, fmt.Errorf("language %s: listed twice", l.ID)
		}
		seen[l.ID] = true
	}
	return c, nil
}

// Mount shows a host path to every program, read-only.
type Mount struct {
	Source string `yaml:"source"`
	// Target is where programs see it; default Source.
	Target string `yaml:"target,omitempty"`
}

// Artifact is a compiled program: a handle that stays valid for the
// runner's life, even when the cache drops its files (Run compiles again).
type Artifact struct {
	key      string
	language Language
	source   []byte
}

// Key identifies the artifact: the hash of the source, the language's
// commands and its compiler's version.
func (a *Artifact) Key() string { return a.key }

// Language returns the language the artifact was compiled in.
func (a *Artifact) Language() Language { return a.language }

// artifactKey hashes everything that changes a compiled program.
func artifactKey(l Language, source []byte) string {
	h := sha256.New()
	for _, part := range [][]string{{l.ID, l.Version, l.Source}, l.Compile, l.Artifacts, l.Run, l.Env} {
		fmt.Fprintf(h, "%d\x00%s\x00", len(part), strings.Join(part, "\x00"))
	}
	h.Write(source)
	return hex.EncodeToString(h.Sum(nil))
}

// runner is the Runner of both kinds: the cache, the parallelism and the
// verdicts live here, and a backend (go-judge in-process, or go-judge
// servers over HTTP) executes.
type runner struct {
	langs    []Language
	byID     map[string]Language
	backends []backend
	load     []atomic.Int64 // runs in flight per backend
	turn     atomic.Uint64
	slots    chan struct{}
	cache    *cache
	ready    sync.Map // language id -> <-chan struct{} closed when it may compile
	closed   atomic.Bool
	closeMu  sync.Once
	closeErr error
}

// start returns the runner over the backends, with the languages that
// answer their version command in the sandbox.
func start(ctx context.Context, cfg Config, backends []backend) (*runner, error) {
	cfg, err := cfg.withDefaults(ctx)
	if err != nil {
		return nil, err
	}
	r := newRunner(cfg, backends)
	var installed []Language
	for _, l := range cfg.Languages {
		v, err := r.version(ctx, l)
		if err != nil {
			if ctx.Err() != nil {
				r.Close()
				return nil, ctx.Err()
			}
			slog.Info("sandbox: language left out", "language", l.ID, "reason", err)
			continue
		}
		l.Version = v
		installed = append(installed, l)
	}
	r.setLanguages(installed)
	return r, nil
}

// version runs the language's version command in the sandbox and returns
// the first line it printed.
func (r *runner) version(ctx context.Context, l Language) (string, error) {
	b, done, err := r.acquire(ctx)
	if err != nil {
		return "", err
	}
	defer done()
	out, err := r.backends[b].exec(ctx, execCmd{
		args: l.VersionCommand, env: l.env(),
		cpu: 10 * time.Second, wall: 20 * time.Second, memory: 1 * GiB, procs: 128,
		stdoutMax: 64 * KiB, stderrMax: 64 * KiB, fileMax: 1 * MiB,
	})
	if err != nil {
		return "", err
	}
	if out.status != execOK {
		return "", fmt.Errorf("%s: %s", strings.Join(l.VersionCommand, " "), compileFailure(out, CompileLimits{}.withDefaults(l), false))
	}
	if v := firstLine(string(out.stdout) + string(out.stderr)); v != "" {
		return v, nil
	}
	return "", fmt.Errorf("%s printed nothing", strings.Join(l.VersionCommand, " "))
}

func (r *runner) setLanguages(langs []Language) {
	r.langs = langs
	r.byID = make(map[string]Language)
	for _, l := range langs {
		r.byID[l.ID] = l
	}
}

func newRunner(cfg Config, backends []backend) *runner {
	r := &runner{
		langs:    cfg.Languages,
		byID:     make(map[string]Language),
		backends: backends,
		load:     make([]atomic.Int64, len(backends)),
		slots:    make(chan struct{}, cfg.Parallel),
	}
	r.setLanguages(cfg.Languages)
	r.cache = newCache(cfg.CacheSize, r.removeFiles)
	return r
}

func (r *runner) Languages() []Language {
	return append([]Language(nil), r.langs...)
}

// acquire waits for a free slot and picks the least loaded backend.
func (r *runner) acquire(ctx context.Context) (int, func(), error) {
	if r.closed.Load() {
		return 0, nil, errors.New("sandbox: runner is closed")
	}
	select {
	case r.slots <- struct{}{}:
	case <-ctx.Done():
		return 0, nil, ctx.Err()
	}
	// The least loaded backend; ties go round, so that one run at a time
	// also spreads.
	n := len(r.backends)
	first := int(r.turn.Add(1) % uint64(n))
	best := first
	for k := 1; k < n; k++ {
		i := (first + k) % n
		if r.load[i].Load() < r.load[best].Load() {
			best = i
		}
	}
	r.load[best].Add(1)
	return best, func() {
		r.load[best].Add(-1)
		<-r.slots
	}, nil
}

func (r *runner) Compile(ctx context.Context, language string, source []byte, lim CompileLimits) (CompileResult, error) {
	lang, ok := r.byID[language]
	if !ok {
		return CompileResult{}, fmt.Errorf("sandbox: %w %q", ErrUnknownLanguage, language)
	}
	a := &Artifact{key: artifactKey(lang, source), language: lang, source: source}
	if st := r.cache.get(a.key); st != nil {
		out := st.output
		r.cache.release(st)
		return CompileResult{Artifact: a, Output: out, Cached: true}, nil
	}
	res, st, err := r.compile(ctx, a, lim.withDefaults(lang))
	if err != nil || st == nil {
		return res, err
	}
	r.cache.put(st)
	return res, nil
}

// wait makes compiles in the language wait until done is closed.
func (r *runner) wait(language string, done <-chan struct{}) {
	r.ready.Store(language, done)
}

// compile compiles a's source and returns its stored files; st is nil when
// the compile failed (res says why).
func (r *runner) compile(ctx context.Context, a *Artifact, lim CompileLimits) (res CompileResult, st *stored, err error) {
	lang := a.language
	if len(lang.Compile) == 0 {
		// Nothing to compile: the source is what runs.
		st = &stored{key: a.key, content: map[string][]byte{lang.Source: a.source}}
		return CompileResult{Artifact: a}, st, nil
	}
	if ready, ok := r.ready.Load(lang.ID); ok {
		select {
		case <-ready.(<-chan struct{}):
		case <-ctx.Done():
			return res, nil, ctx.Err()
		}
	}
	b, done, err := r.acquire(ctx)
	if err != nil {
		return res, nil, err
	}
	defer done()
	cmd := execCmd{
		args:      lang.Compile,
		env:       lang.env(),
		copyIn:    map[string]execFile{lang.Source: {content: a.source}},
		cpu:       lim.CPU,
		wall:      lim.Wall,
		memory:    lim.Memory,
		procs:     lim.Processes,
		stdoutMax: lim.Output,
		stderrMax: lim.Output,
		fileMax:   lim.Artifact,
		keep:      lang.Artifacts,
	}
	out, err := r.backends[b].exec(ctx, cmd)
	if err != nil {
		return res, nil, fmt.Errorf("sandbox: compile: %w", err)
	}
	res = CompileResult{
		Output:    compilerOutput(out, lim),
		CPU:       out.cpu,
		Wall:      out.wall,
		MemoryKiB: out.memory / KiB,
	}
	if out.status != execOK || len(out.kept) != len(lang.Artifacts) {
		for _, id := range out.kept {
			r.backends[b].remove(id)
		}
		res.Output = withReason(res.Output, compileFailure(out, lim, len(out.kept) != len(lang.Artifacts)))
		return res, nil, nil
	}
	res.Artifact = a
	st = &stored{key: a.key, output: res.Output, origin: b, ids: map[int]map[string]string{b: out.kept}}
	return res, st, nil
}

// compilerOutput is the compiler's stdout then stderr, cut to the limit.
func compilerOutput(out execResult, lim CompileLimits) string {
	msg := string(out.stdout) + string(out.stderr)
	if int64(len(msg)) > lim.Output {
		msg = msg[:lim.Output]
	}
	// A cut may split a character; the message is shown on a page.
	return strings.ToValidUTF8(msg, "")
}

// withReason ends a failed compile's message with why it failed, keeping
// the whole under the output cap.
func withReason(msg, reason string) string {
	if reason == "" {
		return msg
	}
	if len(msg)+len(reason)+1 > int(MaxCompileOutput) {
		msg = strings.ToValidUTF8(msg[:int(MaxCompileOutput)-len(reason)-1], "")
	}
	if msg != "" && !strings.HasSuffix(msg, "\n") {
		msg += "\n"
	}
	return msg + reason
}

func compileFailure(out execResult, lim CompileLimits, missing bool) string {
	switch out.status {
	case execTimeLimit:
		return fmt.Sprintf("compilation: time limit exceeded (%v CPU, %v wall)", lim.CPU, lim.Wall)
	case execMemoryLimit:
		return fmt.Sprintf("compilation: memory limit of %d MiB exceeded", lim.Memory/MiB)
	case execOutputLimit:
		return fmt.Sprintf("compilation: output limit exceeded (compiled files are at most %d MiB)", lim.Artifact/MiB)
	case execExited:
		return fmt.Sprintf("compilation failed: exit status %d", out.exitStatus)
	case execSignalled:
		return "compilation failed: " + signalMessage(out.exitStatus)
	case execOK:
		if missing {
			return "compilation: the compiler left no program"
		}
	}
	return "compilation failed: " + out.message
}

func (r *runner) Run(ctx context.Context, a *Artifact, stdin []byte, lim Limits) (RunResult, error) {
	if a == nil {
		return RunResult{}, errors.New("sandbox: Run of a nil artifact")
	}
	lim = lim.withDefaults(a.language)
	st, err := r.files(ctx, a)
	if err != nil {
		return RunResult{}, err
	}
	defer r.cache.release(st)
	b, done, err := r.acquire(ctx)
	if err != nil {
		return RunResult{}, err
	}
	defer done()
	files, err := r.placeFiles(ctx, st, b)
	if err != nil {
		return RunResult{}, fmt.Errorf("sandbox: artifact to %s: %w", r.backends[b], err)
	}
	cmd := execCmd{
		args:      a.language.Run,
		env:       a.language.env(),
		stdin:     stdin,
		copyIn:    files,
		cpu:       lim.CPU,
		wall:      lim.Wall,
		memory:    lim.Memory,
		procs:     lim.Processes,
		stdoutMax: lim.Output,
		stderrMax: 4 * KiB,
		fileMax:   lim.Output,
	}
	out, err := r.backends[b].exec(ctx, cmd)
	if err != nil {
		return RunResult{}, fmt.Errorf("sandbox: run: %w", err)
	}
	return runResult(out, lim), nil
}

// files returns a's stored files, compiling again when the cache dropped
// them; the caller releases st.
func (r *runner) files(ctx context.Context, a *Artifact) (*stored, error) {
	if st := r.cache.get(a.key); st != nil {
		return st, nil
	}
	res, st, err := r.compile(ctx, a, CompileLimits{}.withDefaults(a.language))
	if err != nil {
		return nil, err
	}
	if st == nil {
		// It compiled before with the same source and compiler.
		return nil, fmt.Errorf("sandbox: compiling %s again failed: %s", a.key[:12], res.Output)
	}
	r.cache.put(st)
	if st := r.cache.get(a.key); st != nil {
		return st, nil
	}
	return nil, errors.New("sandbox: artifact cache holds nothing")
}

// placeFiles returns the artifact's files as backend b knows them, uploading
// them there first when they were compiled elsewhere.
func (r *runner) placeFiles(ctx context.Context, st *stored, b int) (map[string]execFile, error) {
	st.mu.Lock()
	defer st.mu.Unlock()
	files := make(map[string]execFile)
	if st.content != nil {
		for name, c := range st.content {
			files[name] = execFile{content: c}
		}
		return files, nil
	}
	if ids, ok := st.ids[b]; ok {
		for name, id := range ids {
			files[name] = execFile{id: id}
		}
		return files, nil
	}
	if st.data == nil {
		st.data = make(map[string][]byte)
		for name, id := range st.ids[st.origin] {
			d, err := r.backends[st.origin].download(ctx, id)
			if err != nil {
				st.data = nil
				return nil, err
			}
			st.data[name] = d
		}
	}
	ids := make(map[string]string)
	for name, d := range st.data {
		id, err := r.backends[b].upload(ctx, name, d)
		if err != nil {
			for _, id := range ids {
				r.backends[b].remove(id)
			}
			return nil, err
		}
		ids[name] = id
		files[name] = execFile{id: id}
	}
	st.ids[b] = ids
	return files, nil
}

// removeFiles deletes an evicted artifact's files from every backend.
func (r *runner) removeFiles(st *stored) {
	for b, ids := range st.ids {
		for _, id := range ids {
			r.backends[b].remove(id)
		}
	}
}

func (r *runner) Close() error {
	r.closeMu.Do(func() {
		r.closed.Store(true)
		r.cache.clear()
		var errs []error
		for _, b := range r.backends {
			errs = append(errs, b.close())
		}
		r.closeErr = errors.Join(errs...)
	})
	return r.closeErr
}

// timeLimitMessage says which clock ran out.
func timeLimitMessage(out execResult, lim Limits) string {
	if out.cpu >= lim.CPU {
		return fmt.Sprintf("CPU time limit of %v exceeded", lim.CPU)
	}
	return fmt.Sprintf("wall-clock limit of %v exceeded (%v of CPU: the program was waiting or sleeping)", lim.Wall, out.cpu.Round(time.Millisecond))
}
