package service_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/judge/sandbox"
	"puzzlejudge/judge/service"
)

// fastFloodBoards are 15 boards of the shipped Flood-it problem on which
// its IDA* takes about a millisecond (the boards 09-12 take up to 65 ms and
// are left out; four are taken twice, under other names).
func fastFloodBoards(b *testing.B) []judge.CaseSpec {
	b.Helper()
	names := []string{"01-sample-1", "02-sample-2", "03-one-cell", "04-two-by-two", "05-flooded-8x8", "06-checkerboard-8x8",
		"07-diagonal-bands-8x8", "08-random-8x8", "13-all-six-colours-4x4", "14-one-move-5x5", "15-two-islands-8x8"}
	var specs []judge.CaseSpec
	for i := range 15 {
		name := names[i%len(names)]
		in, err := os.ReadFile(filepath.Join("../../problems/floodit/tests", name+".in"))
		if err != nil {
			b.Fatal(err)
		}
		specs = append(specs, judge.CaseSpec{Name: fmt.Sprintf("%02d-%s", i+1, name), Input: string(in)})
	}
	return specs
}

// benchSandbox is an embedded sandbox of the benchmark's own that offers
// C++ alone (no Go cache warm-up beside the figures), keeping up to cache
// compiled programs, wrapped to add up the CPU go-judge measures.
func benchSandbox(b *testing.B, cache int) *cpuRunner {
	b.Helper()
	cfg := sandboxtest.Config(b)
	for _, l := range sandbox.DefaultLanguages() {
		if l.ID == "cpp" {
			cfg.Languages = []sandbox.Language{l}
		}
	}
	cfg.CacheSize = cache
	raw, err := sandbox.NewEmbedded(context.Background(), cfg)
	sandboxtest.Check(b, err)
	b.Cleanup(func() { raw.Close() })
	return &cpuRunner{Runner: raw}
}

// benchService is a service over sb with the problem fast of
// fastFloodBoards, its cases solved, and the production's poll interval;
// judged receives every verdict written (Config.OnJudged), so that the
// benchmarks wait for verdicts without polling the database, which cost
// more CPU than the judging (a Submission read every 5 ms per waiter).
func benchService(b *testing.B, sb sandbox.Runner) (s *service.Service, u judge.User, judged <-chan judge.Verdict) {
	b.Helper()
	ch := make(chan judge.Verdict, 1024)
	s = newService(b, openDB(b, "bench.db"), service.Config{Sandbox: sb, Workers: 2, PollInterval: 200 * time.Millisecond,
		OnJudged: func(v judge.Verdict) { ch <- v }})
	u = mustUser(b, s, "ada")
	syncProblem(b, s, "fast", "floodit", "", fastFloodBoards(b)...)
	waitReady(b, s, "fast")
	return s, u, ch
}

// BenchmarkProgramBoard compares, side by side, judging one program on 15
// boards through the service (submit, claim, run each board, judge its
// output, write the verdict) with the bare sandbox runs of the same binary
// on the same inputs, as many at once, alternating the two (which goes
// first changes every pair) so that both see the same load. It reports
// each one's wall time and CPU time per board (this process's, which holds
// the embedded go-judge, plus the program's as go-judge measures it) and
// the ratios judge / bare.
func BenchmarkProgramBoard(b *testing.B) {
	sb := benchSandbox(b, 16)
	s, u, judged := benchService(b, sb)
	src := source(b, "../../problems/floodit/submissions/accepted/ida.cpp")
	specs := fastFloodBoards(b)
	pz, _ := puzzles.Lookup("floodit")
	c, err := sb.Compile(context.Background(), "cpp", []byte(src), sandbox.CompileLimits{})
	if err != nil || !c.OK() {
		b.Fatalf("compile: %v %s", err, c.Output)
	}
	inputs := make([][]byte, len(specs))
	for i, sp := range specs {
		inputs[i] = []byte(pz.JudgeInput([]string{sp.Input}))
	}
	judge1 := func() {
		submit(b, s, u, judge.Submission{ProblemSlug: "fast", Kind: judge.KindProgram, Language: "cpp", Payload: src})
		if v := <-judged; v != judge.Accepted {
			b.Fatalf("verdict %s", v)
		}
	}
	bare := func() {
		var wg sync.WaitGroup
		for _, in := range inputs {
			wg.Go(func() {
				res, err := sb.Run(context.Background(), c.Artifact, in, sandbox.Limits{CPU: 2 * time.Second, Memory: 256 * sandbox.MiB})
				if err != nil || res.Status != sandbox.StatusOK {
					b.Errorf("run: %v %s", err, res.Status)
				}
			})
		}
		wg.Wait()
	}
	var wall, cpu [2]time.Duration // judge, bare
	measure := func(i int, f func()) {
		t0, c0, r0 := time.Now(), processCPU(), sb.runCPU.Load()
		f()
		wall[i] += time.Since(t0)
		cpu[i] += processCPU() - c0 + time.Duration(sb.runCPU.Load()-r0)
	}
	n := 0
	for b.Loop() {
		if n%2 == 0 {
			measure(0, judge1)
			measure(1, bare)
		} else {
			measure(1, bare)
			measure(0, judge1)
		}
		n++
	}
	boards := float64(n * len(specs))
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / boards }
	b.ReportMetric(ms(wall[0]), "judge-ms/board")
	b.ReportMetric(ms(wall[1]), "bare-ms/board")
	b.ReportMetric(float64(wall[0])/float64(wall[1]), "wall-judge/bare")
	b.ReportMetric(ms(cpu[0]), "judge-cpu-ms/board")
	b.ReportMetric(ms(cpu[1]), "bare-cpu-ms/board")
	b.ReportMetric(float64(cpu[0])/float64(cpu[1]), "cpu-judge/bare")
}

// cpuRunner is a real sandbox that adds up the CPU time go-judge measures
// of every compile and run: the figures load barely inflates.
type cpuRunner struct {
	sandbox.Runner
	compiles           atomic.Int64
	compileCPU, runCPU atomic.Int64 // nanoseconds
}

func (r *cpuRunner) Compile(ctx context.Context, language string, source []byte, lim sandbox.CompileLimits) (sandbox.CompileResult, error) {
	c, err := r.Runner.Compile(ctx, language, source, lim)
	if err == nil && !c.Cached {
		r.compiles.Add(1)
		r.compileCPU.Add(int64(c.CPU))
	}
	return c, err
}

func (r *cpuRunner) Run(ctx context.Context, a *sandbox.Artifact, stdin []byte, lim sandbox.Limits) (sandbox.RunResult, error) {
	res, err := r.Runner.Run(ctx, a, stdin, lim)
	r.runCPU.Add(int64(res.CPU))
	return res, err
}

// processCPU returns the CPU time (user + system) this process used so
// far: the judge, and the embedded go-judge's own work for each container.
func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkProgramBurst is a deadline burst: 300 submissions of the IDA* (a
// millisecond a board) from 100 students, 15 boards each, drained by the
// judge on this machine, through an embedded sandbox of its own that offers
// C++ only (no Go cache warm-up beside the burst). Besides the wall time it
// reports the CPU seconds the sandbox measured (compiles, runs) and the
// test process's own: on the shared machine the wall time is mostly the
// other developers' load, the CPU seconds are the burst's cost. Run it
// once: -bench ProgramBurst -benchtime 1x.
func BenchmarkProgramBurst(b *testing.B) {
	sb := benchSandbox(b, 300)
	s, _, judged := benchService(b, sb)
	src := source(b, "../../problems/floodit/submissions/accepted/ida.cpp")
	users := make([]judge.User, 100)
	for i := range users {
		users[i] = mustUser(b, s, fmt.Sprintf("student%03d", i))
	}
	for n := 0; b.Loop(); n++ {
		start, self := time.Now(), processCPU()
		compiles, compileCPU, runCPU := sb.compiles.Load(), sb.compileCPU.Load(), sb.runCPU.Load()
		for i := range 300 {
			// Each student's own source (a comment differs), as in a course:
			// one compile per submission.
			body := fmt.Sprintf("// submission %d of burst %d\n%s", i, n, src)
			submit(b, s, users[i%len(users)], judge.Submission{ProblemSlug: "fast", Kind: judge.KindProgram, Language: "cpp", Payload: body})
		}
		for range 300 {
			if v := <-judged; v != judge.Accepted {
				b.Fatalf("a submission of the burst: %s", v)
			}
		}
		b.ReportMetric(time.Since(start).Seconds(), "s/burst")
		if compiled := sb.compiles.Load() - compiles; compiled != 300 {
			b.Errorf("%d compiles, want 300: one per submission", compiled)
		}
		b.ReportMetric(time.Duration(sb.compileCPU.Load()-compileCPU).Seconds(), "compile-cpu-s/burst")
		b.ReportMetric(time.Duration(sb.runCPU.Load()-runCPU).Seconds(), "run-cpu-s/burst")
		b.ReportMetric((processCPU() - self).Seconds(), "judge-cpu-s/burst")
	}
}
