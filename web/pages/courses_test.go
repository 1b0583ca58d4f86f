package pages

import (
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestPagesAssignmentsAndProgress(t *testing.T) {
	e := newPagesEnv(t, Options{})
	e.waitCases("flood")
	stu := e.browser()
	stu.register("ada", "lovelace-1")
	stu.post("/problems/flood/submissions", url.Values{"kind": {"answer"}, "output": {"0\n"}})

	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	form := prof.get("/assignments").want(t, 200, "New assignment", `name="weight-flood"`)
	noTemplateError(t, form)
	now := time.Now().UTC()
	bad := prof.post("/assignments", url.Values{"title": {"Week 1"}, "opens_at": {now.Add(-time.Hour).Format(formTime)},
		"due_at": {now.Add(-2 * time.Hour).Format(formTime)}, "problem": {"flood"}, "weight-flood": {"2"}}).
		want(t, 400, "due_at must be after opens_at", `value="Week 1"`)
	noTemplateError(t, bad)
	loc := prof.post("/assignments", url.Values{"title": {"Week 1"}, "opens_at": {now.Add(-time.Hour).Format(formTime)},
		"due_at": {now.Add(50 * time.Hour).Format(formTime)}, "problem": {"flood"}, "weight-flood": {"2"}}).redirectTo(t, "/assignments/")
	id := strings.TrimPrefix(loc, "/assignments/")
	page := prof.get(loc).want(t, 200, "Week 1", "Download the grades (CSV)", "Edit", "left")
	noTemplateError(t, page)

	// The student sees it with the time left, and their own best.
	stu.get("/assignments").want(t, 200, "Week 1", "2 days 1 hour left")
	mine := stu.get(loc).want(t, 200, "Week 1", "Your submissions", "My progress")
	noTemplateError(t, mine)
	if strings.Contains(mine.body, "grades.csv") || strings.Contains(mine.body, `action="/assignments/`+id+`/edit"`) {
		t.Errorf("a student's assignment page offers the instructor's links")
	}
	stu.get(loc+"/grades.csv").want(t, 403)
	stu.get("/users").want(t, 403)

	// Progress, drill-down, CSV.
	prog := prof.get(loc+"/progress").want(t, 200, `data-student="ada"`, "Total", `<td class="num g-part" data-value="33.33" title="1 submission; last `, `<span class="cell-meta">wrong answer · 1 · `, `href="/assignments/`+id+`/progress/flood"`)
	noTemplateError(t, prog)
	prof.get(loc+"/progress?student=zzz").want(t, 200, "No student matches")
	noTemplateError(t, prof.get(loc+"/progress/flood").want(t, 200, `data-student="ada"`, "03-hidden"))
	own := stu.get(loc+"/progress").want(t, 200, `data-student="ada"`)
	if strings.Count(own.body, "data-student=") != 1 {
		t.Errorf("a student's progress page shows other rows")
	}
	csv := prof.get(loc+"/grades.csv").want(t, 200, "username,flood,total\r\n", "ada,")
	if ct := csv.header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		t.Errorf("grades.csv Content-Type %q", ct)
	}

	// Edit, then delete.
	prof.get(loc)
	prof.post(loc+"/edit", url.Values{"title": {"Week 1b"}, "opens_at": {now.Add(-time.Hour).Format(formTime)},
		"due_at": {now.Add(time.Hour).Format(formTime)}, "problem": {"flood"}, "weight-flood": {"1"}}).redirectTo(t, loc)
	prof.get(loc).want(t, 200, "Week 1b")
	prof.post(loc+"/delete", url.Values{}).redirectTo(t, "/assignments")
	prof.get(loc).want(t, 404)
}

func TestPagesAccounts(t *testing.T) {
	e := newPagesEnv(t, Options{})
	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	prof.get("/users").want(t, 200, "Accounts", "New account", "CSV")
	created := prof.post("/users", url.Values{"username": {"ada"}, "role": {"student"}}).want(t, 201, "Passwords to hand out", "<td>ada</td>")
	noTemplateError(t, created)
	pw := regexp.MustCompile(`<td>ada</td><td>student</td><td><code>([^<]+)</code>`).FindStringSubmatch(created.body)
	if pw == nil {
		t.Fatalf("no generated password on the page:\n%s", created.body)
	}
	bulk := prof.upload("/users", url.Values{"role": {"student"}}, "file", "class.csv", "username\nbob,bob-password\ncyd\n").
		want(t, 201, "<td>bob</td>", "(as given)", "<td>cyd</td>")
	noTemplateError(t, bulk)
	prof.upload("/users", url.Values{}, "file", "class.csv", "dan\nada\n").want(t, 409, "taken")

	ada := e.browser()
	ada.login("ada", pw[1])
	ada.get("/me/password").want(t, 200, "Change your password")
	ada.post("/me/password", url.Values{"old_password": {"wrong-one"}, "new_password": {"new-pass-12"}, "confirm": {"new-pass-12"}}).want(t, 403, "old password is wrong")
	ada.post("/me/password", url.Values{"old_password": {pw[1]}, "new_password": {"new-pass-12"}, "confirm": {"new-pass-13"}}).want(t, 400, "differ")
	ada.post("/me/password", url.Values{"old_password": {pw[1]}, "new_password": {"new-pass-12"}, "confirm": {"new-pass-12"}}).redirectTo(t, "/")
	ada.get("/").want(t, 200, "Password changed", `class="user"`) // this session goes on

	// Disabling ends ada's session at once.
	users, _ := e.svc.Users(t.Context(), staff)
	var adaID string
	for _, u := range users {
		if u.Username == "ada" {
			adaID = strconv.FormatInt(u.ID, 10)
		}
	}
	prof.get("/users")
	prof.post("/users/"+adaID, url.Values{"disabled": {"true"}}).redirectTo(t, "/users")
	if p := ada.get("/"); strings.Contains(p.body, `class="user"`) {
		t.Errorf("a disabled account is still logged in")
	}
	prof.get("/users")
	prof.post("/users/1", url.Values{"role": {"student"}}).want(t, 409, "last instructor")
	prof.get("/users")
	prof.post("/users/"+adaID+"/password", url.Values{}).want(t, 200, "Passwords to hand out", "<td>ada</td>")
}

// TestAssignmentFormLateFactor performs issue 24's bug 5: the form showed a
// late factor of 0.5 beside an empty late-until, and saving stored 0 while
// the form kept showing 0.5 (the API refuses that body). The form now
// offers no factor without a late period and passes a typed one on, so the
// instructor is told what the API says.
func TestAssignmentFormLateFactor(t *testing.T) {
	e := newPagesEnv(t, Options{})
	e.waitCases("flood")
	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	form := prof.get("/assignments").want(t, 200, `name="late_factor" value=""`)
	noTemplateError(t, form)
	now := time.Now().UTC()
	fields := func(extra ...string) url.Values {
		v := url.Values{"title": {"Week 1"}, "opens_at": {now.Add(-time.Hour).Format(formTime)},
			"due_at": {now.Add(50 * time.Hour).Format(formTime)}, "problem": {"flood"}}
		for i := 0; i+1 < len(extra); i += 2 {
			v.Set(extra[i], extra[i+1])
		}
		return v
	}
	prof.post("/assignments", fields("late_factor", "0.5")).want(t, 400, "late_factor 0.5 needs a late_until", `value="0.5"`)
	loc := prof.post("/assignments", fields("late_until", now.Add(60*time.Hour).Format(formTime), "late_factor", "0.5")).redirectTo(t, "/assignments/")
	prof.get(loc).want(t, 200, "×0.5")
	prof.post("/assignments", fields()).redirectTo(t, "/assignments/") // no late period, no factor
}
