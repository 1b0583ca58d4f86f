package service_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"

	"golang.org/x/crypto/bcrypt"
)

// benchBoards returns n random Flood-it boards of side size, 6 colours,
// from a fixed seed.
func benchBoards(n, size int) []judge.CaseSpec {
	rng := rand.New(rand.NewPCG(1, 2))
	specs := make([]judge.CaseSpec, n)
	for i := range specs {
		input := testutil.FlooditBoard(size, func(int, int) int { return rng.IntN(6) })
		specs[i] = judge.CaseSpec{Name: fmt.Sprint(i + 1), Input: input}
	}
	return specs
}

// benchDB returns a database holding a solved Flood-it problem and a user.
func benchDB(b *testing.B) (path string, user judge.User, cases []judge.Case) {
	b.Helper()
	path = filepath.Join(b.TempDir(), "bench.db")
	db, err := store.Open("sqlite", path, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	s := service.NewService(db, service.Config{BcryptCost: bcrypt.MinCost}, nil)
	if err := s.Start(context.Background()); err != nil {
		b.Fatal(err)
	}
	defer s.Close(context.Background())
	user, err = s.Register(context.Background(), "bench", "password123", judge.RoleStudent)
	if err != nil {
		b.Fatal(err)
	}
	syncProblem(b, s, "flood", "floodit", "", benchBoards(8, 6)...)
	cases = waitReady(b, s, "flood")
	for _, c := range cases {
		if c.Status != judge.CaseReady {
			b.Fatalf("case %s: %s", c.Name, c.SolveError)
		}
	}
	return path, user, cases
}

// BenchmarkJudgeMoves measures judged-and-stored move submissions per second
// on SQLite: b.N optimal move sequences on solved 6x6 boards are queued, then
// the workers judge them and write every verdict and case result.
func BenchmarkJudgeMoves(b *testing.B) {
	for _, workers := range []int{1, 2, 4} {
		b.Run(fmt.Sprintf("workers=%d", workers), func(b *testing.B) {
			path, user, cases := benchDB(b)
			db, err := store.Open("sqlite", path, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			var judged atomic.Int64
			done := make(chan struct{})
			cfg := service.Config{Workers: workers, PollInterval: time.Millisecond, OnJudged: func(v judge.Verdict) {
				if v != judge.Accepted {
					panic("verdict " + v)
				}
				if judged.Add(1) == int64(b.N) {
					close(done)
				}
			}}
			s := service.NewService(db, cfg, nil)
			ctx := context.Background()
			for i := range b.N {
				c := cases[i%len(cases)]
				if _, err := s.Submit(ctx, user, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: c.ID, Payload: c.Expected.Moves}); err != nil {
					b.Fatal(err)
				}
			}
			b.ResetTimer()
			start, cpu := time.Now(), cpuTime()
			if err := s.Start(ctx); err != nil {
				b.Fatal(err)
			}
			<-done
			b.StopTimer()
			reportRates(b, start, cpu)
			s.Close(ctx)
		})
	}
}

// BenchmarkSubmitAndJudge measures the same with the submissions arriving
// while the workers run: Submit's inserts compete with the workers' writes.
// With synchronous=full every commit waits for the disk.
func BenchmarkSubmitAndJudge(b *testing.B) {
	for _, mode := range []string{"full", "normal"} {
		b.Run("synchronous="+mode, func(b *testing.B) {
			path, user, cases := benchDB(b)
			db, err := store.OpenWith("sqlite", path, nil, store.Options{Synchronous: mode})
			if err != nil {
				b.Fatal(err)
			}
			defer db.Close()
			var judged atomic.Int64
			done := make(chan struct{})
			cfg := service.Config{Workers: 2, PollInterval: time.Millisecond, OnJudged: func(judge.Verdict) {
				if judged.Add(1) == int64(b.N) {
					close(done)
				}
			}}
			s := service.NewService(db, cfg, nil)
			ctx := context.Background()
			if err := s.Start(ctx); err != nil {
				b.Fatal(err)
			}
			defer s.Close(ctx)
			b.ResetTimer()
			start, cpu := time.Now(), cpuTime()
			for i := range b.N {
				c := cases[i%len(cases)]
				if _, err := s.Submit(ctx, user, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: c.ID, Payload: c.Expected.Moves}); err != nil {
					b.Fatal(err)
				}
			}
			<-done
			b.StopTimer()
			reportRates(b, start, cpu)
		})
	}
}

// BenchmarkSubmitConcurrent measures submissions stored per second through
// Service.Submit alone (no worker runs), from one client and from 16 at
// once, with synchronous=full and normal: what group commit buys is the
// difference between one client and 16 under full.
func BenchmarkSubmitConcurrent(b *testing.B) {
	for _, mode := range []string{"full", "normal"} {
		for _, clients := range []int{1, 16} {
			b.Run(fmt.Sprintf("synchronous=%s/clients=%d", mode, clients), func(b *testing.B) {
				path, user, cases := benchDB(b)
				db, err := store.OpenWith("sqlite", path, nil, store.Options{Synchronous: mode})
				if err != nil {
					b.Fatal(err)
				}
				defer db.Close()
				s := service.NewService(db, service.Config{}, nil)
				ctx := context.Background()
				var next atomic.Int64
				var wg sync.WaitGroup
				b.ResetTimer()
				start, cpu := time.Now(), cpuTime()
				for range clients {
					wg.Go(func() {
						for {
							i := next.Add(1) - 1
							if i >= int64(b.N) {
								return
							}
							c := cases[i%int64(len(cases))]
							if _, err := s.Submit(ctx, user, judge.Submission{ProblemSlug: "flood", Kind: judge.KindMoves, CaseID: c.ID, Payload: c.Expected.Moves}); err != nil {
								b.Error(err)
								return
							}
						}
					})
				}
				wg.Wait()
				b.StopTimer()
				reportRates(b, start, cpu)
			})
		}
	}
}

// reportRates reports submissions per second of wall time, and the CPU time
// the process spent per submission: on a shared machine the wall figure
// depends on the neighbours, the CPU figure much less.
func reportRates(b *testing.B, start time.Time, cpu time.Duration) {
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "subs/s")
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/float64(b.N), "cpu-µs/sub")
}

// cpuTime returns the user and system CPU time of the process so far.
var cpuTime = testutil.CPUTime
