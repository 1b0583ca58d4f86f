package pages

import (
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestPagesContestAssignment: the assignment form offers the contests; an
// assignment made of one says so on its page, links the contest, and tells
// a student which submissions the contest counts.
func TestPagesContestAssignment(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	right := ""
	for _, c := range cases {
		right += c.Expected.Answer
	}
	stu := e.browser()
	stu.register("ada", "lovelace-1")
	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	now := time.Now().UTC()
	cloc := prof.post("/contests", url.Values{"title": {"Weekly 1"}, "start_time": {now.Add(-time.Hour).Format(formTime)}, "duration": {"5h"},
		"scoring": {"icpc"}, "problems": {"A flood"}}).redirectTo(t, "/contests/")
	cid := strings.TrimPrefix(cloc, "/contests/")

	noTemplateError(t, prof.get("/assignments").want(t, 200, `<select name="contest">`, `<option value="`+cid+`">Weekly 1</option>`))
	// The form's times are the contest's once a contest is chosen.
	loc := prof.post("/assignments", url.Values{"title": {"Exam"}, "opens_at": {now.Format(formTime)},
		"due_at": {now.Add(time.Hour).Format(formTime)}, "contest": {cid}}).redirectTo(t, "/assignments/")
	page := prof.get(loc).want(t, 200, `id="contest"`, `This assignment is the contest <a href="/contests/`+cid+`">Weekly 1</a>`,
		`<option value="`+cid+`" selected>Weekly 1</option>`)
	noTemplateError(t, page)

	stu.get("/problems/flood?contest="+cid).want(t, 200, `name="contest" value="`+cid+`"`)
	stu.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {right}, "contest": {cid}})
	stu.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {right}})
	mine := stu.get(loc).want(t, 200, "Weekly 1", "in the contest: counts", "not in the contest: does not count")
	noTemplateError(t, mine)

	// Saved without a contest, it is an assignment of its own again.
	prof.post(loc+"/edit", url.Values{"title": {"Exam"}, "opens_at": {now.Add(-time.Hour).Format(formTime)},
		"due_at": {now.Add(time.Hour).Format(formTime)}, "problem": {"flood"}, "weight-flood": {"1"}, "contest": {""}}).redirectTo(t, loc)
	if p := prof.get(loc).want(t, 200, "Exam"); strings.Contains(p.body, `id="contest"`) {
		t.Errorf("the assignment still says it is a contest after the contest was taken off")
	}
}
