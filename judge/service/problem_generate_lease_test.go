package service_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// TestGenerateTakenOver is issue 15's exactly-once for generated boards: a
// run started through a web process (a service never started: it only
// stores the run) is claimed by a process that keeps its first board and
// dies (its lease is never renewed); a worker started afterwards takes the
// run over once the lease has run out and resumes it. The boards kept are
// those of an uninterrupted run from the same seed, each once, and a write
// of the dead owner after the takeover is refused.
func TestGenerateTakenOver(t *testing.T) {
	ctx := context.Background()
	lo, hi := 5, 6
	spec := judge.GenerateSpec{Count: 3, Params: map[string]int{"size": 6, "colors": 4}, MinOptimal: &lo, MaxOptimal: &hi, Seed: 7}

	// The uninterrupted run, and how many candidates the first board took.
	ref := newService(t, openDB(t, "ref.db"), service.Config{})
	ru := instructor(t, ref)
	newProblem(t, ref, ru, "one", "floodit")
	newProblem(t, ref, ru, "all", "floodit")
	one := spec
	one.Count = 1
	g1, _ := generated(t, ref, ru, "one", one)
	_, want := generated(t, ref, ru, "all", spec)
	if len(want) != 3 {
		t.Fatalf("the uninterrupted run kept %d boards, want 3", len(want))
	}

	path := filepath.Join(t.TempDir(), "shared.db")
	webDB := openShared(t, path)
	web := service.NewService(webDB, service.Config{}, nil) // never started
	u := instructor(t, web)
	newProblem(t, web, u, "f", "floodit")
	g, err := web.Generate(ctx, u, "f", spec)
	if err != nil {
		t.Fatal(err)
	}
	// The owner that dies: it claims the run, keeps the first board with
	// the candidates it decided, and is heard of no more.
	token, ok, err := webDB.ClaimGeneration(ctx, g.ID, time.Now().Add(time.Hour))
	if err != nil || !ok {
		t.Fatalf("claim: %v %v", ok, err)
	}
	first := want[0]
	leased := time.Now() // the lease's last renewal is the keep, after this
	if _, err := webDB.KeepGenerated(ctx, g.ID, token, judge.Case{Name: first.Name, Input: first.Input}, first.Expected, g1.Tries); err != nil {
		t.Fatal(err)
	}

	workerDB := openShared(t, path)
	newService(t, workerDB, service.Config{ClaimTimeout: 300 * time.Millisecond, GenerateWorkers: 2})
	deadline := time.Now().Add(2 * time.Minute)
	for g.Status == judge.GenRunning && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
		if g, err = web.Generation(ctx, u, "f", g.ID); err != nil {
			t.Fatal(err)
		}
	}
	if g.Status != judge.GenDone || g.Kept != 3 || len(g.CaseIDs) != 3 {
		t.Fatalf("after the takeover: %+v", g)
	}
	if took := time.Since(leased); took < 300*time.Millisecond {
		t.Errorf("the run ended %s after the dead owner's last write: the lease of 300 ms was not waited for", took)
	}
	_, cases, err := web.Problem(ctx, u, "f")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) != 3 {
		t.Fatalf("%d boards kept, want 3: %v", len(cases), inputs(cases))
	}
	for i, c := range cases {
		if c.Input != want[i].Input || c.Name != fmt.Sprintf("gen-s7-%02d", i+1) || c.Status != judge.CaseReady {
			t.Errorf("board %d: %s %s %q, want %s ready %q", i+1, c.Name, c.Status, c.Input, want[i].Name, want[i].Input)
		}
	}
	if _, err := webDB.KeepGenerated(ctx, g.ID, token, judge.Case{Name: "late", Input: first.Input}, first.Expected, 99); judge.ErrorCode(err) != judge.ECONFLICT {
		t.Errorf("a write of the dead owner after the takeover: %v, want conflict", err)
	}
	if _, cases, _ := web.Problem(ctx, u, "f"); len(cases) != 3 {
		t.Errorf("%d boards after the dead owner's late write, want 3", len(cases))
	}
}

// TestGenerateCancelledBeforeClaim cancels a run stored through a web
// process before any worker claimed it: the worker that claims it ends it
// as cancelled, keeping nothing.
func TestGenerateCancelledBeforeClaim(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "shared.db")
	webDB := openShared(t, path)
	web := service.NewService(webDB, service.Config{}, nil) // never started
	u := instructor(t, web)
	newProblem(t, web, u, "f", "floodit")
	g, err := web.Generate(ctx, u, "f", judge.GenerateSpec{Count: 2, Params: map[string]int{"size": 6, "colors": 4}, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := web.CancelGeneration(ctx, u, "f", g.ID); err != nil {
		t.Fatal(err)
	}
	workerDB := openShared(t, path)
	newService(t, workerDB, service.Config{ClaimTimeout: time.Second})
	for deadline := time.Now().Add(time.Minute); g.Status == judge.GenRunning && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
		if g, err = web.Generation(ctx, u, "f", g.ID); err != nil {
			t.Fatal(err)
		}
	}
	if g.Status != judge.GenStopped || g.Kept != 0 || !strings.HasSuffix(g.Report, ": cancelled by an instructor") {
		t.Errorf("a run cancelled before its claim: %+v", g)
	}
}
