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

func TestCaseFor(t *testing.T) {
	student := User{ID: 2, Role: RoleStudent}
	teacher := User{ID: 1, Role: RoleInstructor}
	answers := Problem{Kinds: []Kind{KindAnswer, KindProgram}}
	programs := Problem{Kinds: []Kind{KindMoves, KindProgram}}
	sample := Case{Position: 1, Name: "01-sample", Sample: true, Input: "s", Status: CaseReady, Expected: Solution{Answer: "1\n"}}
	hidden := Case{Position: 7, Name: "09-four-moves-unsolvable", Input: "h", Status: CaseReady, Expected: Solution{Answer: "-1\n"}}
	for _, tc := range []struct {
		name     string
		v        User
		p        Problem
		c        Case
		wantName string
		input    string
		secret   bool
		redacted bool
	}{
		{"student, sample, answers", student, answers, sample, "01-sample", "s", false, false},
		{"student, hidden, answers", student, answers, hidden, "board 7", "h", false, true},
		{"student, sample, programs", student, programs, sample, "01-sample", "s", false, false},
		{"student, hidden, programs", student, programs, hidden, "board 7", "", true, true},
		{"visitor, hidden, programs", User{}, programs, hidden, "board 7", "", true, true},
		{"instructor, hidden, programs", teacher, programs, hidden, "09-four-moves-unsolvable", "h", false, false},
		{"instructor, hidden, answers", teacher, answers, hidden, "09-four-moves-unsolvable", "h", false, false},
	} {
		got := CaseFor(tc.v, tc.p, tc.c)
		if got.Name != tc.wantName || got.Input != tc.input || got.Secret != tc.secret || got.Redacted != tc.redacted {
			t.Errorf("%s: CaseFor = name %q input %q secret %t redacted %t; want %q %q %t %t", tc.name, got.Name, got.Input, got.Secret, got.Redacted, tc.wantName, tc.input, tc.secret, tc.redacted)
		}
		if CanSubmitMoves(tc.v, tc.p, tc.c) != !tc.secret {
			t.Errorf("%s: CanSubmitMoves = %t, want %t", tc.name, !tc.secret, tc.secret)
		}
	}
	r := ResultFor(student, KindMoves, false, CaseResult{CaseName: "12-two-blocks-never-vanish", Position: 12})
	if r.CaseName != "board 12" {
		t.Errorf("ResultFor(student, hidden) names %q, want board 12", r.CaseName)
	}
	if r := ResultFor(teacher, KindMoves, false, CaseResult{CaseName: "12-x", Position: 12}); r.CaseName != "12-x" {
		t.Errorf("ResultFor(instructor) names %q", r.CaseName)
	}
}
