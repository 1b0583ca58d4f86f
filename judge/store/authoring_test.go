package store

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

	"puzzlejudge/judge"
)

// testAuthoring checks the writes of problems made by instructors: every
// field (false booleans too) is stored, a taken slug is a conflict, and an
// import that fails at any write leaves the problem and its cases as they
// were.
func testAuthoring(t *testing.T, open opener) {
	ctx := context.Background()
	d := open(t)
	p, err := d.CreateProblem(ctx, judge.Problem{Slug: "gen", Title: "Gen", Puzzle: "floodit", Statement: "s", Draft: true,
		Limits: judge.Limits{MaxSize: 12, MaxColors: 5}})
	if err != nil {
		t.Fatal(err)
	}
	if p.ID == 0 || p.CreatedAt.IsZero() || !p.Draft {
		t.Fatalf("CreateProblem = %+v", p)
	}
	if _, err := d.CreateProblem(ctx, judge.Problem{Slug: "gen", Title: "Again", Puzzle: "floodit"}); code(err) != judge.ECONFLICT {
		t.Errorf("CreateProblem of a taken slug: %v, want conflict", err)
	}
	p.Slug, p.Draft, p.Archived, p.Title = "gen-2", false, true, "Gen 2"
	q, err := d.UpdateProblem(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	got, err := d.ProblemBySlug(ctx, "gen-2")
	if err != nil || got.Draft || !got.Archived || got.Title != "Gen 2" || got.CreatedAt.Sub(p.CreatedAt).Abs() >= time.Microsecond || // PostgreSQL keeps microseconds
		got.ID != q.ID {
		t.Errorf("after UpdateProblem: %+v, %v", got, err)
	}

	failAt := failWrites(t, d)
	old := []judge.Case{{Name: "a", Input: "1\n0\n"}, {Name: "b", Input: "2\n0 1\n1 0\n", Sample: true}}
	if _, _, err := d.PutProblem(ctx, got, old); err != nil {
		t.Fatal(err)
	}
	snapshot := func() (judge.Problem, []judge.Case) { return problemAndCases(t, d, "gen-2") }
	beforeP, beforeC := snapshot()
	next := beforeP
	next.Title, next.Statement = "Imported", "new statement"
	cases := []judge.Case{{Name: "x", Input: "1\n0\n"}, {Name: "y", Input: "1\n0\n"}, {Name: "z", Input: "1\n0\n"}}
	for k := int64(1); ; k++ {
		failAt(k)
		_, stored, err := d.PutProblem(ctx, next, cases)
		if err == nil {
			if len(stored) != 3 || stored[2].Name != "z" || stored[2].Position != 3 {
				t.Errorf("PutProblem stored %+v", stored)
			}
			break
		}
		if !errors.Is(err, errInjected) && judge.ErrorCode(err) != judge.EINTERNAL {
			t.Fatalf("write %d: %v", k, err)
		}
		p, cs := snapshot()
		p.UpdatedAt = beforeP.UpdatedAt
		if !p.Equal(beforeP) || !reflect.DeepEqual(cs, beforeC) {
			t.Fatalf("PutProblem failing at write %d changed the problem: %+v %+v", k, p, cs)
		}
		if k > 20 {
			t.Fatal("PutProblem never succeeds")
		}
	}
	failAt(0)
	if p, cs := snapshot(); p.Title != "Imported" || len(cs) != 3 {
		t.Errorf("after PutProblem: %+v with %d cases", p, len(cs))
	}
}
