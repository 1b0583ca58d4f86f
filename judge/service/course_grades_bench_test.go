package service_test

import (
	"context"
	"io"
	"testing"

	"puzzlejudge/internal/testkit/coursetest"
	"puzzlejudge/judge"
)

// BenchmarkGradesCSV computes the gradebook of issue 13's course (300
// students x 6 problems x 20 submissions) and writes it as CSV; the goal is
// well under 200 ms on SQLite. Figures: docs/PERFORMANCE.md, "Grades and progress".
func BenchmarkGradesCSV(b *testing.B) {
	ctx := context.Background()
	svc, a, prof := coursetest.New(b, coursetest.Issue13)
	cpu := cpuTime()
	for b.Loop() {
		gb, err := svc.Grades(ctx, prof, a.ID)
		if err != nil {
			b.Fatal(err)
		}
		if len(gb.Rows) != coursetest.Issue13.Students {
			b.Fatalf("%d rows", len(gb.Rows))
		}
		if err := judge.WriteGradesCSV(io.Discard, gb); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64((cpuTime()-cpu).Microseconds())/1000/float64(b.N), "cpu-ms/op")
}
