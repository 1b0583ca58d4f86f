package kattis_test

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/problems/kattis"
)

// shippedPrograms reads the programs of a shipped problem from its folder
// beside this package (submissions/<verdict>/<file>, links followed).
func shippedPrograms(t testing.TB, slug string) []judge.ProgramFile {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", slug, "submissions", "*", "*"))
	if err != nil {
		t.Fatal(err)
	}
	var out []judge.ProgramFile
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, judge.ProgramFile{Folder: filepath.Base(filepath.Dir(p)), Name: filepath.Base(p), Source: string(src)})
	}
	sort.Slice(out, func(i, j int) bool {
		return out[i].Folder < out[j].Folder || out[i].Folder == out[j].Folder && out[i].Name < out[j].Name
	})
	return out
}

// TestProgramsRoundTrip writes each shipped problem with its own programs
// (accepted and time_limit_exceeded) and reads it back: the programs, the
// kinds and the program limits come back unchanged.
func TestProgramsRoundTrip(t *testing.T) {
	for _, p := range shipped(t) {
		t.Run(p.Problem.Slug, func(t *testing.T) {
			pkg := pkgOf(p)
			pkg.Programs = shippedPrograms(t, p.Problem.Slug)
			if len(pkg.Programs) < 2 {
				t.Fatalf("%s has %d programs, want its accepted and time_limit_exceeded ones", p.Problem.Slug, len(pkg.Programs))
			}
			got, err := kattis.Read(write(t, pkg))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Programs, pkg.Programs) {
				t.Errorf("programs after a round trip: %d, want %d", len(got.Programs), len(pkg.Programs))
			}
			if !reflect.DeepEqual(got.Problem.Kinds, p.Problem.Kinds) || got.Problem.Limits != p.Problem.Limits {
				t.Errorf("kinds %v limits %+v, want %v %+v", got.Problem.Kinds, got.Problem.Limits, p.Problem.Kinds, p.Problem.Limits)
			}
		})
	}
}

// TestReadKattisLimits reads a package in the Kattis layout: the top-level
// limits, time_multipliers included, and the puzzlejudge section's kinds.
func TestReadKattisLimits(t *testing.T) {
	yml := strings.Replace(goodYAML, "puzzlejudge:", "limits:\n  time_limit: 1.5\n  memory: 512\n  time_multipliers:\n    ac_to_time_limit: 3\npuzzlejudge:\n  kinds: [program]", 1)
	entries := append(goodEntries(), entry{name: "tiny/submissions/accepted/a.cpp", body: "int main(){}\n"})
	entries[0].body = yml
	pkg, err := kattis.Read(zipOf(t, entries...))
	if err != nil {
		t.Fatalf("Read: %v\n%s", err, yml)
	}
	want := judge.DefaultProgramLimits()
	want.TimeLimit, want.MemoryMiB, want.ACToTimeLimit = 1.5, 512, 3
	l := pkg.Problem.Limits
	l.MaxSize, l.MaxColors, l.MaxMoves = 0, 0, 0
	if l != want || !reflect.DeepEqual(pkg.Problem.Kinds, []judge.Kind{judge.KindProgram}) {
		t.Errorf("limits %+v kinds %v, want %+v [program]", pkg.Problem.Limits, pkg.Problem.Kinds, want)
	}
	if len(pkg.Programs) != 1 || pkg.Programs[0] != (judge.ProgramFile{Folder: "accepted", Name: "a.cpp", Source: "int main(){}\n"}) {
		t.Errorf("programs %+v", pkg.Programs)
	}
}

// TestReadProgramsRefused: what submissions/ may not hold, each refused
// with the file named.
func TestReadProgramsRefused(t *testing.T) {
	// Text that does not compress, so that the size is what is refused,
	// not the ratio.
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for b.Len() <= judge.MaxProgramBytes {
		b.WriteByte(byte('a' + r.IntN(26)))
	}
	big := b.String()
	for _, tc := range []struct {
		name  string
		extra []entry
		file  string
		want  string
	}{
		{"unknown folder", []entry{{name: "tiny/submissions/slow/a.cpp", body: "x"}}, "submissions/slow/a.cpp", "not one of the folders accepted"},
		{"a folder program", []entry{{name: "tiny/submissions/accepted/multi/a.cpp", body: "x"}}, "submissions/accepted/multi/a.cpp", "one file"},
		{"a file at the top", []entry{{name: "tiny/submissions/a.cpp", body: "x"}}, "submissions/a.cpp", "one file"},
		{"too large", []entry{{name: "tiny/submissions/accepted/a.cpp", body: big}}, "submissions/accepted/a.cpp", "more than"},
		{"not text", []entry{{name: "tiny/submissions/accepted/a.cpp", body: "\xff\xfe"}}, "submissions/accepted/a.cpp", "not UTF-8"},
		{"a bad limit", []entry{{name: "tiny/problem.yaml", body: strings.Replace(goodYAML, "puzzlejudge:", "limits:\n  memory: -5\npuzzlejudge:", 1)}}, "problem.yaml", "line 5: limits.memory: -5 is out of range"},
		{"no kinds", []entry{{name: "tiny/problem.yaml", body: strings.Replace(goodYAML, "puzzlejudge:", "puzzlejudge:\n  kinds: []", 1)}}, "problem.yaml", "kinds: a problem takes at least one"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			entries := goodEntries()
			for _, x := range tc.extra {
				if x.name == "tiny/problem.yaml" {
					entries[0] = x
					continue
				}
				entries = append(entries, x)
			}
			_, err := kattis.Read(zipOf(t, entries...))
			var ke *kattis.Error
			if err == nil || !errors.As(err, &ke) || ke.File != tc.file || !strings.Contains(ke.Msg, tc.want) {
				t.Errorf("Read = %v, want a refusal of %s with %q", err, tc.file, tc.want)
			}
		})
	}
}
