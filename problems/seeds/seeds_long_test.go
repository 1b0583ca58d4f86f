//go:build linux && long

package seeds_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"puzzlejudge/internal/testkit/programtest"
	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/internal/testutil"
	"puzzlejudge/judge"
	"puzzlejudge/problems"
)

// TestSeedPrograms submits the seeds' C++ programs, as a course's students
// would bring them, to the shipped problems: the textbook IDA* programs are
// accepted, also where the time limits are tight (scaled by the machine's
// slowdown against the one they were set on, programtest.Slowdown); seed
// 004 (its CanClear initialised, the known defect) misses the
// lexicographically smallest solution on the one board where its search
// order differs; and a plain breadth-first Flood-it runs out of time or
// memory where boards are secret.
func TestSeedPrograms(t *testing.T) {
	seeds := testutil.SharedDir("seeds")
	if seeds == "" {
		t.Skip("shared/seeds is not beside the repository")
	}
	runner := sandboxtest.Embedded(t)
	// The limits were set on a faster machine than some of CI's: seed 004
	// takes about 3.6 s of mayan's 9 there on its last board, 6.2 s on a machine
	// 1.7x as slow, and ran out of time on a slower one under load.
	slow := programtest.Slowdown(t)
	ps, err := problems.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	bySlug := map[string]problems.Problem{}
	for _, p := range ps {
		bySlug[p.Problem.Slug] = p
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(seeds, name))
		if err != nil {
			t.Fatal(err)
		}
		return seedProgram(t, string(b))
	}
	mayanSeed := strings.Replace(read("004_9060ab07bb08f46d.txt"), "bool CanClear;", "bool CanClear = false;", 1)
	tests := []struct {
		seed, source string
		slugs        []string
		// wrong lists the boards the program must get wrong_answer on; every
		// other board must be accepted.
		wrong []string
	}{
		{"000", read("000_de9e6dadd348409c.txt"), []string{"floodit", "floodit-timed"}, nil},
		{"002", read("002_a7c91f49ff8802bc.txt"), []string{"floodit", "floodit-timed"}, nil},
		{"001", read("001_f954daebabe70cf3.txt"), []string{"rotation", "rotation-timed"}, nil},
		{"004", mayanSeed, []string{"mayan"}, []string{"08-four-moves"}},
		{"004", mayanSeed, []string{"mayan-timed"}, nil},
	}
	dir := t.TempDir()
	for _, tc := range tests {
		for _, slug := range tc.slugs {
			t.Run(tc.seed+"/"+slug, func(t *testing.T) {
				t.Parallel()
				p, ok := bySlug[slug]
				if !ok {
					t.Fatalf("no shipped problem %s", slug)
				}
				path := filepath.Join(dir, tc.seed+"-"+slug+".cpp")
				if err := os.WriteFile(path, []byte(tc.source), 0o644); err != nil {
					t.Fatal(err)
				}
				b := programtest.NewBench(t, runner, p).ScaleTime(slow)
				b.JudgeEach(t, path, func(name string) judge.Verdict {
					for _, w := range tc.wrong {
						if w == name {
							return judge.WrongAnswer
						}
					}
					return judge.Accepted
				})
			})
		}
	}
	t.Run("flood_bfs/floodit-timed", func(t *testing.T) {
		t.Parallel()
		programs := testutil.SharedDir("data", "programs")
		if programs == "" {
			t.Skip("shared/data/programs is not beside the repository")
		}
		b := programtest.NewBench(t, runner, bySlug["floodit-timed"])
		v := b.FirstFailure(t, filepath.Join(programs, "flood_bfs.cpp"))
		if v != judge.TimeLimit && v != judge.MemoryLimit {
			t.Errorf("flood_bfs.cpp: %s; want time_limit or memory_limit on a secret board", v)
		}
	})
}
