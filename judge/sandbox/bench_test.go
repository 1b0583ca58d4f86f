//go:build linux

package sandbox

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/criyle/go-judge/envexec"
	"github.com/criyle/go-judge/worker"
)

// BenchmarkRunOverhead measures one run of a ~1 ms C++ program through the
// Runner beside a bare run of the same binary through go-judge's worker
// (the request its REST /run makes, in process): what the package adds is
// the difference.
//
//	go test -run '^$' -bench RunOverhead -count 5 ./judge/sandbox/
func BenchmarkRunOverhead(b *testing.B) {
	r := embeddedRunner(b).(*runner)
	settle(b, r)
	a := compile(b, r, "cpp", "sum.cpp")
	st := r.cache.get(a.Key())
	defer r.cache.release(st)
	work := r.backends[0].(*embedded).work
	stdin := []byte("1 2 3 4 5 6 7 8 9 10\n")
	lim := Limits{CPU: time.Second}.withDefaults(a.Language())
	ctx := context.Background()

	bare := func() {
		cmd := worker.Cmd{
			Args: []string{"./main"},
			Env:  a.Language().env(),
			Files: []worker.CmdFile{
				&worker.MemoryFile{Content: stdin},
				&worker.Collector{Name: "stdout", Max: envexec.Size(lim.Output)},
				&worker.Collector{Name: "stderr", Max: 4 << 10},
			},
			CPULimit: lim.CPU, ClockLimit: lim.Wall,
			MemoryLimit: envexec.Size(lim.Memory), StackLimit: envexec.Size(lim.Memory),
			ProcLimit: uint64(lim.Processes),
			CopyIn:    map[string]worker.CmdFile{"main": &worker.CachedFile{FileID: st.ids[0]["main"]}},
		}
		resp := <-work.Execute(ctx, &worker.Request{Cmd: []worker.Cmd{cmd}})
		if resp.Error != nil || resp.Results[0].Status != envexec.StatusAccepted {
			b.Fatalf("bare run: %v %v", resp.Error, resp.Results)
		}
		for _, f := range resp.Results[0].Files {
			f.Close()
			os.Remove(f.Name())
		}
	}
	run := func() {
		res, err := r.Run(ctx, a, stdin, Limits{CPU: time.Second})
		if err != nil || res.Status != StatusOK || string(res.Stdout) != "55\n" {
			b.Fatalf("Run = %+v, %v", res, err)
		}
	}
	sideBySide(b, bare, run)
}

// BenchmarkRunOverheadRemote is the same comparison over HTTP: a bare POST
// /run of go-judge's REST API (the request a script would send, with the
// binary's file id) beside the remote Runner's Run, against the go-judge
// server the tests start.
//
//	go test -run '^$' -bench RunOverheadRemote -count 5 ./judge/sandbox/
func BenchmarkRunOverheadRemote(b *testing.B) {
	r := remoteRunner(b).(*runner)
	settle(b, embeddedRunner(b).(*runner))
	a := compile(b, r, "cpp", "sum.cpp")
	st := r.cache.get(a.Key())
	defer r.cache.release(st)
	rb := r.backends[0].(*remote)
	id := st.ids[0]["main"]
	if id == "" {
		b.Fatal("the artifact is not on the first server")
	}
	lim := Limits{CPU: time.Second}.withDefaults(a.Language())
	body := fmt.Sprintf(`{"cmd":[{"args":["./main"],"env":["PATH=%s"],"files":[{"content":"1 2 3 4 5 6 7 8 9 10\n"},{"name":"stdout","max":%d},{"name":"stderr","max":4096}],`+
		`"cpuLimit":%d,"clockLimit":%d,"memoryLimit":%d,"stackLimit":%d,"procLimit":%d,"copyIn":{"main":{"fileId":%q}},"copyOut":["stdout","stderr"]}]}`,
		SandboxPath, lim.Output, lim.CPU, lim.Wall, lim.Memory, lim.Memory, lim.Processes, id)
	ctx := context.Background()
	bare := func() {
		var res []remoteResult
		if err := rb.do(ctx, "POST", "/run", strings.NewReader(body), "application/json", &res); err != nil || len(res) != 1 || res[0].Files["stdout"] != "55\n" {
			b.Fatalf("bare /run: %v %+v", err, res)
		}
	}
	run := func() {
		res, err := r.Run(ctx, a, []byte("1 2 3 4 5 6 7 8 9 10\n"), Limits{CPU: time.Second})
		if err != nil || res.Status != StatusOK || string(res.Stdout) != "55\n" {
			b.Fatalf("Run = %+v, %v", res, err)
		}
	}
	sideBySide(b, bare, run)
}

// settle waits for the runner's start-up work (the Go cache's warm-up on
// this host), which would otherwise be measured with the runs.
func settle(b *testing.B, r *runner) {
	r.ready.Range(func(_, done any) bool {
		<-done.(<-chan struct{})
		return true
	})
	b.ResetTimer()
}

// sideBySide alternates bare and run, so that both see the same load of the
// machine, and reports each one's mean time and their ratio.
func sideBySide(b *testing.B, bare, run func()) {
	var bareTime, runTime time.Duration
	n := 0
	timed := func(f func()) time.Duration {
		t0 := time.Now()
		f()
		return time.Since(t0)
	}
	for b.Loop() {
		// Which goes first changes every time: the second of a pair finds
		// the container the first one just reset.
		if n%2 == 0 {
			bareTime += timed(bare)
			runTime += timed(run)
		} else {
			runTime += timed(run)
			bareTime += timed(bare)
		}
		n++
	}
	b.ReportMetric(float64(bareTime.Microseconds())/float64(n), "bare-µs/run")
	b.ReportMetric(float64(runTime.Microseconds())/float64(n), "runner-µs/run")
	b.ReportMetric(float64(runTime)/float64(bareTime), "runner/bare")
}

// BenchmarkBurst drains a deadline burst: 300 distinct C++ submissions of a
// ~1 ms program, each compiled once and run on 15 boards, through a runner
// with parallel = 2. "compile" compiles every submission afresh; "rejudge"
// finds them compiled (the artifact cache) and only runs. Besides the wall
// time it reports the CPU the sandboxed processes used (compilers and
// programs, as go-judge measured them) and the judge process's own CPU, so
// that a figure taken on a busy machine can be read against an idle one.
//
//	go test -run '^$' -bench Burst -benchtime 1x -timeout 30m ./judge/sandbox/
func BenchmarkBurst(b *testing.B) {
	embeddedRunner(b) // the sandbox check
	const submissions, boards = 300, 15
	r, err := NewEmbedded(context.Background(), EmbeddedConfig{
		Config: Config{Parallel: 2, CacheSize: submissions, Languages: []Language{DefaultLanguages()[1]}},
	})
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	settle(b, r.(*runner))
	src := program(b, "sum.cpp")
	source := func(burst, s int) []byte {
		return fmt.Appendf(append([]byte(nil), src...), "// submission %d of burst %d\n", s, burst)
	}
	burst := func(b *testing.B, id int) {
		var (
			wg                 sync.WaitGroup
			mu                 sync.Mutex
			compileCPU, runCPU time.Duration
			failed             error
		)
		start, self := time.Now(), processCPU()
		// Each submission is a worker of the judge: compile, then its
		// boards in turn; the runner's slots bound what runs at once.
		for s := range submissions {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c, err := r.Compile(context.Background(), "cpp", source(id, s), CompileLimits{})
				if err == nil && !c.OK() {
					err = fmt.Errorf("compile: %s", c.Output)
				}
				var cpu time.Duration
				for k := 0; err == nil && k < boards; k++ {
					var res RunResult
					res, err = r.Run(context.Background(), c.Artifact, fmt.Appendf(nil, "%d %d\n", s, k), Limits{CPU: time.Second})
					if err == nil && (res.Status != StatusOK || string(res.Stdout) != fmt.Sprintf("%d\n", s+k)) {
						err = fmt.Errorf("run: %+v", res)
					}
					cpu += res.CPU
				}
				mu.Lock()
				defer mu.Unlock()
				compileCPU += c.CPU
				runCPU += cpu
				if err != nil && failed == nil {
					failed = err
				}
			}()
		}
		wg.Wait()
		if failed != nil {
			b.Fatal(failed)
		}
		b.ReportMetric(time.Since(start).Seconds(), "s/burst")
		b.ReportMetric((compileCPU + runCPU).Seconds(), "sandbox-cpu-s/burst")
		b.ReportMetric((processCPU() - self).Seconds(), "judge-cpu-s/burst")
		b.ReportMetric(runCPU.Seconds()/(submissions*boards)*1000, "run-cpu-ms/board")
	}
	b.Run("compile", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			burst(b, i)
		}
	})
	b.Run("rejudge", func(b *testing.B) {
		for s := range submissions {
			if c, err := r.Compile(context.Background(), "cpp", source(-1, s), CompileLimits{}); err != nil || !c.OK() {
				b.Fatalf("compile: %v %s", err, c.Output)
			}
		}
		for b.Loop() {
			burst(b, -1)
		}
	})
}

// processCPU returns the CPU time this process used so far.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
