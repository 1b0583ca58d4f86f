package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/criyle/go-judge/env"
	"github.com/criyle/go-judge/envexec"
	"github.com/criyle/go-judge/filestore"
	"github.com/criyle/go-judge/worker"
)

// NewEmbedded starts go-judge in this process and returns a Runner over it.
// When the host cannot run it, the error is an *UnavailableError that says
// why (the caller goes on without a sandbox).
func NewEmbedded(ctx context.Context, cfg EmbeddedConfig) (Runner, error) {
	if err := probe(cfg.InitPath); err != nil {
		return nil, err
	}
	if cfg.CgroupPrefix == "" {
		cfg.CgroupPrefix = DefaultCgroupPrefix
	}
	if cfg.WorkFolderSize <= 0 {
		cfg.WorkFolderSize = DefaultWorkFolderSize
	}
	if cfg.Parallel <= 0 {
		cfg.Parallel = runtime.NumCPU()
		if len(cfg.CPUs) > 0 {
			cfg.Parallel = len(cfg.CPUs)
		}
	}
	if cfg.CPUShares <= 0 {
		cfg.CPUShares = DefaultCPUShares
	}
	if cfg.Dir != "" && cfg.CacheDir == "" {
		cfg.CacheDir = filepath.Join(cfg.Dir, "artifacts")
	}
	if err := cfg.absolute(); err != nil {
		return nil, err
	}
	b, err := newEmbedded(cfg, cfg.Parallel)
	if err != nil {
		return nil, err
	}
	r, err := start(ctx, cfg.Config, []backend{b})
	if err != nil {
		b.close()
		return nil, err
	}
	warm, stop := context.WithCancel(context.Background())
	id, done := startGoCache(warm, b.goCache, r.langs)
	if id != "" {
		r.wait(id, done)
	}
	pch := closedChan()
	if b.pch != "" {
		pch = startPCH(warm, b.pch, r.langs)
		b.pchDone = pch
		langs := make([]Language, len(r.langs))
		for i, l := range r.langs {
			langs[i] = withPCH(l)
		}
		r.setLanguages(langs)
	}
	b.stopWarm = func() { stop(); <-done; <-pch }
	return r, nil
}

// absolute makes every folder of cfg absolute, from the working directory:
// go-judge refuses a relative mount, and a folder the server was told as
// "data/sandbox" must be the same folder whatever directory a container
// starts in.
func (cfg *EmbeddedConfig) absolute() error {
	paths := []*string{&cfg.Dir, &cfg.GoCache, &cfg.CacheDir}
	for i := range cfg.ReadOnly {
		paths = append(paths, &cfg.ReadOnly[i].Source)
	}
	for _, p := range paths {
		if *p == "" || filepath.IsAbs(*p) {
			continue
		}
		abs, err := filepath.Abs(*p)
		if err != nil {
			return fmt.Errorf("sandbox: folder %s: %w", *p, err)
		}
		*p = abs
	}
	return nil
}

// embedded is the backend of go-judge's worker in this process.
type embedded struct {
	work    worker.Worker
	fs      filestore.FileStore
	dir     string // the process's working files, removed by close
	goCache string
	pch     string          // the precompiled headers' folder (Dir/pch); empty: none
	pchDone <-chan struct{} // closed when they are built (for tests)
	// stopWarm ends the Go cache's warm-up and waits for it, so that
	// Close leaves no go build running and no folder behind.
	stopWarm func()
	pool     *envPool
	// cores holds the free cores of EmbeddedConfig.CPUs; nil: runs are
	// not pinned.
	cores chan int
}

func newEmbedded(cfg EmbeddedConfig, parallel int) (*embedded, error) {
	removeDeadWorkDirs()
	d, err := os.MkdirTemp("", workDirPrefix+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return nil, fmt.Errorf("sandbox: file store: %w", err)
	}
	e := &embedded{dir: d}
	files := filepath.Join(e.dir, "files")
	e.goCache = cfg.GoCache
	switch {
	case e.goCache != "":
	case cfg.Dir != "":
		e.goCache = filepath.Join(cfg.Dir, "gocache")
	default:
		e.goCache = filepath.Join(e.dir, "gocache")
	}
	mounts := filepath.Join(e.dir, "mount.yaml")
	err = errors.Join(os.MkdirAll(files, 0o700), os.MkdirAll(e.goCache, 0o755))
	shown := append([]Mount{{Source: e.goCache, Target: GoCacheMount}}, cfg.ReadOnly...)
	if cfg.Dir != "" && err == nil {
		// Without a Dir a PCH would be built again at every start, 3-7 s
		// of CPU a language: none is built.
		e.pch = filepath.Join(cfg.Dir, "pch")
		err = os.MkdirAll(e.pch, 0o755)
		shown = append(shown, Mount{Source: e.pch, Target: PCHMount})
	}
	if err == nil {
		err = writeMountConfig(mounts, cfg.WorkFolderSize, shown)
	}
	if err != nil {
		e.removeDir()
		return nil, fmt.Errorf("sandbox: %w", err)
	}
	builder, _, err := env.NewBuilder(env.Config{
		ContainerInitPath: cfg.InitPath,
		MountConf:         mounts,
		SeccompConf:       filepath.Join(e.dir, "no-seccomp.yaml"),
		CgroupPrefix:      cfg.CgroupPrefix,
		CPUCfsPeriod:      100 * time.Millisecond,
		// Each container runs as a host user of its own (10001, 10002, ...),
		// not as root mapped into a user namespace.
		ContainerCredStart: 10000,
		Logger:             quietLogger{},
	})
	if err != nil {
		e.removeDir()
		return nil, &UnavailableError{Reason: "go-judge's environment cannot be built", Err: err}
	}
	if err := prioritize(cfg.CgroupPrefix, cfg.CPUShares); err != nil {
		slog.Warn("sandbox: runs get no CPU priority over other work; on a busy machine their wall clock may run out", "err", err)
	}
	if len(cfg.CPUs) > 0 {
		e.cores = make(chan int, len(cfg.CPUs))
		for _, c := range cfg.CPUs {
			e.cores <- c
		}
	}
	e.pool = &envPool{builder: builder}
	// Start one container now: a host that cannot is told at start, not at
	// the first submission.
	first, err := e.pool.Get()
	if err != nil {
		e.removeDir()
		return nil, &UnavailableError{Reason: "the container does not start", Err: err}
	}
	e.pool.Put(first)
	e.fs = filestore.NewFileLocalStore(files)
	e.work = worker.New(worker.Config{
		FileStore:             e.fs,
		EnvironmentPool:       e.pool,
		Parallelism:           parallel,
		WorkDir:               files,
		TimeLimitTickInterval: 50 * time.Millisecond,
		ExtraMemoryLimit:      16 * envexec.Size(KiB),
		OutputLimit:           256 * envexec.Size(MiB),
		CopyOutLimit:          256 * envexec.Size(MiB),
		OpenFileLimit:         256,
	})
	e.work.Start()
	return e, nil
}

func (e *embedded) String() string { return "embedded go-judge" }

func (e *embedded) exec(ctx context.Context, c execCmd) (execResult, error) {
	if c.wallCap < c.wall {
		c.wallCap = 10 * c.wall
	}
	watch := &runWatch{guard: c.wall}
	ctx = context.WithValue(ctx, watchKey{}, watch)
	wc := worker.Cmd{
		Args: c.args,
		Env:  c.env,
		Files: []worker.CmdFile{
			&worker.MemoryFile{Content: c.stdin},
			&worker.Collector{Name: "stdout", Max: envexec.Size(c.stdoutMax)},
			&worker.Collector{Name: "stderr", Max: envexec.Size(c.stderrMax)},
		},
		CPULimit: c.cpu,
		// The watch guards c.wall, less the waits for a CPU; go-judge's
		// clock is the cap.
		ClockLimit:  c.wallCap,
		MemoryLimit: envexec.Size(c.memory),
		// Deep recursion is how search programs are written: the stack may
		// take all the memory.
		StackLimit:  envexec.Size(c.memory),
		OutputLimit: envexec.Size(c.fileMax),
		ProcLimit:   uint64(c.procs),
		CopyIn:      make(map[string]worker.CmdFile, len(c.copyIn)),
		CopyOutMax:  uint64(c.fileMax),
	}
	for name, f := range c.copyIn {
		if f.id != "" {
			wc.CopyIn[name] = &worker.CachedFile{FileID: f.id}
		} else {
			wc.CopyIn[name] = &worker.MemoryFile{Content: f.content}
		}
	}
	for _, name := range c.keep {
		wc.CopyOutCached = append(wc.CopyOutCached, worker.CmdCopyOutFile{Name: name, Optional: true})
	}
	if e.cores != nil {
		var core int
		select {
		case core = <-e.cores:
		case <-ctx.Done():
			return execResult{}, ctx.Err()
		}
		defer func() { e.cores <- core }()
		wc.CPUSetLimit = strconv.Itoa(core)
	}
	// The worker kills the program when ctx ends and answers then.
	resp := <-e.work.Execute(ctx, &worker.Request{Cmd: []worker.Cmd{wc}})
	if err := ctx.Err(); err != nil {
		for _, f := range resp.Results {
			for _, file := range f.Files {
				takeFile(file)
			}
		}
		return execResult{}, err
	}
	if resp.Error != nil {
		return execResult{}, resp.Error
	}
	if len(resp.Results) != 1 {
		return execResult{}, fmt.Errorf("go-judge answered %d results for one command", len(resp.Results))
	}
	r := resp.Results[0]
	out := execResult{
		exitStatus: r.ExitStatus,
		message:    r.Error,
		cpu:        r.Time,
		wall:       r.RunTime,
		memory:     int64(r.Memory),
		kept:       r.FileIDs,
	}
	var err error
	out.stdout, err = takeFile(r.Files["stdout"])
	if err == nil {
		out.stderr, err = takeFile(r.Files["stderr"])
	}
	for name, f := range r.Files {
		if name != "stdout" && name != "stderr" {
			takeFile(f)
		}
	}
	if err == nil {
		out.status, err = statusOf(r.Status, r.Error)
	}
	if err == nil {
		err = watched(&out, watch, c)
	}
	if err != nil {
		for _, id := range out.kept {
			e.fs.Remove(id)
		}
		return execResult{}, err
	}
	return out, nil
}

// watched applies what the run's watch saw to a run the wall clock ended
// (the watch's guard, or go-judge's cap). A run whose program the watch
// never saw start (the container's init did not let it exec), or that
// waited for the machine (its start, a CPU) for at least half its wall
// time, was starved by the machine: ErrBusy, run again, never a verdict
// (the run-queue time is sampled, so the guard alone is not trusted with
// it). Otherwise the guard's kill is a time limit, whatever signal
// go-judge reports. Without a measure (the watch found no task) go-judge's
// status stands.
func watched(out *execResult, w *runWatch, c execCmd) error {
	waited, fired, measured, unstarted := w.result()
	out.waited = waited
	clock := fired || (out.status == execTimeLimit && out.cpu < c.cpu)
	if !clock || out.status == execOK {
		return nil
	}
	if unstarted {
		return fmt.Errorf("%w: the program was not seen to start in %s", ErrBusy, out.wall.Round(time.Millisecond))
	}
	if measured && 2*waited >= out.wall {
		return fmt.Errorf("%w: the run waited %s for a CPU in %s", ErrBusy, waited.Round(time.Millisecond), out.wall.Round(time.Millisecond))
	}
	if fired {
		out.status, out.guarded = execTimeLimit, true
	}
	return nil
}

// takeFile reads a collected output and deletes its file.
func takeFile(f *os.File) ([]byte, error) {
	if f == nil {
		return nil, nil
	}
	defer os.Remove(f.Name())
	defer f.Close()
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	return io.ReadAll(f)
}

func (e *embedded) download(ctx context.Context, id string) ([]byte, error) {
	_, f := e.fs.Get(id)
	if f == nil {
		return nil, fmt.Errorf("file %s is not in the store", id)
	}
	r, err := envexec.FileToReader(f)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

func (e *embedded) upload(ctx context.Context, name string, data []byte) (string, error) {
	f, err := e.fs.New()
	if err != nil {
		return "", err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return e.fs.Add(name, f.Name())
}

func (e *embedded) remove(id string) { e.fs.Remove(id) }

func (e *embedded) close() error {
	if e.stopWarm != nil {
		e.stopWarm()
	}
	e.work.Shutdown()
	e.pool.close()
	e.removeDir()
	return nil
}

func (e *embedded) removeDir() { os.RemoveAll(e.dir) }

func closedChan() <-chan struct{} {
	c := make(chan struct{})
	close(c)
	return c
}

// workDirPrefix names the working folders in os.TempDir, followed by the
// pid of the process that made it.
const workDirPrefix = "puzzlejudge-sandbox-"

// removeDeadWorkDirs removes the working folders of processes that are
// gone (killed, so their Close never ran): their files are nobody's now.
func removeDeadWorkDirs() {
	tmp := os.TempDir()
	entries, err := os.ReadDir(tmp)
	if err != nil {
		return
	}
	for _, de := range entries {
		rest, ok := strings.CutPrefix(de.Name(), workDirPrefix)
		if !ok || !de.IsDir() {
			continue
		}
		pid, _, ok := strings.Cut(rest, "-")
		n, err := strconv.Atoi(pid)
		if !ok || err != nil || n <= 0 {
			continue
		}
		if _, err := os.Stat(filepath.Join("/proc", pid)); errors.Is(err, fs.ErrNotExist) {
			os.RemoveAll(filepath.Join(tmp, de.Name()))
		}
	}
}
