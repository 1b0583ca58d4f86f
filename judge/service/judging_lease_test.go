package service_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// TestSolvesOnceAcrossProcesses runs three services on one database, as
// three processes sharing PostgreSQL would (here SQLite, which is enough
// for the claims), adds boards through a fourth that runs no solver (a web
// process), and checks that each board is solved exactly once.
func TestSolvesOnceAcrossProcesses(t *testing.T) {
	t.Parallel() // it mostly waits for the processes' polls
	path := t.TempDir() + "/shared.db"
	var mu sync.Mutex
	solves := 0
	var services []*service.Service
	for range 3 {
		services = append(services, newService(t, openShared(t, path), service.Config{
			ClaimTimeout: time.Minute, PollInterval: 10 * time.Millisecond,
			OnSolved: func(string, time.Duration) { mu.Lock(); solves++; mu.Unlock() },
		}))
	}
	web := service.NewService(openShared(t, path), service.Config{}, nil) // never started: no workers, no solver
	ctx := context.Background()
	syncProblem(t, services[0], "flood", "floodit", "")
	boards := benchBoards(12, 7)
	for _, b := range boards {
		if _, err := web.AddCase(ctx, staff, "flood", b); err != nil {
			t.Fatal(err)
		}
	}
	cases := waitReady(t, services[1], "flood")
	for _, c := range cases {
		if c.Status != judge.CaseReady {
			t.Fatalf("case %s: %s %s", c.Name, c.Status, c.SolveError)
		}
	}
	time.Sleep(1500 * time.Millisecond) // a second poll of every process: nothing more to solve
	mu.Lock()
	defer mu.Unlock()
	if solves != len(boards) {
		t.Errorf("%d solves for %d boards, want one each", solves, len(boards))
	}
}
