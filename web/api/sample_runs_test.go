package api

import (
	"encoding/json"
	"testing"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge/service"
)

// talkSource prints 5 for every board and tells its stderr the board's size.
const talkSource = `#include <cstdio>
int main() { int n; if (scanf("%d", &n) != 1) return 0; fprintf(stderr, "size %d\n", n); printf("5\n"); }
`

// TestSampleRunsInJSON submits a real C++ program and reads it through GET
// /submissions/{id} as its author (a student) and as an instructor: each
// sample board carries output, stderr and expected; no hidden board
// carries any of the three keys, for either of them.
func TestSampleRunsInJSON(t *testing.T) {
	e := newAPIEnvWith(t, Options{}, service.Config{RegistrationOpen: true, Sandbox: sandboxtest.Embedded(t)})
	e.waitReady()
	alice := e.student("alice")
	id := e.submit(alice, "flood", map[string]any{"kind": "program", "language": "cpp", "source": talkSource})
	e.result(alice, id) // judged
	flood := apiProblems[0]
	for _, who := range []struct{ name, token string }{{"author", alice}, {"instructor", e.admin}} {
		var got struct {
			Cases []map[string]json.RawMessage `json:"cases"`
		}
		e.do("GET", "/api/v1/submissions/"+itoa64(id), who.token, nil).want(t, 200, "").json(t, &got)
		if len(got.Cases) != len(flood.cases) {
			t.Fatalf("%s reads %d cases, want %d", who.name, len(got.Cases), len(flood.cases))
		}
		for i, c := range got.Cases {
			if !flood.cases[i].Sample {
				for _, k := range []string{"output", "stderr", "expected"} {
					if v, ok := c[k]; ok {
						t.Errorf("%s reads hidden board %d's %s: %s; want no such key", who.name, i+1, k, v)
					}
				}
				continue
			}
			var out, stderr, expected string
			json.Unmarshal(c["output"], &out)
			json.Unmarshal(c["stderr"], &stderr)
			json.Unmarshal(c["expected"], &expected)
			ref := solveRef(t, "floodit", flood.cases[i].Input).answer
			if out != "5\n" || stderr == "" || expected != ref {
				t.Errorf("%s reads sample board %d: output %q, stderr %q, expected %q; want \"5\\n\", the size, %q", who.name, i+1, out, stderr, expected, ref)
			}
		}
	}
}
