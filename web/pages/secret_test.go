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
