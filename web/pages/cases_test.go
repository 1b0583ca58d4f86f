package pages

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"puzzlejudge/judge"
)

func TestPagesInstructorCases(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	a := e.browser()
	a.login("admin", pagesAdminPassword)

	p := a.get("/problems/flood/cases").want(t, 200, "Boards of Flood-it", "03-hidden", "Add a board", "Rejudge", `class="case-status s-ready">ready`)
	noTemplateError(t, p)
	if got := strings.Count(p.body, "<svg"); got != len(cases) {
		t.Errorf("cases page has %d pictures, want %d", got, len(cases))
	}
	// The hidden board's expected answer is shown to instructors.
	if !strings.Contains(p.body, `<pre class="case-answer">`+cases[2].Expected.Answer) {
		t.Errorf("cases page lacks the hidden board's expected answer %q", cases[2].Expected.Answer)
	}
	a.get("/problems/flood").want(t, 200, `href="/problems/flood/cases"`)

	// A board that does not parse comes back with line and column, text kept.
	bad := "3\n0 1 2\n1 x 2\n2 2 1\n"
	r := a.post("/problems/flood/cases", url.Values{"name": {"broken"}, "input": {bad}}).
		want(t, 400, "line 3", `class="error parse-error"`, `value="broken"`, ">"+bad+"</textarea>")
	noTemplateError(t, r)

	// A good one is added, solved and drawn.
	loc := a.post("/problems/flood/cases", url.Values{"name": {"added"}, "input": {"2\n0 1\n1 0\n0\n"}, "sample": {"1"}}).
		redirectTo(t, "/problems/flood/cases")
	list := a.get(loc).want(t, 200, "added", "the solver is on it")
	if !strings.Contains(list.body, "added <span class=\"tag\">sample</span>") {
		t.Errorf("the added board is not marked as a sample")
	}
	var added judge.Case
	deadline := time.Now().Add(20 * time.Second)
	for {
		_, cs, err := e.svc.Problem(context.Background(), staff, "flood")
		if err != nil {
			t.Fatal(err)
		}
		added = cs[len(cs)-1]
		if added.Status != judge.CaseSolving || time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if added.Name != "added" || added.Status != judge.CaseReady {
		t.Fatalf("added board %+v, want ready", added)
	}
	a.get("/problems/flood/cases").want(t, 200, fmt.Sprintf(`id="case-%d"`, added.ID), "An optimal move sequence (2 moves)")
	a.get("/problems/flood").want(t, 200, "added</h3>")

	a.post(fmt.Sprintf("/problems/flood/cases/%d/delete", added.ID), url.Values{}).redirectTo(t, "/problems/flood/cases")
	after := a.get("/problems/flood/cases").want(t, 200, "Board deleted.")
	if strings.Contains(after.body, fmt.Sprintf(`id="case-%d"`, added.ID)) {
		t.Errorf("deleted board still listed")
	}
	a.post("/problems/flood/cases/999999/delete", url.Values{}).want(t, 404)
	a.post("/problems/flood/rejudge", url.Values{}).redirectTo(t, "/problems/flood/cases")
	a.get("/problems/flood/cases").want(t, 200, "queued for judging again")
	a.get("/problems/nope/cases").want(t, 404)

	// A student may do none of it.
	s := e.browser()
	s.register("henry", "henry-password")
	s.get("/problems/flood")
	s.post("/problems/flood/cases", url.Values{"name": {"x"}, "input": {"2\n0 0\n0 0\n"}}).want(t, 403)
	s.post("/problems/flood/rejudge", url.Values{}).want(t, 403)
	s.post(fmt.Sprintf("/problems/flood/cases/%d/delete", cases[0].ID), url.Values{}).want(t, 403)
}

func TestPagesInstructorSubmissions(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	var right strings.Builder
	for _, c := range cases {
		right.WriteString(c.Expected.Answer)
	}
	for _, who := range []string{"ivy", "jack"} {
		b := e.browser()
		b.register(who, who+"-password")
		b.get("/problems/flood")
		b.waitDone(b.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {right.String()}}).redirectTo(t, "/submissions/"))
		b.get("/problems/flood")
		b.waitDone(b.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {"1\n1\n1\n"}}).redirectTo(t, "/submissions/"))
	}
	a := e.browser()
	a.login("admin", pagesAdminPassword)
	all := a.get("/problems/flood/submissions").want(t, 200, "All submissions to flood", "ivy", "jack", "4 submissions", `name="verdict"`)
	noTemplateError(t, all)
	ivy := a.get("/problems/flood/submissions?user=ivy").want(t, 200, "2 submissions")
	if strings.Contains(ivy.body, "jack") {
		t.Errorf("filter by ivy shows jack")
	}
	acc := a.get("/problems/flood/submissions?user=ivy&verdict=accepted").want(t, 200, "1 submissions", `value="accepted" selected`)
	if strings.Contains(acc.body, "wrong answer</span>") {
		t.Errorf("filter by accepted shows a wrong answer")
	}
	a.get("/problems/flood/submissions?verdict=bogus").want(t, 200, "4 submissions")
	a.get("/problems/rot/submissions").want(t, 200, "No submissions")
	a.get("/problems/nope/submissions").want(t, 404)
	a.get("/submissions").want(t, 200, "All submissions", "4 submissions")
}

func TestPagesPagination(t *testing.T) {
	e := newPagesEnv(t, Options{})
	e.waitCases("flood")
	b := e.browser()
	b.register("kim", "kim-password")
	u, err := e.svc.Authenticate(context.Background(), "kim", "kim-password")
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < pageSize+5; i++ {
		if _, err := e.svc.Submit(context.Background(), u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: fmt.Sprintf("%d\n", i)}); err != nil {
			t.Fatal(err)
		}
	}
	first := b.get("/submissions").want(t, 200, "page 1 of 2", `href="/submissions?page=2"`, fmt.Sprintf("%d submissions", pageSize+5))
	if got := strings.Count(first.body, `<td><a href="/submissions/`); got != pageSize {
		t.Errorf("page 1 shows %d submissions, want %d", got, pageSize)
	}
	second := b.get("/submissions?page=2").want(t, 200, "page 2 of 2", `href="/submissions?page=1"`)
	if got := strings.Count(second.body, `<td><a href="/submissions/`); got != 5 {
		t.Errorf("page 2 shows %d submissions, want 5", got)
	}
	b.get("/submissions?page=-3").want(t, 200, "page 1 of 2")
	b.get("/submissions?page=99").want(t, 200, "No submissions")
}
