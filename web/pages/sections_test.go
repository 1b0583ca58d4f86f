package pages

import (
	"bytes"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
)

// between is the text of body from the first from to the next to after it
// ("" when from is not there).
func between(body, from, to string) string {
	i := strings.Index(body, from)
	if i < 0 {
		return ""
	}
	rest := body[i:]
	if j := strings.Index(rest, to); j >= 0 {
		return rest[:j]
	}
	return rest
}

// TestProblemSections: the problem page's links to its parts (issue 34),
// each to an element of the page, the link to the viewer's submissions and
// their section for a logged-in viewer only, who sees there their latest
// submissions to the problem. The link to the run form (#run) is there for
// a problem that takes programs; its section is problem_run's.
func TestProblemSections(t *testing.T) {
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	anon := e.browser().get("/problems/flood").want(t, 200, `<nav class="sections"`,
		`<a href="#statement">Statement</a>`, `<a href="#play">Play</a>`, `<a href="#submit">Submit</a>`, `<a href="#run">Run</a>`,
		`<article class="statement" lang="en" id="statement">`, `<section class="play-list" id="play">`, `<section class="submit" id="submit">`)
	if strings.Contains(anon.body, `#mine`) || strings.Contains(anon.body, `id="mine"`) {
		t.Errorf("an anonymous problem page links to the viewer's submissions")
	}

	alice := e.browser()
	alice.register("alice", "alice-password")
	alice.get("/problems/flood").want(t, 200, `<a href="#mine">Submissions</a>`, `<section class="mine" id="mine">`,
		"You have sent nothing to this problem yet.")
	loc := alice.post("/problems/flood/submissions", url.Values{"kind": {"moves"}, "case": {strconv.FormatInt(cases[1].ID, 10)}, "moves": {"1 2 1"}}).redirectTo(t, "/submissions/")
	alice.waitDone(loc)
	mine := between(alice.get("/problems/flood").body, `<section class="mine" id="mine">`, "</section>")
	for _, want := range []string{`<a href="` + loc + `">`, "accepted", `href="/problems/flood/submissions"`} {
		if !strings.Contains(mine, want) {
			t.Errorf("the section of alice's submissions reads %q, want %q in it", mine, want)
		}
	}
	// Bob's page lists none of alice's.
	bob := e.browser()
	bob.register("bob", "bob-password")
	bob.get("/problems/flood").want(t, 200, "You have sent nothing to this problem yet.")
}

// TestRefusedFormErrorBeside: a refused form shows its message in the form
// itself, once, and the form's action carries the form's anchor, so that
// the browser scrolls to it on the page it gets back (issue 34: the message
// was at the top of the forms, far below where the page opens). A refused
// form that the page does not show (a kind of no form) keeps its message
// above the forms.
func TestRefusedFormErrorBeside(t *testing.T) {
	e := newPagesEnv(t, Options{})
	e.waitCases("flood")
	alice := e.browser()
	alice.register("alice", "alice-password")
	page := alice.get("/problems/flood").want(t, 200,
		`action="/problems/flood/submissions#answer-form" enctype="multipart/form-data" class="stack" id="answer-form"`,
		`action="/problems/flood/submissions#moves-form" class="stack" id="moves-form"`)
	if strings.Contains(page.body, `class="error"`) {
		t.Errorf("the problem page shows an error before any was sent")
	}
	for _, c := range []struct{ kind, form string }{{"answer", "answer-form"}, {"moves", "moves-form"}} {
		got := alice.post("/problems/flood/submissions", url.Values{"kind": {c.kind}})
		if got.status != 400 {
			t.Fatalf("an empty %s: status %d, want 400", c.kind, got.status)
		}
		form := between(got.body, `id="`+c.form+`"`, "</form>")
		if !strings.Contains(form, `<p class="error" role="alert">`) || strings.Count(got.body, `class="error"`) != 1 {
			t.Errorf("an empty %s: its error is not in its form, once; the form reads %q", c.kind, form)
		}
	}
	got := alice.post("/problems/flood/submissions", url.Values{"kind": {"telepathy"}})
	above := between(got.body, `<section class="submit" id="submit">`, `<div class="forms">`)
	if got.status != 400 || !strings.Contains(above, `<p class="error" role="alert">`) {
		t.Errorf("a kind of no form: status %d, the top of the forms reads %q; want its error there", got.status, above)
	}
}

// TestRefreshWithoutFragment: a page that reloads itself (a submission
// being judged) reloads its address without a fragment. The result page's
// address keeps the fragment of the form that sent it (#program-form), and
// Chromium treats a refresh to the same address with a fragment as a jump
// within the page: the verdict never came (issue 34).
func TestRefreshWithoutFragment(t *testing.T) {
	var buf bytes.Buffer
	v := view{locale: newLocale("en", time.UTC), Path: "/submissions/7?x=1", Title: "t", Refresh: 2, Data: errorView{Status: 404, Message: "m"}}
	if err := pageTemplates["en"].execute(&buf, "error", v); err != nil {
		t.Fatal(err)
	}
	if want := `<meta http-equiv="refresh" content="2; url=/submissions/7?x=1">`; !strings.Contains(buf.String(), want) {
		t.Errorf("the page's head reads %q, want %q", between(buf.String(), "<head>", "<title>"), want)
	}
}
