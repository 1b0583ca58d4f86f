package service_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
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

// benchService is a service with the shared sandbox and the problem fast
// of fastFloodBoards, its cases solved.
func benchService(b *testing.B, workers int) (*service.Service, judge.User, sandbox.Runner) {
	b.Helper()
	sb := sandboxtest.Embedded(b)
	s := newService(b, openDB(b, "bench.db"), service.Config{Sandbox: sb, Workers: workers})
	u := mustUser(b, s, "ada")
	syncProblem(b, s, "fast", "floodit", "", fastFloodBoards(b)...)
	waitReady(b, s, "fast")
	return s, u, sb
}

// BenchmarkProgramBoard compares, side by side, judging one program on 15
// boards through the service (submit, claim, run each board, judge its
// output, write the verdict) with the bare sandbox runs of the same binary
// on the same inputs, as many at once. ms/board is the wall time per board.
func BenchmarkProgramBoard(b *testing.B) {
	s, u, sb := benchService(b, 2)
	src := source(b, "../../problems/floodit/submissions/accepted/ida.cpp")
	specs := fastFloodBoards(b)
	pz, _ := puzzles.Lookup("floodit")
	b.Run("judge", func(b *testing.B) {
		b.ResetTimer()
		start := time.Now()
		for range b.N {
			sub := submit(b, s, u, judge.Submission{ProblemSlug: "fast", Kind: judge.KindProgram, Language: "cpp", Payload: src})
			if got := waitDone(b, s, sub.ID); got.Verdict != judge.Accepted {
				b.Fatalf("verdict %s", got.Verdict)
			}
		}
		b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(b.N*len(specs)), "ms/board")
	})
	b.Run("bare", func(b *testing.B) {
		c, err := sb.Compile(context.Background(), "cpp", []byte(src), sandbox.CompileLimits{})
		if err != nil || !c.OK() {
			b.Fatalf("compile: %v %s", err, c.Output)
		}
		inputs := make([][]byte, len(specs))
		for i, sp := range specs {
			inputs[i] = []byte(pz.JudgeInput([]string{sp.Input}))
		}
		b.ResetTimer()
		start := time.Now()
		for range b.N {
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
		b.ReportMetric(float64(time.Since(start).Milliseconds())/float64(b.N*len(specs)), "ms/board")
	})
}

// BenchmarkProgramBurst is a deadline burst: 300 submissions of the IDA* (a
// millisecond a board) from 100 students, 15 boards each, drained by the
// judge on this machine. Run it once: -bench ProgramBurst -benchtime 1x.
func BenchmarkProgramBurst(b *testing.B) {
	s, _, _ := benchService(b, 2)
	src := source(b, "../../problems/floodit/submissions/accepted/ida.cpp")
	users := make([]judge.User, 100)
	for i := range users {
		users[i] = mustUser(b, s, fmt.Sprintf("student%03d", i))
	}
	b.ResetTimer()
	for range b.N {
		start := time.Now()
		ids := make([]int64, 0, 300)
		for i := range 300 {
			// Each student's own source (a comment differs), as in a course:
			// one compile per submission.
			body := fmt.Sprintf("// submission %d\n%s", i, src)
			ids = append(ids, submit(b, s, users[i%len(users)], judge.Submission{ProblemSlug: "fast", Kind: judge.KindProgram, Language: "cpp", Payload: body}).ID)
		}
		for _, id := range ids {
			if got := waitDone(b, s, id); got.Verdict != judge.Accepted {
				b.Fatalf("submission %d: %s", id, got.Verdict)
			}
		}
		b.ReportMetric(time.Since(start).Seconds(), "s/burst")
	}
}
