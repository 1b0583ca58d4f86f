package api

import (
	"bytes"
	"encoding/json"
	"mime/multipart"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// programJSON is a program submission as GET /submissions/{id} answers it.
type programJSON struct {
	Kind          judge.Kind    `json:"kind"`
	Status        judge.Status  `json:"status"`
	Verdict       judge.Verdict `json:"verdict"`
	Language      string        `json:"language"`
	Source        *string       `json:"source"`
	CompileOutput *string       `json:"compile_output"`
	CPUMs         *int64        `json:"cpu_ms"`
	MemoryKiB     *int64        `json:"memory_kib"`
	Cases         []struct {
		Verdict   judge.Verdict `json:"verdict"`
		Message   string        `json:"message"`
		CPUMs     *int64        `json:"cpu_ms"`
		WallMs    *int64        `json:"wall_ms"`
		MemoryKiB *int64        `json:"memory_kib"`
	} `json:"cases"`
}

// floodIDA is the shipped Flood-it problem's own accepted C++ program.
func floodIDA(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("../../problems/floodit/submissions/accepted/ida.cpp")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// programForm is a multipart form with kind=program, the source as "file"
// named fileName, and extra fields.
func programForm(fields map[string]string, fileName, source string) (*bytes.Buffer, string) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("kind", "program")
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	fw, _ := mw.CreateFormFile("file", fileName)
	fw.Write([]byte(source))
	mw.Close()
	return &body, mw.FormDataContentType()
}

func TestProgramSubmissions(t *testing.T) {
	e := newAPIEnvWith(t, Options{}, service.Config{RegistrationOpen: true, Sandbox: sandboxtest.Embedded(t)})
	env := e.env()
	env.WaitReady()
	alice := env.Student("alice")

	var langs []languageJSON
	e.do("GET", "/api/v1/languages", "", nil).want(t, 200, "").json(t, &langs)
	var cpp *languageJSON
	for i := range langs {
		if langs[i].ID == "cpp" {
			cpp = &langs[i]
		}
	}
	if cpp == nil || cpp.Version == "" || cpp.Name == "" || !strings.Contains(strings.Join(cpp.Extensions, " "), ".cpp") {
		t.Fatalf("GET /api/v1/languages = %+v, want cpp with its name, version and .cpp", langs)
	}
	// Each says how it is compiled and run, and its rules (issue 34).
	for _, l := range langs {
		want := map[string][3]string{ // compile, run, a rule
			"cpp":     {"g++ -std=gnu++17", "./main", "exit status 0"},
			"java":    {"javac", "java ", "public class may be called Main or anything else"},
			"python3": {"", "python3 -S main.py", strings.TrimSpace(l.Version) + ", run as python3 -S"},
		}[l.ID]
		if want == [3]string{} {
			continue
		}
		if !strings.HasPrefix(l.Compile, want[0]) || (want[0] == "") != (l.Compile == "") || !strings.Contains(l.Run, want[1]) || !strings.Contains(strings.Join(l.Rules, "\n"), want[2]) {
			t.Errorf("language %s: compile %q, run %q, rules %q; want %q, %q and a rule saying %q", l.ID, l.Compile, l.Run, l.Rules, want[0], want[1], want[2])
		}
	}

	src := floodIDA(t)
	id := env.Submit(alice, "flood", map[string]any{"kind": "program", "language": "cpp", "source": src})
	var got programJSON
	env.Result(alice, id, &got)
	if got.Kind != judge.KindProgram || got.Verdict != judge.Accepted || got.Language != "cpp" || got.Source == nil || *got.Source != src {
		t.Fatalf("GET /submissions/%d = %s %s in %q (source sent back: %v), want an accepted cpp program", id, got.Kind, got.Verdict, got.Language, got.Source != nil)
	}
	if got.CPUMs == nil || got.MemoryKiB == nil || *got.MemoryKiB <= 0 || len(got.Cases) == 0 {
		t.Fatalf("figures cpu_ms %v, memory_kib %v, %d cases; want them", got.CPUMs, got.MemoryKiB, len(got.Cases))
	}
	for i, c := range got.Cases {
		if c.Verdict != judge.Accepted || c.CPUMs == nil || c.WallMs == nil || c.MemoryKiB == nil || *c.MemoryKiB <= 0 {
			t.Errorf("case %d = %+v, want accepted with cpu_ms, wall_ms and memory_kib", i, c)
		}
	}

	// A file upload names its language by its extension.
	body, ct := programForm(nil, "main.cpp", "int main() { return }\n")
	r := e.postForm(alice, "flood", body, ct).want(t, 202, "")
	var created struct {
		ID int64 `json:"id"`
	}
	r.json(t, &created)
	env.Result(alice, created.ID, &got)
	if got.Verdict != judge.CompileError || got.Language != "cpp" || got.CompileOutput == nil || !strings.Contains(*got.CompileOutput, "error") {
		t.Errorf("uploaded main.cpp = %s in %q, compiler output %v; want compile_error in cpp with the compiler's message", got.Verdict, got.Language, got.CompileOutput)
	}
	// Its one result is named for the step that failed, the same for the
	// student and the jury: not "board 1" for one and "" for the other.
	admin := e.login("admin", adminPassword)
	for who, token := range map[string]string{"the student": alice, "the jury": admin} {
		var res struct {
			Cases []struct {
				Case int64  `json:"case"`
				Name string `json:"name"`
			} `json:"cases"`
		}
		e.do("GET", "/api/v1/submissions/"+itoa64(created.ID), token, nil).want(t, 200, "").json(t, &res)
		if len(res.Cases) != 1 || res.Cases[0].Name != judge.CompileCaseName || res.Cases[0].Case != 0 {
			t.Errorf("%s reads the compile error's cases as %+v, want one named %q", who, res.Cases, judge.CompileCaseName)
		}
	}
	// Others do not read a program, nor its compiler output.
	bob := env.Student("bob")
	e.do("GET", "/api/v1/submissions/"+itoa64(created.ID), bob, nil).want(t, 403, "forbidden")

	for _, tc := range []struct {
		name   string
		body   any
		status int
		code   string
	}{
		{"unknown language", map[string]any{"kind": "program", "language": "cobol", "source": "x"}, 400, "invalid"},
		{"no language", map[string]any{"kind": "program", "source": "int main() {}"}, 400, "invalid"},
		{"over limits.code", map[string]any{"kind": "program", "language": "cpp", "source": strings.Repeat("/", 129<<10)}, 413, "too_large"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e.with(t).do("POST", "/api/v1/problems/flood/submissions", alice, tc.body).want(t, tc.status, tc.code)
		})
	}
	body, ct = programForm(nil, "main.f90", "program x\nend\n")
	e.postForm(alice, "flood", body, ct).want(t, 400, "invalid")
}

// TestProgramsWithoutSandbox: with the sandbox off the API says why with
// 503 unavailable, lists no language, and still takes answers.
func TestProgramsWithoutSandbox(t *testing.T) {
	e := newAPIEnvWith(t, Options{}, service.Config{RegistrationOpen: true, SandboxDown: "sandbox: off in config.yaml"})
	alice := e.env().Student("alice")
	r := e.do("POST", "/api/v1/problems/flood/submissions", alice, map[string]any{"kind": "program", "language": "cpp", "source": "int main() {}"})
	if r.want(t, 503, "unavailable"); !strings.Contains(r.errorMessage(t), "sandbox: off in config.yaml") {
		t.Errorf("503 message %q does not say why", r.errorMessage(t))
	}
	body, ct := programForm(map[string]string{"language": "cpp"}, "main.cpp", "int main() {}")
	e.postForm(alice, "flood", body, ct).want(t, 503, "unavailable")
	// Without "language" the extension names none of no languages: still
	// 503 saying why, not 400 "one of none".
	body, ct = programForm(nil, "main.cpp", "int main() {}")
	if r := e.postForm(alice, "flood", body, ct).want(t, 503, "unavailable"); !strings.Contains(r.errorMessage(t), "sandbox: off in config.yaml") {
		t.Errorf("503 message %q does not say why", r.errorMessage(t))
	}
	var langs []languageJSON
	e.do("GET", "/api/v1/languages", "", nil).want(t, 200, "").json(t, &langs)
	if len(langs) != 0 {
		t.Errorf("languages without a sandbox = %+v, want []", langs)
	}
}

// TestVerdictEnum: the API document's verdicts are the domain's closed set,
// and solved, which a student reads for moves whose optimum is withheld.
func TestVerdictEnum(t *testing.T) {
	var doc struct {
		Components struct {
			Schemas struct {
				Verdict struct {
					Enum []judge.Verdict `json:"enum"`
				} `json:"Verdict"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(openAPIDocument, &doc); err != nil {
		t.Fatal(err)
	}
	if got, want := doc.Components.Schemas.Verdict.Enum, append(judge.Verdicts(), judge.Solved); !slices.Equal(got, want) {
		t.Errorf("openapi.json Verdict enum = %v, want judge.Verdicts() and solved = %v", got, want)
	}
}

// TestProgramRuntimeErrorStderr: a Python program that fails says on each
// sample board the end of its standard error (the exception), and on a
// hidden board nothing of it.
func TestProgramRuntimeErrorStderr(t *testing.T) {
	e := newAPIEnvWith(t, Options{}, service.Config{RegistrationOpen: true, Sandbox: sandboxtest.Embedded(t)})
	env := e.env()
	env.WaitReady()
	alice := env.Student("alice")
	src := "import sys\nsys.stdin.read()\nprint(1 // 0)\n"
	id := env.Submit(alice, "flood", map[string]any{"kind": "program", "language": "python3", "source": src})
	var got struct {
		Verdict judge.Verdict `json:"verdict"`
		Cases   []struct {
			Name    string        `json:"name"`
			Verdict judge.Verdict `json:"verdict"`
			Message string        `json:"message"`
		} `json:"cases"`
	}
	env.Result(alice, id, &got)
	if got.Verdict != judge.RuntimeError || len(got.Cases) != 3 {
		t.Fatalf("GET /submissions/%d = %+v, want runtime_error on three boards", id, got)
	}
	for i, c := range got.Cases {
		sample := i < 2 // the test catalogue's flood: two samples, then a hidden board
		if c.Verdict != judge.RuntimeError {
			t.Errorf("board %d: %s, want runtime_error", i+1, c.Verdict)
		}
		if has := strings.Contains(c.Message, "ZeroDivisionError"); has != sample {
			t.Errorf("board %d (sample %v): message %q; want the exception on samples only", i+1, sample, c.Message)
		}
		if sample && !strings.Contains(c.Message, "exit status 1; its standard error ends: ") {
			t.Errorf("board %d: message %q, want the exit status and the stderr's end", i+1, c.Message)
		}
	}
}

// TestProgramHiddenRunsAPI: GET /submissions/{id} of the packing program of
// issue 32 (it prints "0 " and its input packed into CJK characters) tells
// its author the checker's quote of the output on the samples only; on the
// hidden board the message is the catalogue's. An instructor reads the
// quote on every board.
func TestProgramHiddenRunsAPI(t *testing.T) {
	e := newAPIEnvWith(t, Options{}, service.Config{RegistrationOpen: true, Sandbox: sandboxtest.Embedded(t)})
	env := e.env()
	env.WaitReady()
	pack, err := os.ReadFile("../../judge/service/testdata/programs/pack.py")
	if err != nil {
		t.Fatal(err)
	}
	alice := env.Student("alice")
	id := env.Submit(alice, "flood", map[string]any{"kind": "program", "language": "python3", "source": string(pack)})
	type casesJSON struct {
		Cases []struct {
			Name    string `json:"name"`
			Message string `json:"message"`
			Used    int    `json:"used"`
		} `json:"cases"`
	}
	var mine, full casesJSON
	env.Result(alice, id, &mine)
	env.Result(e.admin, id, &full)
	han := func(s string) bool {
		return strings.ContainsFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) })
	}
	hidden := 0
	for i, c := range mine.Cases {
		if !han(full.Cases[i].Message) {
			t.Errorf("case %s as the instructor reads %q; want the checker's quote of the output", full.Cases[i].Name, full.Cases[i].Message)
		}
		if !strings.Contains(c.Name, "sample") {
			hidden++
			if han(c.Message) || c.Message != judge.M("hidden_invalid").Text() || c.Used != 0 {
				t.Errorf("hidden case %s reads %q (used %d) to its author; want %q", c.Name, c.Message, c.Used, judge.M("hidden_invalid").Text())
			}
		} else if !han(c.Message) {
			t.Errorf("sample %s reads %q to its author; want the checker's quote", c.Name, c.Message)
		}
	}
	if hidden == 0 {
		t.Fatalf("no hidden case in %+v", mine.Cases)
	}
}
