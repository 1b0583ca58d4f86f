package sandbox

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"puzzlejudge/internal/ctxtime"
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
	disk     *diskCache // nil: artifacts live in memory only
	ready    sync.Map   // language id -> <-chan struct{} closed when it may compile
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
	if cfg.CacheDir != "" {
		if r.disk, err = openDiskCache(cfg.CacheDir, int64(cfg.CacheDirMiB)*MiB); err != nil {
			return nil, err
		}
	}
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
		wallCap:   lim.WallCap,
		memory:    lim.Memory,
		procs:     lim.Processes,
		stdoutMax: lim.Output,
		stderrMax: 4 * KiB,
		fileMax:   lim.Output,
	}
	var out execResult
	for try := 1; ; try++ {
		out, err = r.backends[b].exec(ctx, cmd)
		if !errors.Is(err, ErrBusy) || try == busyTries {
			break
		}
		// Starved by the machine's load: never the program's verdict. The
		// run is done again after a pause, in the same slot.
		slog.Warn("sandbox: a run was starved of CPU; it runs again", "try", try, "err", err)
		if !ctxtime.Sleep(ctx, time.Duration(try)*time.Second) {
			return RunResult{}, ctx.Err()
		}
	}
	if err != nil {
		return RunResult{}, fmt.Errorf("sandbox: run: %w", err)
	}
	return runResult(out, lim), nil
}

// busyTries bounds the runs of one board starved of CPU (ErrBusy).
const busyTries = 3

// files returns a's stored files, compiling again when the cache dropped
// them; the caller releases st.
func (r *runner) files(ctx context.Context, a *Artifact) (*stored, error) {
	if st := r.cache.get(a.key); st != nil {
		return st, nil
	}
	if st := r.fromDisk(a.key); st != nil {
		r.cache.put(st)
	} else {
		res, st, err := r.compile(ctx, a, CompileLimits{}.withDefaults(a.language))
		if err != nil {
			return nil, err
		}
		if st == nil {
			// It compiled before with the same source and compiler.
			return nil, fmt.Errorf("sandbox: compiling %s again failed: %s", a.key[:12], res.Output)
		}
		r.toDisk(ctx, st)
		r.cache.put(st)
	}
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
	if len(r.backends) == 1 {
		st.data = nil // read from the disk cache: the one backend has it now
	}
	return files, nil
}

// fromDisk returns the artifact of key from the disk cache, nil when it has
// none; its files are uploaded to a backend at its first run.
func (r *runner) fromDisk(key string) *stored {
	if r.disk == nil {
		return nil
	}
	e, ok := r.disk.get(key)
	if !ok {
		return nil
	}
	return &stored{key: key, output: e.Output, origin: -1, ids: map[int]map[string]string{}, data: e.Files}
}

// toDisk writes a compiled artifact to the disk cache. A failure costs a
// compile after the next restart, no more: it is logged, not returned.
func (r *runner) toDisk(ctx context.Context, st *stored) {
	if r.disk == nil || st.content != nil {
		return // no cache, or nothing compiled (the source runs)
	}
	files := make(map[string][]byte)
	for name, id := range st.ids[st.origin] {
		b, err := r.backends[st.origin].download(ctx, id)
		if err != nil {
			slog.Warn("sandbox: reading a compiled program for the compile cache", "err", err)
			return
		}
		files[name] = b
	}
	if err := r.disk.put(st.key, diskEntry{Output: st.output, Files: files}); err != nil {
		slog.Warn("sandbox: writing the compile cache", "dir", r.disk.dir, "err", err)
	}
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
