package api

import (
	"strings"
	"testing"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
	"puzzlejudge/web/httpx"
)

// TestRunEndpoint runs real programs through POST /problems/{slug}/run:
// the answer of a run and of a compile error (each checked against the
// OpenAPI document), the refusals (401, 413, 429 with Retry-After past
// the user's budget of runs, 404), and no trace among the submissions.
func TestRunEndpoint(t *testing.T) {
	e := newAPIEnvWith(t, Options{Runs: httpx.NewRateLimiter(3)}, service.Config{RegistrationOpen: true, Sandbox: sandboxtest.Embedded(t)})
	e.waitReady()
	alice := e.student("alice")

	e.do("POST", "/api/v1/problems/flood/run", "", runRequest{Language: "cpp", Source: talkSource}).want(t, 401, judge.EUNAUTHORIZED)

	var ok runJSON
	first := e.do("POST", "/api/v1/problems/flood/run", alice, runRequest{Language: "cpp", Source: talkSource, Input: "4\n"}).want(t, 200, "")
	first.json(t, &ok)
	// The fields as the issue wrote them, whatever the Go names.
	var fields map[string]any
	first.json(t, &fields)
	for _, k := range []string{"status", "stdout", "stderr", "exit_status", "cpu_ms", "wall_ms", "memory_kib", "compile_output"} {
		if _, found := fields[k]; !found {
			t.Errorf("the run's answer has no %q: %v", k, fields)
		}
	}
	if ok.Status != judge.RunOK || ok.Stdout != "5\n" || ok.Stderr != "size 4\n" || ok.ExitStatus != 0 || ok.MemoryKiB <= 0 {
		t.Errorf("run = %+v, want ok with 5 and size 4", ok)
	}
	var ce runJSON
	e.do("POST", "/api/v1/problems/flood/run", alice, runRequest{Language: "cpp", Source: "int main() { return }\n"}).want(t, 200, "").json(t, &ce)
	if ce.Status != judge.RunCompileError || !strings.Contains(ce.CompileOutput, "error") || ce.Stdout != "" {
		t.Errorf("run of a broken source = %+v, want compile_error with the compiler's message", ce)
	}
	// The third of the budget of 3, refused for its size.
	e.do("POST", "/api/v1/problems/flood/run", alice, map[string]any{"language": "cpp", "source": talkSource, "input": strings.Repeat("7", judge.MaxRunInput+1)}).
		want(t, 413, judge.ETOOLARGE)
	limited := e.do("POST", "/api/v1/problems/flood/run", alice, runRequest{Language: "cpp", Source: talkSource}).want(t, 429, judge.ERATELIMITED)
	if limited.header.Get("Retry-After") == "" || !strings.Contains(limited.errorMessage(t), "runs") {
		t.Errorf("429 without Retry-After or saying %q", limited.errorMessage(t))
	}
	// Another user has a budget of their own; the submissions' is apart.
	bob := e.student("bob")
	e.do("POST", "/api/v1/problems/nope/run", bob, runRequest{Language: "cpp", Source: talkSource}).want(t, 404, judge.ENOTFOUND)
	e.do("POST", "/api/v1/problems/flood/run", bob, "{").want(t, 400, judge.EINVALID)

	var list []submissionJSON
	r := e.do("GET", "/api/v1/submissions", alice, nil).want(t, 200, "")
	r.json(t, &list)
	if len(list) != 0 || r.header.Get("X-Total-Count") != "0" {
		t.Errorf("alice has %d submissions (X-Total-Count %s) after her runs; want none", len(list), r.header.Get("X-Total-Count"))
	}
}

// TestRunWithoutSandbox: 503 unavailable when the server runs no sandbox.
func TestRunWithoutSandbox(t *testing.T) {
	e := newAPIEnvWith(t, Options{}, service.Config{RegistrationOpen: true})
	e.waitReady()
	alice := e.student("alice")
	e.do("POST", "/api/v1/problems/flood/run", alice, runRequest{Language: "cpp", Source: talkSource}).want(t, 503, judge.EUNAVAILABLE)
}
