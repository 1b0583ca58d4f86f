package service_test

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// writeCounter is a Store that counts the writes SyncProblem may make.
type writeCounter struct {
	judge.Store
	writes atomic.Int64
}

// SyncCatalogue counts the writes of the changes the sync plans.
func (w *writeCounter) SyncCatalogue(ctx context.Context, slug string, plan judge.CataloguePlan) (judge.Problem, []judge.Case, error) {
	return w.Store.SyncCatalogue(ctx, slug, func(old judge.Problem, found bool, cases []judge.Case) (judge.CatalogueChanges, error) {
		ch, err := plan(old, found, cases)
		w.writes.Add(int64(writes(ch)))
		return ch, err
	})
}

// writes returns the number of rows the changes write, not counting the
// submissions a requeue touches.
func writes(c judge.CatalogueChanges) int {
	n := len(c.Delete) + len(c.Save)
	if c.Problem != nil {
		n++
	}
	return n + len(c.Requeues)
}

func (w *writeCounter) AddCase(ctx context.Context, c judge.Case) (judge.Case, error) {
	w.writes.Add(1)
	return w.Store.AddCase(ctx, c)
}

func (w *writeCounter) DeleteCase(ctx context.Context, id int64) error {
	w.writes.Add(1)
	return w.Store.DeleteCase(ctx, id)
}

// RequeueFor counts a requeue, except the solver's: once a problem's last
// case is solved, the solver requeues the submissions left with a
// judge_error (OnlyErrors). That is no write of a sync, and it comes after
// the case reads ready, so a test that waited for ready could count it
// against the sync that follows (seen once under -race in .ci/run).
func (w *writeCounter) RequeueFor(ctx context.Context, r judge.Requeue) (int, error) {
	if !r.OnlyErrors {
		w.writes.Add(1)
	}
	return w.Store.RequeueFor(ctx, r)
}

// TestSyncProblemKeepsInstructorCases checks that the catalogue sync touches
// only the shipped cases: an instructor's board survives an edited, an added
// and a removed shipped board, stays after the shipped ones, and an edited
// board is solved again and the problem rejudged. An unchanged sync writes
// nothing, and a database whose cases predate the shipped flag is adopted
// without duplicating its cases.
func TestSyncProblemKeepsInstructorCases(t *testing.T) {
	ctx := context.Background()
	db := &writeCounter{Store: openDB(t, "k.db")}
	s := newService(t, db, service.Config{})
	u := mustUser(t, s, "alice")
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	mine, err := s.AddCase(ctx, staff, "flood", judge.CaseSpec{Name: "mine", Input: "2\n0 1\n1 0\n"})
	if err != nil {
		t.Fatal(err)
	}
	waitReady(t, s, "flood")
	// flat 0, three 3, mine 2
	sub := waitDone(t, s, submit(t, s, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: "0\n3\n2\n"}).ID)
	if sub.Verdict != judge.Accepted {
		t.Fatalf("verdict %s: %+v", sub.Verdict, sub.Results)
	}

	db.writes.Store(0)
	syncProblem(t, s, "flood", "floodit", "", flooditCases...)
	if n := db.writes.Load(); n != 0 {
		t.Errorf("an unchanged sync made %d writes, want 0", n)
	}

	// "three" now needs 1 move: the answer turns wrong on case 2 only.
	edited := []judge.CaseSpec{flooditCases[0], {Name: "three", Input: "3\n0 1 1\n1 1 1\n1 1 1\n"}}
	syncProblem(t, s, "flood", "floodit", "", edited...)
	cases := waitReady(t, s, "flood")
	wantCases(t, cases, "flat", "three", "mine")
	if cases[1].Expected.Optimal != 1 || cases[2].ID != mine.ID || cases[2].Shipped {
		t.Errorf("after the edit: %+v", cases)
	}
	got := waitVerdict(t, s, sub.ID, judge.WrongAnswer)
	if len(got.Results) != 3 || got.Results[1].Verdict != judge.WrongAnswer || got.Results[2].Verdict != judge.Accepted {
		t.Errorf("rejudged results = %+v", got.Results)
	}

	// A shipped board added in front, one removed.
	added := []judge.CaseSpec{{Name: "first", Input: "2\n1 1\n1 1\n"}, edited[1]}
	syncProblem(t, s, "flood", "floodit", "", added...)
	cases = waitReady(t, s, "flood")
	wantCases(t, cases, "first", "three", "mine")
	if cases[2].ID != mine.ID || cases[2].Status != judge.CaseReady {
		t.Errorf("the instructor's board = %+v", cases[2])
	}

	// A database written before cases knew their origin: nothing is
	// shipped. The sync adopts the shipped cases by name.
	_, _, err = db.Store.SyncCatalogue(ctx, "flood", func(_ judge.Problem, _ bool, have []judge.Case) (judge.CatalogueChanges, error) {
		for i := range have {
			have[i].Shipped = false
		}
		return judge.CatalogueChanges{Save: have}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	syncProblem(t, s, "flood", "floodit", "", added...)
	after := waitReady(t, s, "flood")
	wantCases(t, after, "first", "three", "mine")
	for i, c := range after {
		if c.ID != cases[i].ID || c.Shipped != (i < 2) {
			t.Errorf("adopted case %d = %+v, was %+v", i, c, cases[i])
		}
	}
}

func wantCases(t *testing.T, cases []judge.Case, names ...string) {
	t.Helper()
	if len(cases) != len(names) {
		t.Fatalf("%d cases %+v, want %q", len(cases), cases, names)
	}
	for i, c := range cases {
		if c.Name != names[i] || c.Position != i+1 {
			t.Errorf("case %d = %s at %d, want %s at %d", i, c.Name, c.Position, names[i], i+1)
		}
	}
}

// TestSyncCarriesKindsAndLimits checks that the catalogue sync stores a
// problem's kinds and program limits, updates them when the catalogue
// changes them, and writes nothing when it does not.
func TestSyncCarriesKindsAndLimits(t *testing.T) {
	ctx := context.Background()
	db := openDB(t, "synckinds.db")
	w := &writeCounter{Store: db}
	s := newService(t, w, service.Config{})
	cases := []judge.CaseSpec{{Name: "01-sample", Input: "2\n0 1\n1 0\n", Sample: true}}
	p := judge.Problem{Slug: "timed", Title: "T", Puzzle: "floodit", Statement: "x", Kinds: []judge.Kind{judge.KindProgram},
		Limits: judge.Limits{MaxSize: 8, TimeLimit: 1, MemoryMiB: 256, OutputMiB: 1, CodeKiB: 64, CompilationTime: 60, CompilationMemoryMiB: 2048, ACToTimeLimit: 2}}
	for i, edit := range []func(*judge.Problem){
		func(*judge.Problem) {},
		func(p *judge.Problem) { p.Limits.TimeLimit, p.Limits.ACToTimeLimit = 3, 4 },
		func(p *judge.Problem) { p.Kinds = []judge.Kind{judge.KindMoves, judge.KindProgram} },
	} {
		edit(&p)
		if err := s.SyncProblem(ctx, p, cases); err != nil {
			t.Fatal(err)
		}
		waitReady(t, s, "timed") // the solve of a new board writes too
		got, _, err := s.Problem(ctx, judge.User{}, "timed")
		if err != nil || !slices.Equal(got.Kinds, p.Kinds) || got.Limits != p.Limits {
			t.Errorf("sync %d: stored %v %+v, %v; want %v %+v", i, got.Kinds, got.Limits, err, p.Kinds, p.Limits)
		}
		before := w.writes.Load()
		if err := s.SyncProblem(ctx, p, cases); err != nil {
			t.Fatal(err)
		}
		if n := w.writes.Load() - before; n != 0 {
			t.Errorf("sync %d again: %d writes, want none", i, n)
		}
	}
}
