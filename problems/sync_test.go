package problems

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/judge/store"
)

// TestSyncWithTheJudge synchronises a catalogue into the real judge on
// SQLite: a restart changes nothing and keeps an instructor's board, and an
// edited shipped board is solved again.
func TestSyncWithTheJudge(t *testing.T) {
	// synchronous=normal: at full every commit waits for the disk (see
	// webtest.TestStore).
	db, err := store.OpenWith("sqlite", filepath.Join(t.TempDir(), "judge.db"), nil, store.Options{Synchronous: "normal"})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	svc := service.NewService(db, service.Config{Workers: 1, PollInterval: 10 * time.Millisecond}, nil)
	ctx := context.Background()
	ps, err := Load(goodFS())
	if err != nil {
		t.Fatal(err)
	}
	if err := Sync(ctx, svc, ps); err != nil {
		t.Fatal(err)
	}
	if err := svc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer svc.Close(ctx)
	added, err := svc.AddCase(ctx, staff, "flood", judge.CaseSpec{Name: "instructor", Input: "2\n0 1\n1 0\n"})
	if err != nil {
		t.Fatal(err)
	}
	ready := func() []judge.Case {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			_, cases, err := svc.Problem(ctx, staff, "flood")
			if err != nil {
				t.Fatal(err)
			}
			done := true
			for _, c := range cases {
				done = done && c.Status == judge.CaseReady
			}
			if done {
				return cases
			}
			if time.Now().After(deadline) {
				t.Fatalf("cases not solved: %+v", cases)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	before := ready()

	// Restart with the same catalogue: nothing changes, and the fast path
	// sees it without SyncProblem (it reads hidden cases' names whole).
	counted := &countingSyncer{Service: svc}
	if err := Sync(ctx, counted, ps); err != nil {
		t.Fatal(err)
	}
	if counted.n != 0 {
		t.Errorf("an unchanged catalogue called SyncProblem %d times, want 0", counted.n)
	}
	after := ready()
	if len(after) != len(before) || after[len(after)-1].ID != added.ID {
		t.Fatalf("after an unchanged sync the cases are %+v, want %+v", after, before)
	}
	for i := range after {
		if after[i].ID != before[i].ID || after[i].Expected != before[i].Expected {
			t.Errorf("case %d changed: %+v -> %+v", i, before[i], after[i])
		}
	}

	// Edit a shipped board: it is solved again, with its new answer.
	ps[0].Cases[1].Input = "2\n0 1\n1 1\n"
	if err := Sync(ctx, svc, ps); err != nil {
		t.Fatal(err)
	}
	cases := ready()
	if edited := cases[1]; edited.Input != "2\n0 1\n1 1\n" || edited.Expected.Answer != "1\n" {
		t.Errorf("edited case = %+v, want the new board with answer 1", edited)
	}
	wantOrder(t, cases, added.ID, "01-sample-1", "02-big", "03-no-answer-x", "instructor")

	// Add a shipped board, then remove one: the instructor's board stays,
	// after the shipped ones.
	ps[0].Cases = append(ps[0].Cases, judge.CaseSpec{Name: "04-added", Input: "2\n1 1\n1 0\n"})
	if err := Sync(ctx, svc, ps); err != nil {
		t.Fatal(err)
	}
	wantOrder(t, ready(), added.ID, "01-sample-1", "02-big", "03-no-answer-x", "04-added", "instructor")
	ps[0].Cases = append(ps[0].Cases[:1:1], ps[0].Cases[2:]...)
	if err := Sync(ctx, svc, ps); err != nil {
		t.Fatal(err)
	}
	wantOrder(t, ready(), added.ID, "01-sample-1", "03-no-answer-x", "04-added", "instructor")
}

// countingSyncer counts the calls of SyncProblem, the slow path of Sync.
type countingSyncer struct {
	*service.Service
	n int
}

func (c *countingSyncer) SyncProblem(ctx context.Context, p judge.Problem, cases []judge.CaseSpec) error {
	c.n++
	return c.Service.SyncProblem(ctx, p, cases)
}

// wantOrder checks the names of cases in order, their positions, and that
// the last one is the instructor's board with id instructor.
func wantOrder(t *testing.T, cases []judge.Case, instructor int64, names ...string) {
	t.Helper()
	var got []string
	for i, c := range cases {
		got = append(got, c.Name)
		if c.Position != i+1 {
			t.Errorf("case %s at position %d, want %d", c.Name, c.Position, i+1)
		}
	}
	if strings.Join(got, ",") != strings.Join(names, ",") {
		t.Fatalf("cases = %q, want %q", got, names)
	}
	if last := cases[len(cases)-1]; last.ID != instructor || last.Shipped || last.Status != judge.CaseReady {
		t.Errorf("instructor's board = %+v, want id %d, not shipped, ready", last, instructor)
	}
}

// staff is an instructor viewer: adding a board and reading its expected
// answer are an instructor's business.
var staff = judge.User{ID: 1 << 40, Username: "staff", Role: judge.RoleInstructor}
