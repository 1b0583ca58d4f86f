package sandbox

import (
	"context"
	"fmt"
	"strings"
	"time"
)

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
	if st := r.fromDisk(a.key); st != nil {
		r.cache.put(st)
		return CompileResult{Artifact: a, Output: st.output, Cached: true}, nil
	}
	res, st, err := r.compile(ctx, a, lim.withDefaults(lang))
	if err != nil || st == nil {
		return res, err
	}
	r.toDisk(ctx, st)
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
		return "compilation failed: " + signalMessage(out.exitStatus).Text()
	case execOK:
		if missing {
			return "compilation: the compiler left no program"
		}
	}
	return "compilation failed: " + out.message
}

// versionTries bounds the runs of a language's version command at start.
const versionTries = 3

// version runs the language's version command in the sandbox and returns
// the first line it printed.
func (r *runner) version(ctx context.Context, l Language) (string, error) {
	b, done, err := r.acquire(ctx)
	if err != nil {
		return "", err
	}
	defer done()
	var out execResult
	// A failure of the sandbox itself (go-judge's "Internal Error", seen once
	// at load 21 as "execve: start: /usr/bin/g++: broken pipe") is tried
	// again before the language is left out for the server's life; a
	// compiler that is not installed fails every try.
	for try := range versionTries {
		if try > 0 {
			select {
			case <-ctx.Done():
				return "", ctx.Err()
			case <-time.After(time.Duration(try) * 200 * time.Millisecond):
			}
		}
		out, err = r.backends[b].exec(ctx, execCmd{
			args: l.VersionCommand, env: l.env(),
			cpu: 10 * time.Second, wall: 20 * time.Second, memory: 1 * GiB, procs: 128,
			stdoutMax: 64 * KiB, stderrMax: 64 * KiB, fileMax: 1 * MiB,
		})
		if err == nil {
			break
		}
	}
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
