package judge_test

import (
	"context"
	"io"
	"path/filepath"
	"testing"

	"puzzlejudge/internal/coursetest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/store"
)

// BenchmarkGradesCSV computes the gradebook of issue 13's course (300
// students x 6 problems x 20 submissions) and writes it as CSV; the goal is
// well under 200 ms on SQLite. Figures: docs/PERFORMANCE-courses.md.
func BenchmarkGradesCSV(b *testing.B) {
	ctx := context.Background()
	// synchronous=normal only makes the 36,000 inserts of the fixture
	// quicker; the reads measured do not sync.
	db, err := store.OpenWith("sqlite", filepath.Join(b.TempDir(), "grades.db"), nil, store.Options{Synchronous: "normal"})
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	svc := judge.NewService(db, judge.Config{}, nil) // not started: nothing judges the fixture again
	a, prof, err := coursetest.Populate(ctx, db, svc, coursetest.Issue13)
	if err != nil {
		b.Fatal(err)
	}
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
