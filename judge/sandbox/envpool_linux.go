package sandbox

import (
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/criyle/go-judge/env/pool"
	"github.com/criyle/go-judge/envexec"
)

// envPool is go-judge's environment pool with a way to stop: Close destroys
// the idle containers, and the busy ones as they come back.
type envPool struct {
	builder pool.EnvBuilder
	mu      sync.Mutex
	idle    []pool.Environment
	closed  bool
}

func (p *envPool) Get() (envexec.Environment, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return nil, errors.New("sandbox is closed")
	}
	if n := len(p.idle); n > 0 {
		e := p.idle[n-1]
		p.idle = p.idle[:n-1]
		p.mu.Unlock()
		return e, nil
	}
	p.mu.Unlock()
	return p.build()
}

// building serialises the Builds of every pool of the process, so that the
// child each one starts is known: the process's children are one set,
// whatever pool starts them.
var building sync.Mutex

// build starts a container and finds the host pid of its init: the new
// child of this process that is pid 1 of a pid namespace of its own (a
// compiler or go build started meanwhile is not).
func (p *envPool) build() (pool.Environment, error) {
	building.Lock()
	defer building.Unlock()
	before := children()
	e, err := p.builder.Build()
	if err != nil {
		return nil, err
	}
	var found []int
	for pid := range children() {
		if !before[pid] && namespaceInit(pid) {
			found = append(found, pid)
		}
	}
	w := &watchedEnv{Environment: e}
	if len(found) == 1 {
		w.initPid = found[0]
	}
	return w, nil
}

func (p *envPool) Put(env envexec.Environment) {
	e := env.(pool.Environment)
	// A container whose init died (killed by the program's cgroup, say)
	// cannot be reset: it goes, and the next Get builds another.
	if err := e.Reset(); err != nil {
		e.Destroy()
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		e.Destroy()
		return
	}
	p.idle = append(p.idle, e)
}

func (p *envPool) close() {
	p.mu.Lock()
	idle := p.idle
	p.idle, p.closed = nil, true
	p.mu.Unlock()
	for _, e := range idle {
		e.Destroy()
	}
}

// quietLogger keeps go-judge's start-up chatter out of the server's log and
// passes its warnings and errors on.
type quietLogger struct{}

func (quietLogger) Debug(args ...any) {}
func (quietLogger) Info(args ...any)  {}
func (quietLogger) Warn(args ...any)  { slog.Warn("go-judge: " + fmt.Sprint(args...)) }
func (quietLogger) Error(args ...any) { slog.Error("go-judge: " + fmt.Sprint(args...)) }
