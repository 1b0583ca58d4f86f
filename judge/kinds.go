package judge

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// ProblemKinds are the kinds a problem may take, in their order; a problem
// of the catalogue or of an older database that says none takes them all.
var ProblemKinds = []Kind{KindAnswer, KindMoves, KindProgram}

// Takes reports whether the problem takes submissions of kind k. A Problem
// with no Kinds (one written before problems had kinds) takes all three.
func (p Problem) Takes(k Kind) bool {
	if len(p.Kinds) == 0 {
		return slices.Contains(ProblemKinds, k)
	}
	return slices.Contains(p.Kinds, k)
}

// TakesAnswers reports whether a student may download every board of the
// problem: answers are judged on all of them, so they cannot stay secret. A
// problem that takes no answers serves its students the samples only.
func (p Problem) TakesAnswers() bool { return p.Takes(KindAnswer) }

// Equal reports whether p and q are the same problem, field for field (as
// == did before Kinds made Problem a struct with a slice; nil and empty
// Kinds are the same).
func (p Problem) Equal(q Problem) bool {
	pk, qk := p.Kinds, q.Kinds
	p.Kinds, q.Kinds = nil, nil
	return reflect.DeepEqual(p, q) && slices.Equal(pk, qk)
}

// NormalizeKinds checks a list of kinds an instructor or problem.yaml gave
// and returns it in the order of ProblemKinds; nil (none given) is all
// three. An empty list, an unknown kind or one given twice is EINVALID.
func NormalizeKinds(kinds []Kind) ([]Kind, error) {
	if kinds == nil {
		return slices.Clone(ProblemKinds), nil
	}
	if len(kinds) == 0 {
		return nil, Errorf(EINVALID, "kinds: a problem takes at least one of %s", kindList(ProblemKinds))
	}
	seen := map[Kind]bool{}
	for _, k := range kinds {
		switch {
		case !slices.Contains(ProblemKinds, k):
			return nil, Errorf(EINVALID, "kinds: %q is not one of %s", k, kindList(ProblemKinds))
		case seen[k]:
			return nil, Errorf(EINVALID, "kinds: %q is given twice", k)
		}
		seen[k] = true
	}
	var out []Kind
	for _, k := range ProblemKinds {
		if seen[k] {
			out = append(out, k)
		}
	}
	return out, nil
}

func kindList(ks []Kind) string {
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = string(k)
	}
	return strings.Join(s, ", ")
}

// DefaultProgramLimits are the program limits of a problem that names
// none: time_limit 2 s, memory 256 MiB, output 8 MiB, code 128 KiB,
// compilation_time 60 s, compilation_memory 2048 MiB, ac_to_time_limit 2.
func DefaultProgramLimits() Limits {
	return Limits{
		TimeLimit: 2, MemoryMiB: 256, OutputMiB: 8, CodeKiB: 128,
		CompilationTime: 60, CompilationMemoryMiB: 2048, ACToTimeLimit: 2,
	}
}

// WithProgramDefaults returns l with every program limit left 0 set to its
// default; the board bounds are kept as they are (0 there is the engine's).
func (l Limits) WithProgramDefaults() Limits {
	return l.Over(DefaultProgramLimits())
}

// Over returns the limits of an edit l applied to old: the board bounds of
// l (0 there is the engine's limit, not "unchanged"), and each program limit
// of l, or old's where l leaves it 0.
func (l Limits) Over(old Limits) Limits {
	l.TimeLimit = cmp.Or(l.TimeLimit, old.TimeLimit)
	l.MemoryMiB = cmp.Or(l.MemoryMiB, old.MemoryMiB)
	l.OutputMiB = cmp.Or(l.OutputMiB, old.OutputMiB)
	l.CodeKiB = cmp.Or(l.CodeKiB, old.CodeKiB)
	l.CompilationTime = cmp.Or(l.CompilationTime, old.CompilationTime)
	l.CompilationMemoryMiB = cmp.Or(l.CompilationMemoryMiB, old.CompilationMemoryMiB)
	l.ACToTimeLimit = cmp.Or(l.ACToTimeLimit, old.ACToTimeLimit)
	return l
}

// Bounds of the program limits an instructor or problem.yaml may set, so
// that a typo cannot hold a worker for an hour or ask for the machine's
// memory.
const (
	MaxTimeLimit            = 60.0
	MaxMemoryMiB            = 4096
	MaxOutputMiB            = 256
	MaxCodeKiB              = 1024
	MaxCompilationTime      = 300.0
	MaxCompilationMemoryMiB = 8192
	MaxACToTimeLimit        = 10.0
)

// Check reports the first limit of l out of its bounds: its key in
// problem.yaml's limits (Kattis names; "time_multipliers.ac_to_time_limit")
// and an EINVALID that names it. A board bound must not be negative, a
// program limit must be positive and at most its Max*. Call it on limits
// with their defaults set.
func (l Limits) Check() (key string, err error) {
	for _, b := range []struct {
		key string
		v   int
	}{{"max_size", l.MaxSize}, {"max_colors", l.MaxColors}, {"max_moves", l.MaxMoves}} {
		if b.v < 0 {
			return b.key, Errorf(EINVALID, "limits.%s: must not be negative (0 means the engine's own limit)", b.key)
		}
	}
	for _, f := range []struct {
		key         string
		v, min, max float64
		unit        string
	}{
		{"time_limit", l.TimeLimit, 0, MaxTimeLimit, "seconds"},
		{"memory", float64(l.MemoryMiB), 0, MaxMemoryMiB, "MiB"},
		{"output", float64(l.OutputMiB), 0, MaxOutputMiB, "MiB"},
		{"code", float64(l.CodeKiB), 0, MaxCodeKiB, "KiB"},
		{"compilation_time", l.CompilationTime, 0, MaxCompilationTime, "seconds"},
		{"compilation_memory", float64(l.CompilationMemoryMiB), 0, MaxCompilationMemoryMiB, "MiB"},
		{"time_multipliers.ac_to_time_limit", l.ACToTimeLimit, 1, MaxACToTimeLimit, ""},
	} {
		low := "more than 0"
		if f.min > 0 {
			low = "at least " + fmtNum(f.min)
		}
		if !(f.v > 0 && f.v >= f.min && f.v <= f.max) { // NaN too
			return f.key, Errorf(EINVALID, "limits.%s: %s is out of range (%s, at most %s%s)", f.key, fmtNum(f.v), low, fmtNum(f.max), unitSuffix(f.unit))
		}
	}
	return "", nil
}

func fmtNum(v float64) string { return fmt.Sprintf("%g", v) }

func unitSuffix(u string) string {
	if u == "" {
		return ""
	}
	return " " + u
}
