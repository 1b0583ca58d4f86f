//go:build long

package web

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"puzzlejudge/judge"
)

// phone is the width the narrow pages are measured at, a phone's.
const phone = 390

// offscreen lists the elements matching the selector that a reader at the
// viewport's width cannot see whole: past the right edge of the viewport,
// cut off by an ancestor that scrolls or clips (a table scrolling by
// itself), or not drawn at all. Nothing is scrolled: what a reader must
// scroll sideways to see is what it finds.
const offscreen = `(function (sel) {
  var w = document.documentElement.clientWidth, out = [];
  var all = document.querySelectorAll(sel);
  if (all.length === 0) return ["nothing matches " + sel];
  all.forEach(function (e, i) {
    var r = e.getBoundingClientRect();
    var why = "";
    if (r.width === 0 || r.height === 0) why = "not drawn";
    else if (r.left < 0 || r.right > w + 0.5) why = "reaches " + Math.round(r.left) + ".." + Math.round(r.right);
    for (var a = e.parentElement; !why && a; a = a.parentElement) {
      var o = getComputedStyle(a).overflowX;
      if (o === "visible") continue;
      var ar = a.getBoundingClientRect();
      if (r.left < ar.left - 0.5 || r.right > ar.right + 0.5) why = "cut off by " + a.tagName.toLowerCase() + "." + a.className + " (" + o + ")";
    }
    if (why) out.push(sel + " #" + i + " (" + e.textContent.trim().slice(0, 30) + "): " + why);
  });
  return out;
})`

// sectionStrip measures the problem page's section links: their height,
// the width they need and the width they have.
const sectionStrip = `(function () {
  var n = document.querySelector("nav.sections");
  if (!n) return [0, 0, 0];
  return [Math.round(n.getBoundingClientRect().height), n.scrollWidth, n.clientWidth];
})()`

// layoutFigures are a page's measures at a width: how wide it scrolls and
// how tall the site's header is.
type layoutFigures struct {
	Scroll int `json:"scroll"`
	Header int `json:"header"`
	Height int `json:"height"`
}

const measureLayout = `({scroll: document.documentElement.scrollWidth,
  header: Math.round(document.querySelector("header.top").getBoundingClientRect().height),
  height: document.documentElement.scrollHeight})`

// TestBrowserNarrowPages measures the pages a student reads on a phone
// (issue 34) at 390 px and at 1280 px, in a real headless Chromium: the
// problem, a program's submission, the contest's scoreboard, the
// assignments and an assignment. At 390 px no page scrolls sideways, the
// site's header takes at most 60 px (its menu opens from a <details>,
// without JavaScript), every verdict and score of their tables is on
// screen (not behind a scroll of the table's own), the problem page's
// section links reach its parts (statement, play, submit, run, mine) and
// stay at hand (sticky) down the page, and a refused program form shows
// its error on screen, beside the form. At 1280 px the tables are tables
// again, with their heads. Screenshots of each page at both widths go to
// the test's temporary directory (and $PUZZLEJUDGE_SCREENSHOTS). The
// quick set's TestBrowser keeps the header's height and the sideways
// scroll of the problem and result pages (shot).
func TestBrowserNarrowPages(t *testing.T) {
	chrome := needChromium(t)
	e := newProgramPagesEnv(t)
	cases := e.waitCases("flood")
	e.waitCases("rot")
	e.waitCases("maya")
	ctx := context.Background()

	// A contest with every problem and contestants of long names, one of
	// whom solved the first problem, the other tried it.
	c, err := e.svc.CreateContest(ctx, staff, judge.ContestSpec{Title: "Narrow board", StartTime: time.Now().Add(-time.Minute),
		Duration: 5 * time.Hour, Scoring: judge.ScoringICPC, Public: true,
		Problems: []judge.ContestProblemSpec{{Slug: "flood"}, {Slug: "rot"}, {Slug: "maya"}}})
	if err != nil {
		t.Fatal(err)
	}
	var right string
	for _, cs := range cases {
		right += cs.Expected.Answer
	}
	for i, name := range []string{"contestant-with-a-long-name-1", "contestant-with-a-long-name-2"} {
		u, err := e.svc.Register(ctx, name, name+"-pass", judge.RoleStudent)
		if err != nil {
			t.Fatal(err)
		}
		payload := right
		if i == 1 {
			payload = "1\n"
		}
		if _, err := e.svc.Submit(ctx, u, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: payload, ContestID: c.ID}); err != nil {
			t.Fatal(err)
		}
	}
	a, err := e.svc.CreateAssignment(ctx, staff, judge.AssignmentSpec{Title: "Week 1: Flood-it, rotations and the Mayan puzzle",
		OpensAt: time.Now().Add(-time.Hour), DueAt: time.Now().Add(72 * time.Hour),
		Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}, {Slug: "rot"}, {Slug: "maya"}}})
	if err != nil {
		t.Fatal(err)
	}

	began := time.Now()
	b := startChromium(t, chrome, e.srv.URL+"/register", 1280, 240*time.Second)
	b.register("a-student-with-a-long-name-0123")
	t.Logf("registered at %s", time.Since(began).Round(time.Millisecond))
	// A Python program that answers nothing: a verdict and the time and
	// memory on every board, the widest table of cases.
	// (The program form itself is TestBrowserProgram's.)
	student, err := e.svc.Authenticate(ctx, "a-student-with-a-long-name-0123", "a-student-with-a-long-name-0123-pass-1")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := e.svc.SubmitProgram(ctx, student, judge.Submission{ProblemSlug: "flood", Language: "python3", Payload: "print(1)\n"}, "")
	if err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(2 * time.Minute); ; time.Sleep(50 * time.Millisecond) {
		if got, err := e.svc.Submission(ctx, staff, sub.ID); err != nil || got.Status == judge.StatusDone {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the program %d is not judged after 2 minutes", sub.ID)
		}
	}
	result := e.srv.URL + "/submissions/" + strconv.FormatInt(sub.ID, 10)
	t.Logf("judged the program at %s", time.Since(began).Round(time.Millisecond))
	b.submitMoves(e.srv.URL, "flood", cases[1].ID, "1 2 1", "accepted")

	b.step("at a phone's width", chromedp.EmulateViewport(phone, 900))
	problem := e.srv.URL + "/problems/flood"

	// The header: at most 60 px, its menu closed until asked for.
	b.step("the problem page", chromedp.Navigate(problem), chromedp.WaitVisible(chromedp.CSS(`article.statement`)))
	b.measure("the problem page")
	if ok, _ := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`!!document.querySelector("header.top details.menu summary")`)); !ok {
		t.Errorf("the header has no menu to open")
	} else {
		b.step("open the menu", chromedp.Click(chromedp.CSS(`header.top details.menu summary`)),
			chromedp.WaitVisible(chromedp.CSS(`header.top nav a[href="/assignments"]`)))
		b.write("menu-390.png")
	}

	// The problem page's sections, each reached from the links at its top.
	b.step("the problem page", chromedp.Navigate(problem), chromedp.WaitVisible(chromedp.CSS(`article.statement`)))
	links, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("nav.sections a")).map(function (a) { return a.getAttribute("href"); })`))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"#statement", "#play", "#submit", "#run", "#mine"}
	if strings.Join(links, " ") != strings.Join(want, " ") {
		t.Errorf("the problem page's section links are %q, want %q", links, want)
	}
	// The links take one line, all of them on screen.
	strip, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]int](sectionStrip))
	if err != nil {
		t.Fatal(err)
	}
	if strip[0] > 44 || strip[1] > strip[2] {
		t.Errorf("the section links take %d px of height and %d px of width in a %d px line: want one line, all on screen", strip[0], strip[1], strip[2])
	}
	for _, href := range want {
		if !slices.Contains(links, href) {
			continue
		}
		b.step("follow "+href, chromedp.Click(chromedp.CSS(`nav.sections a[href="`+href+`"]`)))
		b.until("the page scrolled to "+href, `location.hash === "`+href+`"`)
		got, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]int](`(function () {
  var t = document.querySelector("`+href+`").getBoundingClientRect();
  var n = document.querySelector("nav.sections").getBoundingClientRect();
  var bottom = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
  return [Math.round(t.top), Math.round(n.top), Math.round(n.bottom), window.scrollY, bottom ? 1 : 0];
})()`))
		if err != nil {
			t.Fatal(err)
		}
		// The last part may start lower: the page cannot scroll past its end.
		top, navTop, navBottom, scrolled, atEnd := got[0], got[1], got[2], got[3], got[4] == 1
		if top < navBottom-2 || (top > 900/3 && !atEnd) || scrolled == 0 {
			t.Errorf("after %s the section starts at %d px (the section links end at %d, the page scrolled %d px), want it just below the links", href, top, navBottom, scrolled)
		}
		if navTop < 0 || navTop > 60 {
			t.Errorf("after %s the section links are at %d px: want them at the top of the screen", href, navTop)
		}
	}
	b.write("problem-submit-390.png")

	// A refused program (no source): its error beside the form, on screen.
	b.step("send an empty program",
		chromedp.Navigate(problem),
		chromedp.SetValue(chromedp.CSS(`#program-form select[name=language]`), "python3"),
		chromedp.Click(chromedp.CSS(`#program-form button[type=submit]`)),
		chromedp.WaitReady(chromedp.CSS(`.error`)),
	)
	where, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]int](`(function () {
  var e = document.querySelector(".error"), r = e.getBoundingClientRect();
  return [Math.round(r.top), Math.round(r.bottom), window.innerHeight, document.querySelectorAll(".error").length, e.closest("#program-form") ? 1 : 0];
})()`))
	if err != nil {
		t.Fatal(err)
	}
	if where[0] < 0 || where[1] > where[2] || where[3] != 1 || where[4] != 1 {
		t.Errorf("the refused form's error is at %d..%d px of a %d px screen (%d errors on the page, in the form: %v): want it on screen, once, in the form", where[0], where[1], where[2], where[3], where[4] == 1)
	}
	b.write("problem-refused-390.png")

	// The tables: each verdict and score on screen.
	pages := []struct{ name, url, ready string }{
		{"problem", problem, "article.statement"},
		{"submission", result, "table.cases"},
		{"scoreboard", e.srv.URL + "/contests/" + strconv.FormatInt(c.ID, 10) + "/scoreboard", "table.scoreboard"},
		{"assignments", e.srv.URL + "/assignments", "table.assignments"},
		{"assignment", e.srv.URL + "/assignments/" + strconv.FormatInt(a.ID, 10), "table.list"},
		{"submissions", e.srv.URL + "/submissions", "table.subs"},
		{"problems", e.srv.URL + "/", "table.list"},
		{"contests", e.srv.URL + "/contests", "table.contests"},
	}
	// The cells by their place, as the tables had them before they had
	// names for a phone's cards.
	tables := map[string][]string{
		"submission":  {"table.cases tbody .verdict", "table.cases tbody td:last-child"},
		"scoreboard":  {"table.scoreboard tbody td:nth-child(2)", "table.scoreboard tbody td:nth-child(3)", "table.scoreboard tbody td.cell"},
		"assignments": {"table.assignments tbody td:nth-child(4)", "table.assignments tbody td:last-child"},
		"assignment":  {"main > table:first-of-type tbody td:nth-child(3)", "main > table:first-of-type tbody td:nth-child(4)", "h3 + table tbody .verdict", "h3 + table tbody td:nth-child(5)"},
		"submissions": {"table.subs tbody .verdict", "table.subs tbody td:nth-child(7)"},
		"problems":    {"table.list tbody td:nth-child(4)"},
		"contests":    {"table.contests tbody td:last-child"},
	}
	look := func(suffix string) {
		for _, p := range pages {
			b.step(p.name+" at 390 px", chromedp.EmulateViewport(phone, 900), chromedp.Navigate(p.url), chromedp.WaitVisible(chromedp.CSS(p.ready)))
			b.measure(p.name + suffix)
			for _, sel := range tables[p.name] {
				hidden, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]string](offscreen+`(`+strconv.Quote(sel)+`)`))
				if err != nil {
					t.Fatal(err)
				}
				for _, h := range hidden {
					t.Errorf("%s%s at 390 px: %s", p.name, suffix, h)
				}
			}
			b.write(p.name + suffix + "-390.png")
			b.step(p.name+" at 1280 px", chromedp.EmulateViewport(1280, 900), chromedp.Navigate(p.url), chromedp.WaitVisible(chromedp.CSS(p.ready)))
			if p.name != "problem" {
				// The full table at a desktop's width: a table with its head.
				got, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`(function () {
  var t = document.querySelector(`+strconv.Quote(p.ready)+`);
  return getComputedStyle(t).display + " " + getComputedStyle(t.querySelector("thead")).display + " " + Math.round(t.querySelector("thead").getBoundingClientRect().height);
})()`))
				if err != nil {
					t.Fatal(err)
				}
				if f := strings.Fields(got); f[0] != "table" || f[1] != "table-header-group" || f[2] == "0" {
					t.Errorf("%s%s at 1280 px: the table's display, its head's and the head's height are %q, want a table with its head shown", p.name, suffix, got)
				}
			}
			b.write(p.name + suffix + ".png")
		}
	}
	look("")

	// In Chinese: the same measures, and the section links on one line.
	b.step("switch to Chinese", chromedp.EmulateViewport(1280, 900), chromedp.Navigate(problem),
		chromedp.Click(chromedp.CSS(`#lang-switch button[value="zh-CN"]`)),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="zh-CN"] nav.sections`)))
	b.step("the problem page in Chinese", chromedp.EmulateViewport(phone, 900), chromedp.Navigate(problem), chromedp.WaitVisible(chromedp.CSS(`article.statement`)))
	if strip, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]int](sectionStrip)); err != nil {
		t.Fatal(err)
	} else if strip[0] > 44 || strip[1] > strip[2] {
		t.Errorf("in Chinese the section links take %d px of height and %d px of width in a %d px line: want one line, all on screen", strip[0], strip[1], strip[2])
	}
	look("-zh")
}

// measure checks the page the browser is on at 390 px: it does not scroll
// sideways and its header takes at most 60 px.
func (s *chromiumSession) measure(what string) {
	s.t.Helper()
	got, err := chromedp.Run(s.ctx, chromedp.Evaluate[layoutFigures](measureLayout))
	if err != nil {
		s.t.Fatal(err)
	}
	s.t.Logf("%s at %d px: %d px wide, %d px tall, the header %d px", what, phone, got.Scroll, got.Height, got.Header)
	if got.Scroll > phone {
		wide, _ := chromedp.Run(s.ctx, chromedp.Evaluate[string](wideElements))
		s.t.Errorf("%s at %d px is %d px wide: it scrolls sideways (widest: %s)", what, phone, got.Scroll, wide)
	}
	if got.Header > 60 {
		s.t.Errorf("%s at %d px: the header takes %d px, want at most 60", what, phone, got.Header)
	}
}
