package service_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/puzzles"
	"puzzlejudge/judge/service"
)

// generated runs a generation to its end and returns it with the inputs of
// the boards it kept, in order.
func generated(t *testing.T, s *service.Service, u judge.User, slug string, spec judge.GenerateSpec) (judge.Generation, []judge.Case) {
	t.Helper()
	ctx := context.Background()
	g, err := s.Generate(ctx, u, slug, spec)
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	deadline := time.Now().Add(2 * time.Minute)
	for g.Status == judge.GenRunning {
		if time.Now().After(deadline) {
			t.Fatalf("generation still running: %+v", g)
		}
		time.Sleep(20 * time.Millisecond)
		if g, err = s.Generation(ctx, u, slug, g.ID); err != nil {
			t.Fatal(err)
		}
	}
	_, all, err := s.Problem(ctx, u, slug)
	if err != nil {
		t.Fatal(err)
	}
	var kept []judge.Case
	for _, c := range all {
		for _, id := range g.CaseIDs {
			if c.ID == id {
				kept = append(kept, c)
			}
		}
	}
	if len(kept) != g.Kept {
		t.Fatalf("generation reports %d kept, %d cases found", g.Kept, len(kept))
	}
	return g, kept
}

func newProblem(t *testing.T, s *service.Service, u judge.User, slug, puzzle string) {
	t.Helper()
	if _, err := s.CreateProblem(context.Background(), u, judge.ProblemSpec{Slug: slug, Title: slug, Puzzle: puzzle, Published: true}); err != nil {
		t.Fatal(err)
	}
}

func inputs(cs []judge.Case) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Input
	}
	return out
}

// TestGenerateDeterministic asks twice for boards from one seed, with two
// counts and two numbers of workers: the boards kept first are the same.
func TestGenerateDeterministic(t *testing.T) {
	s1 := newService(t, openDB(t, "gen1.db"), service.Config{GenerateWorkers: 1})
	s2 := newService(t, openDB(t, "gen2.db"), service.Config{GenerateWorkers: 3})
	u1, u2 := instructor(t, s1), instructor(t, s2)
	newProblem(t, s1, u1, "f", "floodit")
	newProblem(t, s2, u2, "f", "floodit")
	lo, hi := 5, 6
	spec := judge.GenerateSpec{Count: 4, Params: map[string]int{"size": 6, "colors": 4}, MinOptimal: &lo, MaxOptimal: &hi, Seed: 7}
	g1, a := generated(t, s1, u1, "f", spec)
	spec.Count = 6
	g2, b := generated(t, s2, u2, "f", spec)
	if g1.Status != judge.GenDone || g2.Status != judge.GenDone {
		t.Fatalf("generations ended %q (%s) and %q (%s), want done", g1.Status, g1.Report, g2.Status, g2.Report)
	}
	if got, want := strings.Join(inputs(a), "|"), strings.Join(inputs(b[:4]), "|"); got != want {
		t.Errorf("the first 4 boards differ between count 4 (1 worker) and count 6 (3 workers):\n%s\n%s", got, want)
	}
	spec.Seed = 8
	_, c := generated(t, s2, u2, "f", spec)
	if strings.Join(inputs(c[:4]), "|") == strings.Join(inputs(a), "|") {
		t.Errorf("seeds 7 and 8 gave the same boards")
	}
}

// TestGenerateRangeHonoured solves every kept board again and checks its
// optimum against the range; the cases are stored ready with that optimum.
func TestGenerateRangeHonoured(t *testing.T) {
	s := newService(t, openDB(t, "range.db"), service.Config{})
	u := instructor(t, s)
	for _, tc := range []struct {
		puzzle string
		params map[string]int
		lo, hi int
	}{
		{"floodit", map[string]int{"size": 7, "colors": 4}, 7, 8},
		{"rotation", nil, 6, 7},
	} {
		t.Run(tc.puzzle, func(t *testing.T) {
			newProblem(t, s, u, tc.puzzle, tc.puzzle)
			g, kept := generated(t, s, u, tc.puzzle, judge.GenerateSpec{Count: 3, Params: tc.params, MinOptimal: &tc.lo, MaxOptimal: &tc.hi, Seed: 1})
			if g.Kept != 3 || g.Status != judge.GenDone {
				t.Fatalf("generation: %+v", g)
			}
			pz, _ := puzzles.Lookup(tc.puzzle)
			for _, c := range kept {
				sol, err := pz.Solve(context.Background(), c.Input, nil)
				if err != nil {
					t.Fatal(err)
				}
				if sol.Optimal < tc.lo || sol.Optimal > tc.hi {
					t.Errorf("kept board has optimum %d, outside [%d, %d]:\n%s", sol.Optimal, tc.lo, tc.hi, c.Input)
				}
				if c.Status != judge.CaseReady || c.Expected.Optimal != sol.Optimal {
					t.Errorf("kept case stored %s with optimum %d, want ready with %d", c.Status, c.Expected.Optimal, sol.Optimal)
				}
			}
		})
	}
}

// TestGenerateMayanExactlyN checks that generated Mayan boards are solvable
// in exactly n moves, and that unsolvable ones can be asked for too.
func TestGenerateMayanExactlyN(t *testing.T) {
	s := newService(t, openDB(t, "mayan.db"), service.Config{})
	u := instructor(t, s)
	newProblem(t, s, u, "m", "mayan")
	g, kept := generated(t, s, u, "m", judge.GenerateSpec{Count: 5, Params: map[string]int{"n": 4, "colors": 5, "blocks": 12}, Seed: 3})
	if g.Kept != 5 {
		t.Fatalf("generation: %+v", g)
	}
	pz, _ := puzzles.Lookup("mayan")
	for _, c := range kept {
		sol, err := pz.Solve(context.Background(), c.Input, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !sol.Solvable || sol.Optimal != 4 || !strings.HasPrefix(c.Input, "4\n") {
			t.Errorf("kept board solvable %t in %d moves, want exactly 4:\n%s", sol.Solvable, sol.Optimal, c.Input)
		}
		if r := pz.CheckMoves(c.Input, nil, sol.Moves); r.Verdict != judge.Accepted {
			t.Errorf("the solution does not clear the board: %+v", r)
		}
	}
	no := false
	_, kept = generated(t, s, u, "m", judge.GenerateSpec{Count: 2, Params: map[string]int{"n": 2, "colors": 6, "blocks": 14}, Solvable: &no, Seed: 3})
	for _, c := range kept {
		if c.Expected.Solvable {
			t.Errorf("kept a solvable board when unsolvable ones were asked for:\n%s", c.Input)
		}
	}
}

func TestGenerateTooHardReports(t *testing.T) {
	s := newService(t, openDB(t, "hard.db"), service.Config{})
	u := instructor(t, s)
	newProblem(t, s, u, "f", "floodit")
	lo := 20
	g, kept := generated(t, s, u, "f", judge.GenerateSpec{Count: 2, Params: map[string]int{"size": 3, "colors": 3}, MinOptimal: &lo, Seed: 1, MaxTries: 50})
	if g.Status != judge.GenStopped || len(kept) != 0 || !strings.HasPrefix(g.Report, "kept 0 of 2 wanted after 50 tries in ") {
		t.Errorf("generation = %+v, want stopped with a report", g)
	}
}

func TestGenerateRefusals(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "refuse.db"), service.Config{})
	u, student := instructor(t, s), mustUser(t, s, "ada")
	newProblem(t, s, u, "f", "floodit")
	newProblem(t, s, u, "m", "mayan")
	yes, lo := true, 3
	for _, tc := range []struct {
		name, slug string
		user       judge.User
		spec       judge.GenerateSpec
		want       string
	}{
		{"student", "f", student, judge.GenerateSpec{Count: 1, Params: map[string]int{"size": 3, "colors": 3}}, judge.EFORBIDDEN},
		{"no count", "f", u, judge.GenerateSpec{Params: map[string]int{"size": 3, "colors": 3}}, "count:"},
		{"unknown param", "f", u, judge.GenerateSpec{Count: 1, Params: map[string]int{"size": 3, "colors": 3, "n": 2}}, "params.n:"},
		{"missing param", "f", u, judge.GenerateSpec{Count: 1, Params: map[string]int{"size": 3}}, "params.colors:"},
		{"too big", "f", u, judge.GenerateSpec{Count: 1, Params: map[string]int{"size": 31, "colors": 3}}, "params.size:"},
		{"solvable on floodit", "f", u, judge.GenerateSpec{Count: 1, Params: map[string]int{"size": 3, "colors": 3}, Solvable: &yes}, "solvable:"},
		{"range on mayan", "m", u, judge.GenerateSpec{Count: 1, Params: map[string]int{"n": 3, "colors": 3}, MinOptimal: &lo}, "min_optimal:"},
		{"mayan blocks", "m", u, judge.GenerateSpec{Count: 1, Params: map[string]int{"n": 1, "colors": 3, "blocks": 6}}, "params.blocks:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.Generate(ctx, tc.user, tc.slug, tc.spec)
			if judge.ErrorCode(err) != tc.want && !strings.HasPrefix(judge.ErrorMessage(err), tc.want) {
				t.Errorf("Generate = %v, want %s", err, tc.want)
			}
		})
	}
}

func TestGenerateCancel(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "cancel.db"), service.Config{})
	u, student := instructor(t, s), mustUser(t, s, "ada")
	newProblem(t, s, u, "f", "floodit")
	lo := 30 // beyond any 5x5 board: the run would go on for ten minutes
	g, err := s.Generate(ctx, u, "f", judge.GenerateSpec{Count: 1, Params: map[string]int{"size": 5, "colors": 3}, MinOptimal: &lo,
		MaxTries: judge.MaxGenerateTries, TimeLimit: judge.MaxGenTime})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.CancelGeneration(ctx, student, "f", g.ID); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("CancelGeneration by a student: %v, want forbidden", err)
	}
	if _, err := s.CancelGeneration(ctx, u, "f", g.ID); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for g.Status == judge.GenRunning && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
		g, _ = s.Generation(ctx, u, "f", g.ID)
	}
	if g.Status != judge.GenStopped || !strings.HasSuffix(g.Report, ": cancelled by an instructor") {
		t.Errorf("after cancel: %+v", g)
	}
}
