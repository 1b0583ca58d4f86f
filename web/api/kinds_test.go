package api

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"puzzlejudge/judge"
	"puzzlejudge/problems/kattis"
)

// TestProblemKindsAndLimits creates, reads and edits a problem's kinds and
// program limits through the API, with the field names of the issue.
func TestProblemKindsAndLimits(t *testing.T) {
	e := newAPIEnv(t, Options{})
	all := []judge.Kind{judge.KindAnswer, judge.KindMoves, judge.KindProgram}
	defaults := limitsJSON{TimeLimit: 2, Memory: 256, Output: 8, Code: 128, CompilationTime: 60, CompilationMemory: 2048}

	// A problem made without them takes every kind under the defaults.
	var p authoredJSON
	e.do("POST", "/api/v1/problems", e.admin, map[string]any{"slug": "plain", "title": "Plain", "puzzle": "floodit", "statement": "x"}).want(t, 201, "").json(t, &p)
	if !reflect.DeepEqual(p.Kinds, all) || p.Limits != defaults {
		t.Errorf("POST without kinds nor limits = %v %+v, want %v %+v", p.Kinds, p.Limits, all, defaults)
	}

	body := map[string]any{"slug": "timed", "title": "Timed", "puzzle": "floodit", "statement": "x", "published": true,
		"kinds": []string{"program"}, "limits": map[string]any{"max_size": 8, "time_limit": 1.5, "memory": 64, "output": 1, "code": 32,
			"compilation_time": 30, "compilation_memory": 1024}}
	e.do("POST", "/api/v1/problems", e.admin, body).want(t, 201, "").json(t, &p)
	want := limitsJSON{MaxSize: 8, TimeLimit: 1.5, Memory: 64, Output: 1, Code: 32, CompilationTime: 30, CompilationMemory: 1024}
	if !reflect.DeepEqual(p.Kinds, []judge.Kind{judge.KindProgram}) || p.Limits != want {
		t.Errorf("POST = %v %+v, want [program] %+v", p.Kinds, p.Limits, want)
	}
	var got problemJSON
	e.do("GET", "/api/v1/problems/timed", e.student("ada"), nil).want(t, 200, "").json(t, &got)
	if !reflect.DeepEqual(got.Kinds, []judge.Kind{judge.KindProgram}) || got.Limits != want {
		t.Errorf("GET /problems/timed = kinds %v limits %+v, want [program] %+v", got.Kinds, got.Limits, want)
	}

	// An edit of one limit keeps the others; kinds come back in order.
	e.do("PATCH", "/api/v1/problems/timed", e.admin, map[string]any{"kinds": []string{"program", "answer"}, "limits": map[string]any{"max_size": 8, "time_limit": 3}}).
		want(t, 200, "").json(t, &p)
	want.TimeLimit = 3
	if !reflect.DeepEqual(p.Kinds, []judge.Kind{judge.KindAnswer, judge.KindProgram}) || p.Limits != want {
		t.Errorf("PATCH = %v %+v, want [answer program] %+v", p.Kinds, p.Limits, want)
	}

	for _, tc := range []struct {
		name string
		body map[string]any
		want string
	}{
		{"no kinds", map[string]any{"kinds": []string{}}, "kinds: a problem takes at least one"},
		{"unknown kind", map[string]any{"kinds": []string{"essay"}}, `kinds: "essay" is not one of answer, moves, program`},
		{"check", map[string]any{"kinds": []string{"check"}}, `kinds: "check"`},
		{"twice", map[string]any{"kinds": []string{"moves", "moves"}}, `kinds: "moves" is given twice`},
		{"negative time", map[string]any{"limits": map[string]any{"time_limit": -1}}, "limits.time_limit:"},
		{"an hour", map[string]any{"limits": map[string]any{"time_limit": 3600}}, "limits.time_limit: 3600 is out of range"},
		{"memory", map[string]any{"limits": map[string]any{"memory": 1 << 20}}, "limits.memory:"},
		{"output", map[string]any{"limits": map[string]any{"output": -1}}, "limits.output:"},
		{"code", map[string]any{"limits": map[string]any{"code": 4096}}, "limits.code:"},
		{"compilation time", map[string]any{"limits": map[string]any{"compilation_time": 1e9}}, "limits.compilation_time:"},
		{"compilation memory", map[string]any{"limits": map[string]any{"compilation_memory": -2}}, "limits.compilation_memory:"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := e.with(t)
			msg := e.do("PATCH", "/api/v1/problems/timed", e.admin, tc.body).want(t, 400, "invalid").errorMessage(t)
			if !strings.HasPrefix(msg, tc.want) {
				t.Errorf("PATCH %v: message %q, want it to start with %q", tc.body, msg, tc.want)
			}
		})
	}
	// A kind given as a number is a request that does not decode.
	e.do("PATCH", "/api/v1/problems/timed", e.admin, map[string]any{"kinds": []int{1}}).want(t, 400, "invalid")
}

// TestPackageCarriesKindsLimitsAndPrograms exports a problem with kinds,
// program limits and programs of its own (imported from a package's
// submissions/), imports it under another slug, and finds all three.
func TestPackageCarriesKindsLimitsAndPrograms(t *testing.T) {
	e := newAPIEnv(t, Options{})
	e.waitReady()
	e.do("PATCH", "/api/v1/problems/flood", e.admin, map[string]any{"kinds": []string{"program"},
		"limits": map[string]any{"max_size": 8, "max_colors": 6, "time_limit": 1.5, "memory": 64}}).want(t, 200, "")
	exported := e.do("GET", "/api/v1/problems/flood/package.zip", e.admin, nil).want(t, 200, "")
	pkg, err := kattis.Read(exported.body)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkg.Programs) != 0 || !reflect.DeepEqual(pkg.Problem.Kinds, []judge.Kind{judge.KindProgram}) || pkg.Problem.Limits.TimeLimit != 1.5 || pkg.Problem.Limits.MemoryMiB != 64 {
		t.Fatalf("exported package: kinds %v limits %+v programs %d", pkg.Problem.Kinds, pkg.Problem.Limits, len(pkg.Programs))
	}
	pkg.Programs = []judge.ProgramFile{
		{Folder: "accepted", Name: "ida.cpp", Source: "int main() { return 0; }\n"},
		{Folder: "time_limit_exceeded", Name: "bfs.py", Source: "while True:\n    pass\n"},
	}
	var buf bytes.Buffer
	if err := kattis.Write(&buf, pkg); err != nil {
		t.Fatal(err)
	}
	e.importZip(e.admin, buf.Bytes(), "flood-timed").want(t, 201, "")
	var p problemJSON
	e.do("GET", "/api/v1/problems/flood-timed", e.admin, nil).want(t, 200, "").json(t, &p)
	if !reflect.DeepEqual(p.Kinds, []judge.Kind{judge.KindProgram}) || p.Limits.TimeLimit != 1.5 || p.Limits.Memory != 64 {
		t.Errorf("imported problem: kinds %v limits %+v", p.Kinds, p.Limits)
	}
	again, err := kattis.Read(e.do("GET", "/api/v1/problems/flood-timed/package.zip", e.admin, nil).want(t, 200, "").body)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(again.Programs, pkg.Programs) {
		t.Errorf("programs after import and export: %+v, want %+v", again.Programs, pkg.Programs)
	}
	// Importing again without programs replaces them with none.
	pkg.Programs = nil
	buf.Reset()
	if err := kattis.Write(&buf, pkg); err != nil {
		t.Fatal(err)
	}
	e.importZip(e.admin, buf.Bytes(), "flood-timed").want(t, 200, "")
	again, _ = kattis.Read(e.do("GET", "/api/v1/problems/flood-timed/package.zip", e.admin, nil).want(t, 200, "").body)
	if len(again.Programs) != 0 {
		t.Errorf("programs after an import without them: %+v", again.Programs)
	}
}
