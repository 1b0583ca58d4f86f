package pages

import (
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestAuthoringPages walks the instructor's pages: a new problem as a
// draft (not found for a student), boards generated until the run's page
// says done, the edit form publishing it, the export link, an import of that
// package under another slug, and archiving.
func TestAuthoringPages(t *testing.T) {
	e := newPagesEnv(t, Options{})
	teacher := e.browser()
	teacher.login("admin", pagesAdminPassword)
	student := e.browser()
	student.register("ada", "lovelace-1")

	student.get("/problems/new").want(t, 403)
	teacher.get("/").want(t, 200, `href="/problems/new"`, `href="/problems/import"`)
	teacher.get("/problems/new").want(t, 200, `action="/problems/new#form-error"`)
	form := url.Values{"slug": {"flood-5"}, "title": {"Flood five"}, "puzzle": {"floodit"}, "checker": {"exact"},
		"max_size": {"99"}, "max_colors": {"0"}, "max_moves": {"0"}, "statement": {"# Flood\n"}}
	// The refused form's message has the anchor its action ends in
	// (issue 34: the page opened at its top, the message at its bottom).
	p := teacher.post("/problems/new", form).want(t, 400, "limits.max_size:", `<p class="error" role="alert" id="form-error">`)
	noTemplateError(t, p)
	form.Set("max_size", "6")
	teacher.post("/problems/new", form).redirectTo(t, "/problems/flood-5/cases")
	student.get("/problems/flood-5").want(t, 404)
	teacher.get("/").want(t, 200, "Flood five", "draft")

	page := teacher.get("/problems/flood-5/cases").want(t, 200, `action="/problems/flood-5/cases/generate#generate"`, `name="param_size"`, `name="min_optimal"`)
	noTemplateError(t, page)
	teacher.post("/problems/flood-5/cases/generate", url.Values{"count": {"3"}, "seed": {"7"}, "param_size": {"5"}}).
		want(t, 400, "params.colors:")
	// A negative seed is a whole number: the message says what a seed is.
	teacher.post("/problems/flood-5/cases/generate", url.Values{"count": {"3"}, "seed": {"-5"}, "param_size": {"5"}, "param_colors": {"3"}}).
		want(t, 400, "seed: &#34;-5&#34; is not a whole number of 0 or more")
	loc := teacher.post("/problems/flood-5/cases/generate", url.Values{"count": {"3"}, "seed": {"7"}, "param_size": {"5"}, "param_colors": {"3"},
		"min_optimal": {"4"}, "max_optimal": {"6"}}).redirectTo(t, "/problems/flood-5/generations/")
	deadline := time.Now().Add(time.Minute)
	for {
		p := teacher.get(loc).want(t, 200)
		noTemplateError(t, p)
		if strings.Contains(p.body, `gen-status">done`) {
			// Issue 24: the report once, and links to the new boards.
			p.want(t, 200, "kept 3 of 3 wanted", `class="gen-board" href="/problems/flood-5/play/`)
			if n := strings.Count(strings.ToLower(p.body), "of 3 wanted"); n != 1 {
				t.Errorf("the page says its counts %d times, want once", n)
			}
			break
		}
		if !strings.Contains(p.body, `gen-status">running`) || time.Now().After(deadline) {
			t.Fatalf("generation page:\n%s", p.body)
		}
		time.Sleep(20 * time.Millisecond)
	}
	// A run that cannot finish is stopped from its page.
	loc = teacher.post("/problems/flood-5/cases/generate", url.Values{"count": {"1"}, "seed": {"1"}, "param_size": {"3"}, "param_colors": {"2"},
		"min_optimal": {"30"}}).redirectTo(t, "/problems/flood-5/generations/")
	if p := teacher.get(loc); strings.Contains(p.body, `gen-status">running`) {
		p.want(t, 200, `/cancel"`)
		teacher.post(loc+"/cancel", url.Values{}).redirectTo(t, loc)
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		p := teacher.get(loc)
		if strings.Contains(p.body, `gen-status">stopped`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the run was not stopped:\n%s", p.body)
		}
	}
	if n := strings.Count(teacher.get("/problems/flood-5/cases").body, `s-ready`); n != 3 {
		t.Errorf("the boards page shows %d ready boards, want 3", n)
	}

	teacher.get("/problems/flood-5/edit").want(t, 200, `action="/problems/flood-5/edit#form-error"`)
	form.Set("published", "1")
	teacher.post("/problems/flood-5/edit", form).redirectTo(t, "/problems/flood-5")
	student.get("/problems/flood-5").want(t, 200, "Flood five")

	zip := teacher.get("/problems/flood-5/package.zip").want(t, 200)
	if ct := zip.header.Get("Content-Type"); ct != "application/zip" {
		t.Fatalf("export Content-Type %q", ct)
	}
	student.get("/problems/flood-5/package.zip").want(t, 403)
	teacher.get("/problems/import").want(t, 200, `enctype="multipart/form-data"`)
	teacher.upload("/problems/import", url.Values{"slug": {"flood-5-copy"}}, "file", "p.zip", zip.body).redirectTo(t, "/problems/flood-5-copy/cases")
	copyPage := teacher.get("/problems/flood-5-copy/cases").want(t, 200, "gen-s7-01", "gen-s7-03")
	noTemplateError(t, copyPage)
	p = teacher.upload("/problems/import", url.Values{}, "file", "p.zip", "not a zip").want(t, 400, "not a zip archive")
	noTemplateError(t, p)

	teacher.get("/problems/flood-5/edit")
	teacher.post("/problems/flood-5/archive", url.Values{}).redirectTo(t, "/")
	student.get("/problems/flood-5").want(t, 404)
	if regexp.MustCompile(`href="/problems/flood-5"`).MatchString(student.get("/").body) {
		t.Errorf("the student's problem list shows the archived problem")
	}
}

// TestAuthoringStatementZH: the problem form takes the Chinese statement
// (statement_zh), gives it back on the edit form, and a Chinese reader
// reads it on the problem page while an English reader reads the English
// one; an edit from a form without the field leaves it alone.
func TestAuthoringStatementZH(t *testing.T) {
	e := newPagesEnv(t, Options{})
	teacher := e.browser()
	teacher.login("admin", pagesAdminPassword)
	teacher.get("/problems/new").want(t, 200, `name="statement_zh"`)
	form := url.Values{"slug": {"flood-zh"}, "title": {"Flood zh"}, "puzzle": {"floodit"}, "checker": {"exact"},
		"max_size": {"6"}, "max_colors": {"0"}, "max_moves": {"0"}, "statement": {"# Flood\n\nFlood the board.\n"},
		"statement_zh": {"# 染色\n\n把棋盘染成一种颜色。\n"}, "published": {"1"}}
	teacher.post("/problems/new", form).redirectTo(t, "/problems/flood-zh/cases")
	edit := teacher.get("/problems/flood-zh/edit").want(t, 200, "把棋盘染成一种颜色。")
	noTemplateError(t, edit)

	form.Set("statement_zh", "# 染色游戏\n\n把整个棋盘染成同一种颜色。\n")
	teacher.post("/problems/flood-zh/edit", form).redirectTo(t, "/problems/flood-zh")
	form.Del("statement_zh")
	form.Set("title", "Flood in two languages")
	teacher.post("/problems/flood-zh/edit", form).redirectTo(t, "/problems/flood-zh")

	zh := e.browser()
	zh.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}})
	zh.get("/problems/flood-zh").want(t, 200, "把整个棋盘染成同一种颜色。")
	en := e.browser()
	if p := en.get("/problems/flood-zh").want(t, 200, "Flood the board."); strings.Contains(p.body, "染色游戏") {
		t.Errorf("the English reader's page shows the Chinese statement")
	}
}
