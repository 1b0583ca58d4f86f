//go:build long

package web

import (
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// narrowTable measures the submission table of the page a 390 px browser
// is on: how wide the page scrolls, and for the first row where its verdict
// and score end (they must be on screen, not behind a scroll of their own)
// and how many lines its date takes.
const narrowTable = `(function () {
  var row = document.querySelector("table.list tbody tr");
  var cells = row.querySelectorAll("td");
  var verdict = row.querySelector(".verdict").getBoundingClientRect();
  var score = cells[cells.length - 1].getBoundingClientRect();
  var when = document.createRange();
  when.selectNodeContents(cells[1]);
  var tops = {};
  Array.from(when.getClientRects()).forEach(function (r) { tops[Math.round(r.top)] = true; });
  return {
    scroll: document.scrollingElement.scrollWidth,
    verdict: Math.ceil(verdict.right), score: Math.ceil(score.right),
    lines: Object.keys(tops).length
  };
})()`

type narrowFigures struct {
	Scroll  int `json:"scroll"`
	Verdict int `json:"verdict"`
	Score   int `json:"score"`
	Lines   int `json:"lines"`
}

// TestBrowserSubmissionsNarrow opens the submission list at 390 px, a
// phone's width, as a student and as an instructor (one column more): the
// page does not scroll sideways, the verdict and the score of a row are on
// screen, not hidden behind the table's own scroll, and a date takes one
// line, not four (issue 24, bug 7).
func TestBrowserSubmissionsNarrow(t *testing.T) {
	chrome := needChromium(t)
	e := newPagesEnv(t, Options{})
	flood := e.waitCases("flood")
	b := startChromium(t, chrome, e.srv.URL+"/register", 1280, 90*time.Second)
	b.register("a-student-with-a-long-name-0123")
	b.submitMoves(e.srv.URL, "flood", flood[1].ID, "1 2 1", "accepted")

	check := func(who string) {
		t.Helper()
		// A headless window is at least 500 px wide: the phone's width is
		// emulated, as shot does.
		b.step("the submissions of "+who, chromedp.EmulateViewport(390, 900), chromedp.Navigate(e.srv.URL+"/submissions"), chromedp.WaitVisible(chromedp.CSS(`table.list`)))
		defer b.step("widen", chromedp.EmulateViewport(1280, 900))
		got, err := chromedp.Run(b.ctx, chromedp.Evaluate[narrowFigures](narrowTable))
		if err != nil {
			t.Fatal(err)
		}
		if got.Scroll > 390 || got.Verdict > 390 || got.Score > 390 || got.Lines != 1 {
			wide, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](wideElements))
			t.Errorf("%s's submissions at 390 px: the page is %d px wide, the verdict ends at %d px, the score at %d, the date takes %d lines; want at most 390 and one line (widest: %s)",
				who, got.Scroll, got.Verdict, got.Score, got.Lines, wide)
		}
		b.write("submissions-narrow-" + strconv.Itoa(len(who)) + ".png")
	}
	check("the student")
	b.step("log in as the instructor",
		chromedp.Click(chromedp.CSS(`form[action="/logout"] button`)),
		chromedp.WaitVisible(chromedp.CSS(`a[href="/login"]`)),
		chromedp.Navigate(e.srv.URL+"/login"),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), "admin"),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), adminPassword),
		chromedp.Click(chromedp.CSS(`form[action="/login"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`.role`)),
	)
	check("the instructor")
}
