package pages

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
)

// TestTitleZHOnThePages: a problem's Chinese title (title_zh) is what a
// Chinese reader reads wherever the title appears: the list, the problem
// page, the play page's title and heading, a contest's problems, the
// clarifications' menu, the scoreboard and an assignment; an English reader
// reads the English title there. The problem form writes it.
func TestTitleZHOnThePages(t *testing.T) {
	e, c := clarificationsEnv(t) // flood, the test catalogue's, has title_zh 染色游戏
	ctx := context.Background()
	cases := e.waitCases("flood")
	now := time.Now()
	a, err := e.svc.CreateAssignment(ctx, webtest.Staff, judge.AssignmentSpec{Title: "Week 1", Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}},
		OpensAt: now.Add(-time.Hour), DueAt: now.Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	contest := "/contests/" + strconv.FormatInt(c.ID, 10)
	paths := []string{"/", "/problems/flood", fmt.Sprintf("/problems/flood/play/%d", cases[1].ID), contest, contest + "/clarifications",
		contest + "/scoreboard", "/assignments/" + strconv.FormatInt(a.ID, 10)}

	zh, en := e.browser(), e.browser()
	zh.login("alice", "alice-pass-1")
	en.login("bob", "bob-pass-1")
	zh.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}})
	en.post("/language", url.Values{"lang": {"en"}, "next": {"/"}})
	for _, path := range paths {
		p := zh.get(path).want(t, 200, "染色游戏")
		noTemplateError(t, p)
		if q := en.get(path).want(t, 200, "Flood-it"); strings.Contains(q.body, "染色游戏") {
			t.Errorf("%s: the English reader reads the Chinese title", path)
		}
	}
	zh.get(fmt.Sprintf("/problems/flood/play/%d", cases[1].ID)).want(t, 200, "<title>试玩 染色游戏：", "<h1>试玩 染色游戏：")

	// The form: title_zh written, given back, shown; a problem without one
	// shows its English title to everyone.
	teacher := e.browser()
	teacher.login("admin", pagesAdminPassword)
	teacher.get("/problems/new").want(t, 200, `name="title_zh"`)
	form := url.Values{"slug": {"tiny"}, "title": {"Tiny flood"}, "title_zh": {"小染色"}, "puzzle": {"floodit"}, "checker": {"exact"},
		"max_size": {"6"}, "max_colors": {"0"}, "max_moves": {"0"}, "statement": {"# Tiny flood\n\nFlood the board.\n"}, "published": {"1"}}
	teacher.post("/problems/new", form).redirectTo(t, "/problems/tiny/cases")
	teacher.get("/problems/tiny/edit").want(t, 200, `name="title_zh" value="小染色"`)
	zh.get("/problems/tiny").want(t, 200, "<h1>小染色</h1>")
	if p := en.get("/problems/tiny").want(t, 200, "<h1>Tiny flood</h1>"); strings.Count(p.body, "Tiny flood") != 2 { // <title> and <h1>
		t.Errorf("the English statement's own heading is shown again under the title")
	}
	form.Set("title_zh", "")
	teacher.post("/problems/tiny/edit", form).redirectTo(t, "/problems/tiny")
	zh.get("/problems/tiny").want(t, 200, "<h1>Tiny flood</h1>")
}
