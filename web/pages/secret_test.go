package pages

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"puzzlejudge/judge"
)

// newSecretProblem makes the published Flood-it problem "timed" that takes
// moves and programs but no answers: a sample and two hidden boards whose
// names give their answers away. It returns its cases in order.
func newSecretProblem(t *testing.T, e *pagesEnv) []judge.Case {
	t.Helper()
	ctx := context.Background()
	if _, err := e.svc.CreateProblem(ctx, staff, judge.ProblemSpec{Slug: "timed", Title: "Timed", Puzzle: "floodit", Statement: "Flood it.",
		Published: true, Kinds: []judge.Kind{judge.KindMoves, judge.KindProgram}, Limits: judge.Limits{TimeLimit: 1.5, MemoryMiB: 64}}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []judge.CaseSpec{
		{Name: "01-sample", Input: "2\n0 0\n0 1\n", Sample: true},
		{Name: "09-four-moves-unsolvable", Input: "3\n0 1 2\n1 2 0\n2 0 1\n"},
		{Name: "12-two-blocks-never-vanish", Input: "3\n2 2 2\n2 1 2\n2 2 2\n"},
	} {
		if _, err := e.svc.AddCase(ctx, staff, "timed", c); err != nil {
			t.Fatal(err)
		}
	}
	return e.waitCases("timed")
}

// TestSecretProblemPage: the page of a problem that takes no answers shows
// a student its limits, the rule of what can be downloaded, the forms of
// its kinds only, and no hidden board to play or to send moves for.
func TestSecretProblemPage(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := newSecretProblem(t, e)
	b := e.browser()
	b.register("ada", "lovelace-1")
	p := b.get("/problems/timed").want(t, 200, "time limit <strong>1.5 s</strong> of CPU per board", "memory <strong>64 MiB</strong>",
		"Only the sample boards can be downloaded. The other 2 boards are secret", "Download the sample input",
		`id="moves-form"`, `/problems/timed/play/`+strconv.FormatInt(cases[0].ID, 10))
	noTemplateError(t, p)
	for _, leak := range []string{`id="answer-form"`, "four-moves", "two-blocks", "0 1 2", "/play/" + strconv.FormatInt(cases[1].ID, 10),
		`value="` + strconv.FormatInt(cases[1].ID, 10) + `"`} {
		if strings.Contains(p.body, leak) {
			t.Errorf("the student's page holds %q", leak)
		}
	}
	b.get("/problems/timed/play/"+strconv.FormatInt(cases[1].ID, 10)).want(t, 403, "board 2 of problem timed is secret")
	b.get("/problems/timed/play/"+strconv.FormatInt(cases[0].ID, 10)).want(t, 200)
	// A form posted by hand is refused all the same.
	b.post("/problems/timed/submissions", url.Values{"kind": {"answer"}, "output": {"0\n"}}).want(t, 403, "does not take answer submissions")

	// The instructor sees every board, under its name, and the rule.
	a := e.browser()
	a.login("admin", pagesAdminPassword)
	staffPage := a.get("/problems/timed").want(t, 200, "09-four-moves-unsolvable", "students download the sample boards only", "Download the judge input")
	if strings.Contains(staffPage.body, `id="answer-form"`) {
		t.Errorf("the instructor's page offers the answer form of a problem that takes no answers")
	}
	a.get("/problems/timed/play/"+strconv.FormatInt(cases[1].ID, 10)).want(t, 200)

	// A problem that takes answers says every board can be downloaded,
	// and shows no program limits when it takes no programs.
	b.get("/problems/flood").want(t, 200, "Every board can be downloaded", `id="answer-form"`)
}

// TestAuthoringKindsAndLimits: the problem form shows the kinds' boxes
// and the program limits (the defaults for a new problem), stores what is
// ticked and typed, and shows the service's message for what it refuses.
func TestAuthoringKindsAndLimits(t *testing.T) {
	e := newPagesEnv(t, Options{})
	a := e.browser()
	a.login("admin", pagesAdminPassword)
	p := a.get("/problems/new").want(t, 200, `name="kinds" value="answer" checked`, `name="kinds" value="moves" checked`, `name="kinds" value="program" checked`,
		`name="time_limit" type="number" min="0" step="any" value="2"`, `name="memory" type="number" min="1" value="256"`, `name="code" type="number" min="1" value="128"`,
		`name="compilation_memory" type="number" min="1" value="2048"`, `name="ac_to_time_limit" type="number" min="1" step="any" value="2"`)
	noTemplateError(t, p)

	form := url.Values{"slug": {"timed"}, "title": {"Timed"}, "puzzle": {"floodit"}, "checker": {"exact"}, "statement": {"x"}, "published": {"1"},
		"kinds_sent": {"1"}, "time_limit": {"1.5"}, "memory": {"64"}, "output": {"1"}, "code": {"32"}, "compilation_time": {"30"},
		"compilation_memory": {"1024"}, "ac_to_time_limit": {"3"}}
	for _, tc := range []struct {
		edit func(url.Values)
		want string
	}{
		{func(f url.Values) {}, "kinds: a problem takes at least one of answer, moves, program"},
		{func(f url.Values) { f["kinds"] = []string{"program"}; f.Set("time_limit", "fast") }, "limits.time_limit: &#34;fast&#34; is not a number"},
		{func(f url.Values) { f.Set("time_limit", "3600") }, "limits.time_limit: 3600 is out of range"},
		{func(f url.Values) { f.Set("time_limit", "1.5"); f.Set("memory", "-1") }, "limits.memory: -1 is out of range"},
		{func(f url.Values) { f.Set("memory", "1.5") }, "limits.memory: &#34;1.5&#34; is not a whole number"},
	} {
		tc.edit(form)
		noTemplateError(t, a.post("/problems/new", form).want(t, 400, tc.want))
	}
	form.Set("memory", "64")
	a.post("/problems/new", form).redirectTo(t, "/problems/timed/cases")
	got, _, err := e.svc.Problem(context.Background(), staff, "timed")
	want := judge.Limits{TimeLimit: 1.5, MemoryMiB: 64, OutputMiB: 1, CodeKiB: 32, CompilationTime: 30, CompilationMemoryMiB: 1024, ACToTimeLimit: 3}
	if err != nil || len(got.Kinds) != 1 || got.Kinds[0] != judge.KindProgram || got.Limits != want {
		t.Fatalf("stored %v %+v, %v; want [program] %+v", got.Kinds, got.Limits, err, want)
	}
	edit := a.get("/problems/timed/edit").want(t, 200, `name="kinds" value="program" checked`, `value="1.5"`, `name="memory" type="number" min="1" value="64"`)
	if strings.Contains(edit.body, `value="answer" checked`) {
		t.Errorf("the edit form ticks answer for a problem that takes programs only")
	}
	// Ticking answer and moves again, and a new time limit, are saved.
	form["kinds"] = []string{"answer", "moves", "program"}
	form.Set("time_limit", "4")
	a.post("/problems/timed/edit", form).redirectTo(t, "/problems/timed")
	got, _, _ = e.svc.Problem(context.Background(), staff, "timed")
	if len(got.Kinds) != 3 || got.Limits.TimeLimit != 4 || got.Limits.MemoryMiB != 64 {
		t.Errorf("after the edit: %v %+v", got.Kinds, got.Limits)
	}
}
