package service_test

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// benchmarkGenerate times one generation run of 20 boards per iteration,
// each from its own seed, on a fresh problem; it reports the candidates
// tried per run and the CPU seconds the service used per run.
func benchmarkGenerate(b *testing.B, puzzle string, spec judge.GenerateSpec) {
	ctx := context.Background()
	s := newServiceLog(b, openDB(b, "bench.db"), service.Config{}, slog.New(slog.DiscardHandler))
	u := instructor(b, s)
	tries := 0
	b.ResetTimer()
	cpu0 := cpuTime()
	for i := range b.N {
		slug := fmt.Sprintf("p%d", i)
		if _, err := s.CreateProblem(ctx, u, judge.ProblemSpec{Slug: slug, Title: slug, Puzzle: puzzle}); err != nil {
			b.Fatal(err)
		}
		spec.Seed = uint64(i + 1)
		spec.TimeLimit = judge.MaxGenTime
		g, err := s.Generate(ctx, u, slug, spec)
		if err != nil {
			b.Fatal(err)
		}
		for g.Status == judge.GenRunning {
			time.Sleep(5 * time.Millisecond)
			if g, err = s.Generation(ctx, u, slug, g.ID); err != nil {
				b.Fatal(err)
			}
		}
		if g.Kept != spec.Count {
			b.Fatalf("generation: %s", g.Report)
		}
		tries += g.Tries
	}
	b.ReportMetric(float64(tries)/float64(b.N), "tries/op")
	b.ReportMetric((cpuTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
}

// BenchmarkGenerateFlood12 is the first figure: 20 Flood-it boards
// of 12x12 with 5 colours and an optimum in [18, 22].
func BenchmarkGenerateFlood12(b *testing.B) {
	lo, hi := 18, 22
	benchmarkGenerate(b, "floodit", judge.GenerateSpec{Count: 20, Params: map[string]int{"size": 12, "colors": 5}, MinOptimal: &lo, MaxOptimal: &hi})
}

// BenchmarkGenerateMayan4 is the second: 20 Mayan boards of exactly 4
// moves (5 colours, 12 blocks).
func BenchmarkGenerateMayan4(b *testing.B) {
	benchmarkGenerate(b, "mayan", judge.GenerateSpec{Count: 20, Params: map[string]int{"n": 4, "colors": 5, "blocks": 12}})
}
