package pages

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"testing"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/judge"
	"puzzlejudge/judge/service"
)

// floodIDA is the shipped Flood-it problem's own accepted C++ program.
func floodIDA(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile("../../problems/floodit/submissions/accepted/ida.cpp")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// newProgramEnv is the pages over a service with the real embedded sandbox.
func newProgramEnv(t *testing.T) *pagesEnv {
	t.Helper()
	return newPagesEnvConfig(t, Options{}, service.Config{RegistrationOpen: true, Sandbox: sandboxtest.Embedded(t)})
}

// submissionOf is the service's record of a submission, as an instructor
// reads it: the figures the page must show.
func submissionOf(t *testing.T, e *pagesEnv, id string) judge.Submission {
	t.Helper()
	n, err := strconv.ParseInt(id, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	sub, err := e.svc.Submission(context.Background(), staff, n)
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

// TestProgramPages submits real programs through the problem page's
// program form and reads their pages: an accepted C++ file (its language
// guessed from its name) with per-board CPU, wall time and memory and its
// source highlighted, a pasted source that does not compile with the
// compiler's message; each shown to its owner and instructors only, and
// listed with its language and figures.
func TestProgramPages(t *testing.T) {
	e := newProgramEnv(t)
	e.waitCases("flood")
	alice := e.browser()
	alice.register("alice", "alice-password")
	prob, _, err := e.svc.Problem(context.Background(), staff, "flood")
	if err != nil {
		t.Fatal(err)
	}
	lim := prob.Limits.WithProgramDefaults()
	form := alice.get("/problems/flood").want(t, 200, `id="program-form"`, `enctype="multipart/form-data"`,
		`<option value="cpp" data-extensions=".cpp .cc .cxx"`, `<option value="">from the file's extension</option>`,
		`name="source"`, `<input type="file" name="file" id="program-file" data-language="program-language">`,
		fmt.Sprintf("time limit <strong>%s</strong> of CPU per board", strconv.FormatFloat(lim.TimeLimit, 'f', -1, 64)+" s"),
		fmt.Sprintf("memory <strong>%d MiB</strong>", lim.MemoryMiB), fmt.Sprintf("output %d MiB", lim.OutputMiB),
		fmt.Sprintf("source at most %d KiB", lim.CodeKiB))
	noTemplateError(t, form)
	for _, l := range e.svc.Languages() {
		if !strings.Contains(form.body, `<option value="`+l.ID+`"`) {
			t.Errorf("the language select has no %q (GET /api/v1/languages lists it)", l.ID)
		}
		// A slower language's own time limit stands beside the problem's.
		if want := fmt.Sprintf("%s: %s s", l.Name, strconv.FormatFloat(lim.TimeLimit*l.TimeFactor, 'f', -1, 64)); l.TimeFactor > 1 && !strings.Contains(form.body, want) {
			t.Errorf("the limits do not say %q", want)
		}
	}

	// An accepted program, uploaded, its language left to the extension.
	src := floodIDA(t)
	accepted := alice.upload("/problems/flood/submissions", url.Values{"kind": {"program"}, "language": {""}}, "file", "main.cpp", src).
		redirectTo(t, "/submissions/")
	id := strings.TrimPrefix(accepted, "/submissions/")
	page := alice.waitDone(accepted).want(t, 200, `class="verdict v-accepted"`, `program in <span class="language" id="language">C&#43;&#43;17 (g&#43;&#43;)</span>`,
		"<th>CPU</th><th>Wall</th><th>Memory</th>", `id="figures"`, `<pre class="chroma">`, `<span class="cp">#include</span>`, `href="#L1"`)
	noTemplateError(t, page)
	sub := submissionOf(t, e, id)
	if sub.Verdict != judge.Accepted || sub.Language != "cpp" || len(sub.Results) == 0 || sub.MemoryKiB <= 0 {
		t.Fatalf("the uploaded program is %s in %q with %d results and %d KiB, want accepted cpp with figures", sub.Verdict, sub.Language, len(sub.Results), sub.MemoryKiB)
	}
	if want := fmt.Sprintf("slowest board <strong>%d ms</strong> of CPU · largest memory <strong>%s</strong>", sub.CPUMs, humanKiB(sub.MemoryKiB)); !strings.Contains(page.body, want) {
		t.Errorf("the submission page has no %q", want)
	}
	for _, r := range sub.Results {
		row := fmt.Sprintf(`<td class="num" data-label="CPU">%d ms</td><td class="num" data-label="Wall">%d ms</td><td class="num" data-label="Memory">%s</td>`, r.CPUMs, r.WallMs, humanKiB(r.MemoryKiB))
		if !strings.Contains(page.body, row) {
			t.Errorf("board %d: the page has no row of figures %q", r.Position, row)
		}
	}

	// Its boards read accepted on the problem page, not untried.
	if p := alice.get("/problems/flood").want(t, 200, `class="chip chip-accepted"`); strings.Contains(p.body, "chip-untried") {
		t.Errorf("a board is still untried after an accepted program")
	}

	// A pasted source that does not compile: the compiler's message.
	alice.get("/problems/flood")
	broken := alice.post("/problems/flood/submissions", url.Values{"kind": {"program"}, "language": {"cpp"}, "source": {"int main() { return }\n"}}).
		redirectTo(t, "/submissions/")
	page = alice.waitDone(broken).want(t, 200, `class="verdict v-compile-error"`, `id="compile-output"`, "error:", `<td>compile (every board)</td>`, `colspan="3">not run</td>`)
	noTemplateError(t, page)

	// Another student reads neither; an instructor reads both.
	bob := e.browser()
	bob.register("bob", "bob-password1")
	for _, path := range []string{accepted, broken} {
		p := bob.get(path).want(t, 403, "is not yours")
		for _, leak := range []string{"chroma", "compile-output", "#include", "error:"} {
			if strings.Contains(p.body, leak) {
				t.Errorf("another student's %s holds %q", path, leak)
			}
		}
	}
	staffBrowser := e.browser()
	staffBrowser.login("admin", pagesAdminPassword)
	staffBrowser.get(accepted).want(t, 200, `<pre class="chroma">`, `id="figures"`)
	staffBrowser.get(broken).want(t, 200, `id="compile-output"`, "error:")

	// The list: the language and the figures of the program.
	list := alice.get("/submissions").want(t, 200, "<th>Language</th>", "<th>Time</th><th>Memory</th>",
		fmt.Sprintf(`<td class="num">%d ms</td><td class="num">%s</td>`, sub.CPUMs, humanKiB(sub.MemoryKiB)))
	noTemplateError(t, list)
	if strings.Count(list.body, "<td>cpp</td>") != 2 {
		t.Errorf("the list does not name the language of both programs:\n%s", list.body)
	}
}

// TestProgramFormRefusals checks the program form's refusals, each shown
// on the problem page again with the pasted source kept: no source, both a
// source and a file, no language for a pasted source, a file whose
// extension names none, a source over limits.code (413, not a 500), a form
// without its CSRF token.
func TestProgramFormRefusals(t *testing.T) {
	e := newProgramEnv(t)
	b := e.browser()
	b.register("carol", "carol-password")
	b.get("/problems/flood")
	post := func(form url.Values) page {
		form.Set("kind", "program")
		return b.post("/problems/flood/submissions", form)
	}
	post(url.Values{"language": {"cpp"}, "source": {"  \n"}}).want(t, 400, "The source is empty")
	post(url.Values{"source": {"int main() {}\n"}}).want(t, 400, "Choose the language of your program", "int main() {}")
	b.upload("/problems/flood/submissions", url.Values{"kind": {"program"}, "language": {"cpp"}, "source": {"int x;"}}, "file", "a.cpp", "int y;").
		want(t, 400, "Paste the source or choose its file, not both.")
	b.upload("/problems/flood/submissions", url.Values{"kind": {"program"}}, "file", "notes.txt", "int main() {}").
		want(t, 400, `no language has the extension of &#34;notes.txt&#34;`)
	post(url.Values{"language": {"cobol"}, "source": {"x"}}).want(t, 400, `unknown language &#34;cobol&#34;`)
	big := strings.Repeat("/", 129<<10)
	p := post(url.Values{"language": {"cpp"}, "source": {big}}).want(t, 413, "takes programs of at most 128 KiB (limits.code)", `selected>C&#43;&#43;17 (g&#43;&#43;)</option>`)
	noTemplateError(t, p)
	post(url.Values{"language": {"cpp"}, "source": {"int main() {}"}, "csrf": {"forged"}}).want(t, 403)
	if subs, total, err := e.svc.Submissions(context.Background(), staff, judge.SubmissionFilter{}); err != nil || total != 0 {
		t.Errorf("refused forms stored %d submissions (%v): %+v", total, err, subs)
	}
}

// TestProgramFormSandboxOff: without a sandbox the problem page hides the
// program form and says why in one line, and a program posted by hand gets
// the reason (503) rather than a stored submission that cannot be judged.
func TestProgramFormSandboxOff(t *testing.T) {
	for _, tc := range []struct {
		name, down, want string
	}{
		{"off", "", "Programs cannot be submitted on this server now: this server runs no sandbox (sandbox: off)."},
		{"cannot start", "the sandbox's container did not start: no user namespaces.", "Programs cannot be submitted on this server now: the sandbox&#39;s container did not start: no user namespaces."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newPagesEnvConfig(t, Options{}, service.Config{RegistrationOpen: true, SandboxDown: tc.down})
			b := e.browser()
			b.register("dave", "dave-password")
			p := b.get("/problems/flood").want(t, 200, `id="program-off"`, tc.want, `id="answer-form"`)
			if strings.Contains(p.body, `id="program-form"`) {
				t.Errorf("the page offers the program form with the sandbox off")
			}
			b.post("/problems/flood/submissions", url.Values{"kind": {"program"}, "language": {"cpp"}, "source": {"int main() {}"}}).
				want(t, 503, "programs cannot be judged on this server now")
		})
	}
}

// TestProgramFormKinds: a problem that takes no programs has no program
// form and refuses one posted by hand (403, on the page), as the other
// forms refuse their kinds.
func TestProgramFormKinds(t *testing.T) {
	e := newPagesEnv(t, Options{})
	if _, err := e.svc.CreateProblem(context.Background(), staff, judge.ProblemSpec{Slug: "outputs", Title: "Outputs only", Puzzle: "floodit",
		Statement: "Flood it.", Published: true, Kinds: []judge.Kind{judge.KindAnswer}}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.AddCase(context.Background(), staff, "outputs", judge.CaseSpec{Name: "01-sample", Input: "2\n0 0\n0 1\n", Sample: true}); err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	b.register("erin", "erin-password")
	p := b.get("/problems/outputs").want(t, 200, `id="answer-form"`)
	for _, s := range []string{`id="program-form"`, `id="program-off"`} {
		if strings.Contains(p.body, s) {
			t.Errorf("the page of a problem that takes no programs holds %q", s)
		}
	}
	b.post("/problems/outputs/submissions", url.Values{"kind": {"program"}, "language": {"cpp"}, "source": {"int main() {}"}}).
		want(t, 403, "does not take program submissions")
}

// TestProgramOnSecretBoards: on a problem that keeps its hidden boards
// secret, a student's program page names them by their number only, as
// the API does; the instructor reads their names.
func TestProgramOnSecretBoards(t *testing.T) {
	e := newProgramEnv(t)
	newSecretProblem(t, e)
	b := e.browser()
	b.register("frank", "frank-password")
	b.get("/problems/timed").want(t, 200, `id="program-form"`, "time limit <strong>1.5 s</strong> of CPU per board", "memory <strong>64 MiB</strong>")
	path := b.upload("/problems/timed/submissions", url.Values{"kind": {"program"}, "language": {"cpp"}}, "file", "ida.cpp", floodIDA(t)).
		redirectTo(t, "/submissions/")
	p := b.waitDone(path).want(t, 200, `class="verdict v-accepted"`, "1. 01-sample", "2. board 2", "3. board 3")
	for _, leak := range []string{"four-moves", "two-blocks"} {
		if strings.Contains(p.body, leak) {
			t.Errorf("the student's program page names a secret board: %q", leak)
		}
	}
	a := e.browser()
	a.login("admin", pagesAdminPassword)
	a.get(path).want(t, 200, "2. 09-four-moves-unsolvable", "3. 12-two-blocks-never-vanish")
}

// TestProgramPagesHideHiddenRuns: the packing program of issue 32 prints
// "0 " and its input packed into CJK characters; the checker quotes that
// text ("found also ...") on every board. The student's page says it on
// the sample only, and the catalogue's message on the hidden boards; the
// instructor's page says it on every board.
func TestProgramPagesHideHiddenRuns(t *testing.T) {
	e := newProgramEnv(t)
	newSecretProblem(t, e)
	pack, err := os.ReadFile("../../judge/service/testdata/programs/pack.py")
	if err != nil {
		t.Fatal(err)
	}
	b := e.browser()
	b.register("frank", "frank-password")
	path := b.upload("/problems/timed/submissions", url.Values{"kind": {"program"}, "language": {"python3"}}, "file", "pack.py", string(pack)).
		redirectTo(t, "/submissions/")
	p := b.waitDone(path).want(t, 200, "1. 01-sample", "2. board 2", "3. board 3")
	const quoted = "found also &#34;" // the checker's quote, as the page escapes it
	hidden := judge.M("hidden_invalid").Text()
	if n, m := strings.Count(p.body, quoted), strings.Count(p.body, hidden); n != 1 || m != 2 {
		t.Errorf("the student's page quotes the output %d times and says %q %d times; want once (the sample) and twice (the hidden boards)", n, hidden, m)
	}
	a := e.browser()
	a.login("admin", pagesAdminPassword)
	if n := strings.Count(a.get(path).want(t, 200).body, quoted); n != 3 {
		t.Errorf("the instructor's page quotes the output %d times, want on all 3 boards", n)
	}
}
