package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowser walks the pages in a real headless Chromium against the real
// router, judge service and SQLite database on a free port: register, open
// a problem, submit an answer through the form, and wait for the result page
// to say accepted; then an instructor adds a board and sees it solved.
// Screenshots go to the test's temporary directory, and also to
// $PUZZLEJUDGE_SCREENSHOTS when it is set (to look at them). Without a
// Chromium the test skips, unless $PUZZLEJUDGE_REQUIRE_BROWSER is set.
//
// Parallel with TestICPCContest, which mostly waits.
func TestBrowser(t *testing.T) {
	t.Parallel()
	chrome := needChromium(t)
	e := newPagesEnv(t, Options{})
	var answer strings.Builder
	for _, c := range e.waitCases("flood") {
		answer.WriteString(c.Expected.Answer)
	}

	b := startChromium(t, chrome, e.srv.URL+"/register", 1200, 60*time.Second)
	ctx, shot, step := b.ctx, b.shot, b.step

	b.register("browser-student")
	step("open the problem",
		chromedp.Click(chromedp.CSS(`a[href="/problems/flood"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#answer-form textarea[name=output]`)),
		chromedp.WaitVisible(chromedp.CSS(`figure.board svg`)),
	)
	shot("problem.png")
	step("submit the answer",
		chromedp.SetValue(chromedp.CSS(`#answer-form textarea[name=output]`), answer.String()),
		chromedp.Click(chromedp.CSS(`#answer-form button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`.result .v-accepted`)),
	)
	verdict, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`.result .big`)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(verdict, "accepted") {
		t.Errorf("result page says %q, want accepted", verdict)
	}
	shot("result.png")

	// The instructor adds a board by pasting it and sees it solved (the
	// page reloads itself while a board is solving).
	step("log out and in as the instructor",
		chromedp.Click(chromedp.CSS(`form[action="/logout"] button`)),
		chromedp.WaitVisible(chromedp.CSS(`a[href="/login"]`)),
		chromedp.Click(chromedp.CSS(`a[href="/login"]`)),
		chromedp.WaitVisible(chromedp.CSS(`form[action="/login"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), "admin"),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), adminPassword),
		chromedp.Click(chromedp.CSS(`form[action="/login"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`.role`)),
	)
	step("add a board",
		chromedp.Navigate(e.srv.URL+"/problems/flood/cases"),
		chromedp.SendKeys(chromedp.CSS(`input[name=name]`), "from-the-browser"),
		chromedp.SetValue(chromedp.CSS(`textarea[name=input]`), "4\n0 1 0 1\n1 2 1 2\n0 1 0 1\n3 3 3 3\n0\n"),
		chromedp.Click(chromedp.CSS(`#add button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`.flash`)),
	)
	id, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector(".case:last-of-type").id`))
	if err != nil {
		t.Fatal(err)
	}
	step("see it solved", chromedp.WaitVisible(chromedp.CSS("#"+id+" .s-ready")))
	shot("cases.png")
}
