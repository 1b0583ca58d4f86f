package pages

import (
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestPagesAssignmentHiddenProblems: the assignment form offers drafts
// (marked) but not archived problems, except one the assignment already
// has; a student sees a draft of the assignment as not available, with no
// link to it.
func TestPagesAssignmentHiddenProblems(t *testing.T) {
	e := newPagesEnv(t, Options{})
	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	for _, slug := range []string{"soon", "retired"} {
		prof.get("/problems/new")
		prof.post("/problems/new", url.Values{"slug": {slug}, "title": {"Secret " + slug}, "puzzle": {"floodit"}}).redirectTo(t, "/problems/"+slug)
	}
	prof.get("/problems/retired/edit")
	prof.post("/problems/retired/archive", url.Values{}).redirectTo(t, "/")
	form := prof.get("/assignments").want(t, 200, `name="weight-soon"`, `<span class="tag">draft</span>`)
	if strings.Contains(form.body, `name="weight-retired"`) {
		t.Errorf("the new-assignment form offers the archived problem")
	}
	now := time.Now().UTC()
	loc := prof.post("/assignments", url.Values{"title": {"Week 1"}, "opens_at": {now.Add(-time.Hour).Format(formTime)},
		"due_at": {now.Add(time.Hour).Format(formTime)}, "problem": {"flood", "soon"}}).redirectTo(t, "/assignments/")
	prof.get(loc).want(t, 200, `<a href="/problems/soon">Secret soon</a>`, "students see it as not available")

	stu := e.browser()
	stu.register("ada", "lovelace-1")
	mine := stu.get(loc).want(t, 200, `<a href="/problems/flood">`, "not available")
	noTemplateError(t, mine)
	if strings.Contains(mine.body, "Secret soon") || strings.Contains(mine.body, `href="/problems/soon"`) {
		t.Errorf("a student's assignment page shows the draft's title or link")
	}
	own := stu.get(loc+"/progress").want(t, 200, `data-student="ada"`)
	if strings.Contains(own.body, "/progress/soon") {
		t.Errorf("a student's progress page links to the draft's boards")
	}

	// Archived while in the assignment, it stays on the edit form, and a
	// save keeps it.
	prof.get("/problems/soon/edit")
	prof.post("/problems/soon/archive", url.Values{}).redirectTo(t, "/")
	prof.get(loc).want(t, 200, `value="soon" checked>`, `<span class="tag">archived</span>`)
	prof.post(loc+"/edit", url.Values{"title": {"Week 1b"}, "opens_at": {now.Add(-time.Hour).Format(formTime)},
		"due_at": {now.Add(time.Hour).Format(formTime)}, "problem": {"flood", "soon"}}).redirectTo(t, loc)
	prof.get(loc).want(t, 200, "Week 1b", `<a href="/problems/soon">Secret soon</a> <span class="tag">archived</span>`)
}

// TestPagesShippedSlugReadOnly: the edit form of a shipped problem shows
// its slug read-only, an instructor's problem's editable.
func TestPagesShippedSlugReadOnly(t *testing.T) {
	e := newPagesEnv(t, Options{})
	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	prof.get("/problems/flood/edit").want(t, 200, `comes from problems/flood and cannot change`, `value="flood" required readonly>`)
	prof.get("/problems/new")
	prof.post("/problems/new", url.Values{"slug": {"mine"}, "title": {"Mine"}, "puzzle": {"floodit"}}).redirectTo(t, "/problems/mine")
	if mine := prof.get("/problems/mine/edit").want(t, 200, `value="mine" required>`); strings.Contains(mine.body, "readonly") {
		t.Errorf("an instructor's problem's slug is read-only")
	}
}
