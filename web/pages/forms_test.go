package pages

import (
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestCreateAndEditFormsPostWhereTheyShould: the contest and assignment
// forms carry their own form element and button (contestForm,
// assignmentForm): on the list page they create, on the thing's page they
// save it, and after a refused save the page shown again still saves that
// thing, not a new one. Their times are read alike (readFormTime).
func TestCreateAndEditFormsPostWhereTheyShould(t *testing.T) {
	e := newPagesEnv(t, Options{})
	e.waitCases("flood")
	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	now := time.Now().UTC()

	noTemplateError(t, prof.get("/contests").want(t, 200, `action="/contests#new"`, `>Create the contest</button>`))
	cloc := prof.post("/contests", url.Values{"title": {"Weekly 1"}, "start_time": {now.Add(time.Hour).Format(formTime)}, "duration": {"5h"},
		"scoring": {"icpc"}, "problems": {"A flood"}}).redirectTo(t, "/contests/")
	cid := strings.TrimPrefix(cloc, "/contests/")
	edit := `action="/contests/` + cid + `/edit#edit"`
	noTemplateError(t, prof.get(cloc).want(t, 200, edit, `>Save</button>`))
	refused := prof.post(cloc+"/edit", url.Values{"title": {"Weekly 1"}, "start_time": {now.Format(formTime)}, "duration": {"forever"},
		"scoring": {"icpc"}, "problems": {"A flood"}}).want(t, 400, edit, `>Save</button>`)
	if strings.Contains(refused.body, `action="/contests#new"`) {
		t.Errorf("the contest page shown after a refused save creates a new contest")
	}
	// A time of neither form (the page's clock, RFC 3339) is named so.
	prof.post("/contests", url.Values{"title": {"Weekly 2"}, "start_time": {"soon"}, "duration": {"5h"}, "scoring": {"icpc"},
		"problems": {"A flood"}}).want(t, 400, `start: expected a date and time like 2026-03-02T09:00, found &#34;soon&#34;`)
	prof.post("/contests", url.Values{"title": {"Weekly 2"}, "start_time": {now.Format(time.RFC3339)}, "duration": {"5h"}, "scoring": {"icpc"},
		"problems": {"A flood"}}).redirectTo(t, "/contests/")

	noTemplateError(t, prof.get("/assignments").want(t, 200, `action="/assignments#new"`, `>Create the assignment</button>`))
	aloc := prof.post("/assignments", url.Values{"title": {"Exam"}, "opens_at": {now.Format(formTime)},
		"due_at": {now.Add(time.Hour).Format(formTime)}, "problem": {"flood"}, "weight-flood": {"1"}}).redirectTo(t, "/assignments/")
	aid := strings.TrimPrefix(aloc, "/assignments/")
	aedit := `action="/assignments/` + aid + `/edit#edit"`
	noTemplateError(t, prof.get(aloc).want(t, 200, aedit, `>Save</button>`))
	prof.post(aloc+"/edit", url.Values{"title": {"Exam"}, "opens_at": {"soon"}, "due_at": {now.Format(formTime)},
		"problem": {"flood"}, "weight-flood": {"1"}}).want(t, 400, aedit, `opens_at: expected a date and time like 2026-03-02T09:00, found &#34;soon&#34;`)
}
