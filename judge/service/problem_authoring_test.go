package service_test

import (
	"bytes"
	"context"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

func instructor(t testing.TB, s *service.Service) judge.User {
	t.Helper()
	u := mustInstructor(t, s, "teacher")
	return u
}

func ptr[T any](v T) *T { return &v }

func TestCreateProblemPermissionsAndDrafts(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "create.db"), service.Config{})
	teacher, student := instructor(t, s), mustUser(t, s, "ada")
	spec := judge.ProblemSpec{Slug: "flood-12", Title: "Flood 12", Puzzle: "floodit", Statement: "Flood it.",
		Limits: judge.Limits{MaxSize: 12, MaxColors: 5}}

	if _, err := s.CreateProblem(ctx, student, spec); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Fatalf("CreateProblem by a student: %v, want forbidden", err)
	}
	if _, err := s.CreateProblem(ctx, judge.User{}, spec); judge.ErrorCode(err) != judge.EUNAUTHORIZED {
		t.Fatalf("CreateProblem anonymous: %v, want unauthorized", err)
	}
	p, err := s.CreateProblem(ctx, teacher, spec)
	if err != nil {
		t.Fatal(err)
	}
	if !p.Draft || p.CreatedAt.IsZero() || p.ID == 0 {
		t.Errorf("created %+v, want a draft with an id and a creation time", p)
	}
	// A title or a case name with a NUL byte or bytes that are not UTF-8
	// is refused, as a statement is: PostgreSQL cannot store it, SQLite
	// kept it.
	for _, bad := range []string{"Flood\x00", "Flood \xff"} {
		if _, err := s.CreateProblem(ctx, teacher, judge.ProblemSpec{Slug: "bad-title", Title: bad, Puzzle: "floodit"}); judge.ErrorCode(err) != judge.EINVALID {
			t.Errorf("CreateProblem(title %q) = %v, want invalid", bad, err)
		}
		if _, err := s.AddCase(ctx, teacher, "flood-12", judge.CaseSpec{Name: bad, Input: "2\n0 1\n1 1\n"}); judge.ErrorCode(err) != judge.EINVALID {
			t.Errorf("AddCase(name %q) = %v, want invalid", bad, err)
		}
	}
	if _, err := s.CreateProblem(ctx, teacher, spec); judge.ErrorCode(err) != judge.ECONFLICT {
		t.Errorf("second CreateProblem of the slug: %v, want conflict", err)
	}
	if _, _, err := s.Problem(ctx, student, "flood-12"); judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Errorf("a student reads a draft: %v, want not found", err)
	}
	if _, _, err := s.Problem(ctx, teacher, "flood-12"); err != nil {
		t.Errorf("the instructor reads the draft: %v", err)
	}
	if list, _ := s.Problems(ctx, student); len(list) != 0 {
		t.Errorf("a student lists %d problems, want 0 (the draft hidden)", len(list))
	}
	// Nor does a hint on a sample of the draft, hints on or off: it answered
	// the next move (or "hints are off for problem flood-12", which told
	// the draft was there).
	sample, err := s.AddCase(ctx, teacher, "flood-12", judge.CaseSpec{Name: "s", Input: "2\n0 1\n1 1\n", Sample: true})
	if err != nil {
		t.Fatal(err)
	}
	waitReady(t, s, "flood-12")
	if _, err := s.Hint(ctx, student, "flood-12", sample.ID, ""); judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Errorf("a student's hint on a draft, hints off: %v, want not found", err)
	}
	if err := s.SetProblemHints(ctx, teacher, "flood-12", true); err != nil {
		t.Fatal(err)
	}
	if m, err := s.Hint(ctx, student, "flood-12", sample.ID, ""); judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Errorf("a student's hint on a draft = %q, %v; want not found", m, err)
	}
	if _, err := s.Hint(ctx, teacher, "flood-12", sample.ID, ""); err != nil {
		t.Errorf("the instructor's hint on the draft: %v", err)
	}

	if _, err := s.UpdateProblem(ctx, student, "flood-12", judge.ProblemPatch{Published: ptr(true)}); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("UpdateProblem by a student: %v, want forbidden", err)
	}
	p, err = s.UpdateProblem(ctx, teacher, "flood-12", judge.ProblemPatch{Published: ptr(true), Title: ptr("Flood twelve")})
	if err != nil {
		t.Fatal(err)
	}
	if p.Draft || p.Title != "Flood twelve" || p.Statement != "Flood it." {
		t.Errorf("after the patch: %+v", p)
	}
	if list, _ := s.Problems(ctx, student); len(list) != 1 {
		t.Errorf("a student lists %d problems after publishing, want 1", len(list))
	}

	if err := s.ArchiveProblem(ctx, student, "flood-12"); judge.ErrorCode(err) != judge.EFORBIDDEN {
		t.Errorf("ArchiveProblem by a student: %v, want forbidden", err)
	}
	if err := s.ArchiveProblem(ctx, teacher, "flood-12"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Problem(ctx, student, "flood-12"); judge.ErrorCode(err) != judge.ENOTFOUND {
		t.Errorf("a student reads an archived problem: %v, want not found", err)
	}
	if p, _, err := s.Problem(ctx, teacher, "flood-12"); err != nil || !p.Archived {
		t.Errorf("the instructor reads the archived problem: %+v, %v", p, err)
	}
}

func TestProblemValidationNamesTheField(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "valid.db"), service.Config{})
	teacher := instructor(t, s)
	good := judge.ProblemSpec{Slug: "p", Title: "P", Puzzle: "mayan", Statement: "x"}
	for _, tc := range []struct {
		name string
		edit func(*judge.ProblemSpec)
		want string
	}{
		{"no slug", func(p *judge.ProblemSpec) { p.Slug = "" }, "slug:"},
		{"bad slug", func(p *judge.ProblemSpec) { p.Slug = "Bad Slug" }, "slug:"},
		{"no title", func(p *judge.ProblemSpec) { p.Title = " " }, "title:"},
		{"unknown puzzle", func(p *judge.ProblemSpec) { p.Puzzle = "sudoku" }, "puzzle:"},
		{"checker of another puzzle", func(p *judge.ProblemSpec) { p.Puzzle, p.Checker = "floodit", judge.CheckerAnyValid }, "checker:"},
		{"unknown checker", func(p *judge.ProblemSpec) { p.Checker = "lenient" }, "checker:"},
		{"mayan beyond its engine", func(p *judge.ProblemSpec) { p.Limits.MaxMoves = 9 }, "limits.max_moves:"},
		{"mayan has no size", func(p *judge.ProblemSpec) { p.Limits.MaxSize = 5 }, "limits.max_size:"},
		{"floodit beyond its engine", func(p *judge.ProblemSpec) { p.Puzzle, p.Limits.MaxSize = "floodit", 31 }, "limits.max_size:"},
		{"rotation has no colours", func(p *judge.ProblemSpec) { p.Puzzle, p.Limits.MaxColors = "rotation", 3 }, "limits.max_colors:"},
		{"negative", func(p *judge.ProblemSpec) { p.Limits.MaxColors = -1 }, "limits.max_colors:"},
		{"no kinds", func(p *judge.ProblemSpec) { p.Kinds = []judge.Kind{} }, "kinds: a problem takes at least one"},
		{"check is not a problem's kind", func(p *judge.ProblemSpec) { p.Kinds = []judge.Kind{judge.KindCheck} }, `kinds: "check" is not one of`},
		{"kind twice", func(p *judge.ProblemSpec) { p.Kinds = []judge.Kind{judge.KindMoves, judge.KindMoves} }, `kinds: "moves" is given twice`},
		{"negative time limit", func(p *judge.ProblemSpec) { p.Limits.TimeLimit = -1 }, "limits.time_limit:"},
		{"an hour a board", func(p *judge.ProblemSpec) { p.Limits.TimeLimit = 3600 }, "limits.time_limit: 3600 is out of range"},
		{"memory beyond the bound", func(p *judge.ProblemSpec) { p.Limits.MemoryMiB = judge.MaxMemoryMiB + 1 }, "limits.memory:"},
		{"negative output", func(p *judge.ProblemSpec) { p.Limits.OutputMiB = -8 }, "limits.output:"},
		{"code beyond the bound", func(p *judge.ProblemSpec) { p.Limits.CodeKiB = 1 << 20 }, "limits.code:"},
		{"compilation time", func(p *judge.ProblemSpec) { p.Limits.CompilationTime = 1000 }, "limits.compilation_time:"},
		{"compilation memory", func(p *judge.ProblemSpec) { p.Limits.CompilationMemoryMiB = -1 }, "limits.compilation_memory:"},
		{"multiplier below one", func(p *judge.ProblemSpec) { p.Limits.ACToTimeLimit = 0.5 }, "limits.time_multipliers.ac_to_time_limit:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := good
			tc.edit(&spec)
			_, err := s.CreateProblem(ctx, teacher, spec)
			if judge.ErrorCode(err) != judge.EINVALID || !strings.HasPrefix(judge.ErrorMessage(err), tc.want) {
				t.Errorf("CreateProblem = %v, want invalid starting with %q", err, tc.want)
			}
		})
	}
	if _, err := s.CreateProblem(ctx, teacher, judge.ProblemSpec{Slug: "m", Title: "M", Puzzle: "mayan", Checker: judge.CheckerAnyValid, Limits: judge.Limits{MaxMoves: 7, MaxColors: 10}}); err != nil {
		t.Errorf("a valid mayan problem: %v", err)
	}
}

// TestProblemKindsAndLimitsStored checks that a new problem takes all three
// kinds and the default program limits unless told otherwise, that the
// kinds come back in their order, and that an edit of some program limits
// keeps the others.
func TestProblemKindsAndLimitsStored(t *testing.T) {
	ctx := context.Background()
	s := newService(t, openDB(t, "kinds.db"), service.Config{})
	teacher := instructor(t, s)
	p, err := s.CreateProblem(ctx, teacher, judge.ProblemSpec{Slug: "d", Title: "D", Puzzle: "floodit", Statement: "x"})
	if err != nil {
		t.Fatal(err)
	}
	all := []judge.Kind{judge.KindAnswer, judge.KindMoves, judge.KindProgram}
	if !slices.Equal(p.Kinds, all) || p.Limits != judge.DefaultProgramLimits() {
		t.Errorf("a problem made with no kinds nor limits: %v %+v, want %v %+v", p.Kinds, p.Limits, all, judge.DefaultProgramLimits())
	}
	p, err = s.CreateProblem(ctx, teacher, judge.ProblemSpec{Slug: "t", Title: "T", Puzzle: "floodit", Statement: "x",
		Kinds: []judge.Kind{judge.KindProgram, judge.KindMoves}, Limits: judge.Limits{MaxSize: 8, TimeLimit: 1.5, MemoryMiB: 64}})
	if err != nil {
		t.Fatal(err)
	}
	want := judge.DefaultProgramLimits()
	want.MaxSize, want.TimeLimit, want.MemoryMiB = 8, 1.5, 64
	if !slices.Equal(p.Kinds, []judge.Kind{judge.KindMoves, judge.KindProgram}) || p.Limits != want {
		t.Errorf("CreateProblem = %v %+v, want [moves program] %+v", p.Kinds, p.Limits, want)
	}
	if p.Takes(judge.KindAnswer) || !p.Takes(judge.KindProgram) {
		t.Errorf("Takes(answer) = %t, Takes(program) = %t, want false and true", p.Takes(judge.KindAnswer), p.Takes(judge.KindProgram))
	}
	kinds := []judge.Kind{judge.KindProgram}
	p, err = s.UpdateProblem(ctx, teacher, "t", judge.ProblemPatch{Kinds: &kinds, Limits: &judge.Limits{MaxSize: 8, CodeKiB: 32}})
	if err != nil {
		t.Fatal(err)
	}
	want.CodeKiB = 32
	if !slices.Equal(p.Kinds, kinds) || p.Limits != want {
		t.Errorf("UpdateProblem = %v %+v, want %v %+v", p.Kinds, p.Limits, kinds, want)
	}
	stored, _, err := s.Problem(ctx, teacher, "t")
	if err != nil || !stored.Equal(p) {
		t.Errorf("stored %+v, %v; want %+v", stored, err, p)
	}
}

// TestEditDetachesShippedProblem checks that the catalogue sync leaves an
// edited shipped problem alone, and says so when the catalogue changed.
func TestEditDetachesShippedProblem(t *testing.T) {
	ctx := context.Background()
	var logs bytes.Buffer
	s := newServiceLog(t, openDB(t, "detach.db"), service.Config{}, slog.New(slog.NewTextHandler(&logs, nil)))
	teacher := instructor(t, s)
	shipped := judge.Problem{Slug: "floodit", Title: "Flood-it", Puzzle: "floodit", Statement: "shipped"}
	cases := []judge.CaseSpec{{Name: "01-sample", Input: "2\n0 1\n1 0\n", Sample: true}}
	if err := s.SyncProblem(ctx, shipped, cases); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateProblem(ctx, teacher, "floodit", judge.ProblemPatch{Statement: ptr("edited")}); err != nil {
		t.Fatal(err)
	}
	if err := s.SyncProblem(ctx, shipped, cases); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(logs.String(), "newer shipped version") {
		t.Errorf("logged a newer version while the catalogue is unchanged:\n%s", logs.String())
	}
	shipped.Statement = "shipped v2"
	if err := s.SyncProblem(ctx, shipped, cases); err != nil {
		t.Fatal(err)
	}
	p, _, err := s.Problem(ctx, teacher, "floodit")
	if err != nil {
		t.Fatal(err)
	}
	if p.Statement != "edited" || !p.Detached {
		t.Errorf("after the sync the problem is %+v, want the edit kept and detached", p)
	}
	if !strings.Contains(logs.String(), "newer shipped version") {
		t.Errorf("the sync did not log the newer shipped version:\n%s", logs.String())
	}
}
