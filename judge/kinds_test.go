package judge

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestTakes(t *testing.T) {
	for _, tc := range []struct {
		kinds []Kind
		k     Kind
		want  bool
	}{
		{nil, KindAnswer, true},
		{nil, KindProgram, true},
		{nil, KindCheck, false},
		{[]Kind{KindProgram}, KindProgram, true},
		{[]Kind{KindProgram}, KindAnswer, false},
		{[]Kind{KindProgram}, KindMoves, false},
		{[]Kind{KindMoves, KindProgram}, KindMoves, true},
	} {
		if got := (Problem{Kinds: tc.kinds}).Takes(tc.k); got != tc.want {
			t.Errorf("Problem{Kinds: %v}.Takes(%s) = %t, want %t", tc.kinds, tc.k, got, tc.want)
		}
	}
}

func TestNormalizeKinds(t *testing.T) {
	for _, tc := range []struct {
		in   []Kind
		want []Kind
		err  string
	}{
		{nil, []Kind{KindAnswer, KindMoves, KindProgram}, ""},
		{[]Kind{KindProgram, KindAnswer}, []Kind{KindAnswer, KindProgram}, ""},
		{[]Kind{KindMoves}, []Kind{KindMoves}, ""},
		{[]Kind{}, nil, "at least one"},
		{[]Kind{KindCheck}, nil, `"check" is not one of answer, moves, program`},
		{[]Kind{"Answer"}, nil, `"Answer" is not one of`},
		{[]Kind{KindMoves, KindAnswer, KindMoves}, nil, `"moves" is given twice`},
	} {
		got, err := NormalizeKinds(tc.in)
		if tc.err == "" && (err != nil || !slices.Equal(got, tc.want)) {
			t.Errorf("NormalizeKinds(%v) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
		if tc.err != "" && (ErrorCode(err) != EINVALID || !strings.Contains(ErrorMessage(err), tc.err)) {
			t.Errorf("NormalizeKinds(%v) = %v, %v; want invalid with %q", tc.in, got, err, tc.err)
		}
	}
}

func TestLimitsCheck(t *testing.T) {
	ok := DefaultProgramLimits()
	if key, err := ok.Check(); key != "" || err != nil {
		t.Fatalf("defaults: Check = %q, %v", key, err)
	}
	for _, tc := range []struct {
		edit func(*Limits)
		key  string
	}{
		{func(l *Limits) { l.MaxMoves = -1 }, "max_moves"},
		{func(l *Limits) { l.TimeLimit = 0 }, "time_limit"},
		{func(l *Limits) { l.TimeLimit = math.NaN() }, "time_limit"},
		{func(l *Limits) { l.TimeLimit = MaxTimeLimit + 0.5 }, "time_limit"},
		{func(l *Limits) { l.MemoryMiB = -256 }, "memory"},
		{func(l *Limits) { l.OutputMiB = MaxOutputMiB + 1 }, "output"},
		{func(l *Limits) { l.CodeKiB = 0 }, "code"},
		{func(l *Limits) { l.CompilationTime = math.Inf(1) }, "compilation_time"},
		{func(l *Limits) { l.CompilationMemoryMiB = MaxCompilationMemoryMiB + 1 }, "compilation_memory"},
		{func(l *Limits) { l.ACToTimeLimit = 0.99 }, "time_multipliers.ac_to_time_limit"},
	} {
		l := ok
		tc.edit(&l)
		key, err := l.Check()
		if key != tc.key || ErrorCode(err) != EINVALID || !strings.HasPrefix(ErrorMessage(err), "limits."+tc.key+":") {
			t.Errorf("Check(%+v) = %q, %v; want %q and an invalid naming it", l, key, err, tc.key)
		}
	}
	// The bounds themselves are allowed.
	top := Limits{TimeLimit: MaxTimeLimit, MemoryMiB: MaxMemoryMiB, OutputMiB: MaxOutputMiB, CodeKiB: MaxCodeKiB,
		CompilationTime: MaxCompilationTime, CompilationMemoryMiB: MaxCompilationMemoryMiB, ACToTimeLimit: 1}
	if key, err := top.Check(); err != nil {
		t.Errorf("limits at their bounds: Check = %q, %v", key, err)
	}
}

func TestLimitsOver(t *testing.T) {
	old := Limits{MaxSize: 8, MaxColors: 6, TimeLimit: 6, MemoryMiB: 512, OutputMiB: 8, CodeKiB: 128, CompilationTime: 60, CompilationMemoryMiB: 2048, ACToTimeLimit: 3}
	got := Limits{MaxSize: 10, TimeLimit: 1}.Over(old)
	want := old
	want.MaxSize, want.MaxColors, want.TimeLimit = 10, 0, 1
	if got != want {
		t.Errorf("Over = %+v, want %+v (board bounds replaced, program limits kept where 0)", got, want)
	}
	if got := (Limits{}).WithProgramDefaults(); got != DefaultProgramLimits() {
		t.Errorf("WithProgramDefaults of nothing = %+v, want %+v", got, DefaultProgramLimits())
	}
}

func TestProblemEqual(t *testing.T) {
	a := Problem{Slug: "a", Kinds: []Kind{KindAnswer}}
	for _, tc := range []struct {
		b    Problem
		want bool
	}{
		{Problem{Slug: "a", Kinds: []Kind{KindAnswer}}, true},
		{Problem{Slug: "a", Kinds: []Kind{KindProgram}}, false},
		{Problem{Slug: "b", Kinds: []Kind{KindAnswer}}, false},
		{Problem{Slug: "a", Kinds: []Kind{KindAnswer}, Limits: Limits{TimeLimit: 1}}, false},
	} {
		if got := a.Equal(tc.b); got != tc.want {
			t.Errorf("%+v.Equal(%+v) = %t, want %t", a, tc.b, got, tc.want)
		}
	}
}
