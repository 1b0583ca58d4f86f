//go:build long

package web

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"puzzlejudge/judge"
)

// TestBrowserClarifications: in a real headless Chromium, a
// contestant asks the jury through the clarification page; while the page
// stays open, the jury's answer and an announcement appear on it without a
// reload, with the unread count in the page and in its title; the page
// reads at 390 px.
func TestBrowserClarifications(t *testing.T) {
	chrome := needChromium(t)
	e := newPagesEnv(t, Options{})
	ctx := context.Background()
	admin, err := e.svc.Authenticate(ctx, "admin", adminPassword)
	if err != nil {
		t.Fatal(err)
	}
	c, err := e.svc.CreateContest(ctx, admin, judge.ContestSpec{Title: "Weekly in the browser",
		Problems:  []judge.ContestProblemSpec{{Slug: "flood", Label: "A"}},
		StartTime: time.Now().Add(-time.Hour).UTC(), Duration: 5 * time.Hour, Scoring: judge.ScoringICPC, Public: true})
	if err != nil {
		t.Fatal(err)
	}
	path := "/contests/" + strconv.FormatInt(c.ID, 10) + "/clarifications"

	b := startChromium(t, chrome, e.srv.URL+"/register", 1200, 90*time.Second)
	b.register("clar-student")
	b.step("open the clarification page",
		chromedp.Navigate(e.srv.URL+path),
		chromedp.WaitVisible(chromedp.CSS(`#ask textarea[name=text]`)),
	)
	b.step("ask about problem A",
		chromedp.SetValue(chromedp.CSS(`#ask select[name=problem]`), "A"),
		chromedp.SendKeys(chromedp.CSS(`#ask textarea[name=text]`), "Is the board always square?"),
		chromedp.Click(chromedp.CSS(`#ask button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`article.clarification`)),
	)
	student, err := e.svc.Authenticate(ctx, "clar-student", "clar-student-pass-1")
	if err != nil {
		t.Fatal(err)
	}
	l, err := e.svc.Clarifications(ctx, student, c.ID)
	if err != nil || len(l.Messages) != 1 || l.Messages[0].Label != "A" {
		t.Fatalf("after asking: %+v, %v", l.Messages, err)
	}
	// The jury answers and announces while the page is open.
	if _, err := e.svc.PostClarification(ctx, admin, c.ID, judge.ClarificationSpec{Text: "Yes, always square.", ReplyTo: l.Messages[0].ID}); err != nil {
		t.Fatal(err)
	}
	// One unread: the script's singular form, as text, not "1 unread" with
	// the quotes of a script's string (issue 34).
	b.until("one unread", `document.getElementById("unread").textContent === "1 unread"`)
	if _, err := e.svc.PostClarification(ctx, admin, c.ID, judge.ClarificationSpec{Text: "Thirty minutes left."}); err != nil {
		t.Fatal(err)
	}
	b.until("the answer and the announcement appear",
		`document.querySelectorAll("article.clarification.unread").length === 2 && document.body.textContent.includes("Thirty minutes left.")`)
	b.until("the unread count", `document.getElementById("unread").textContent === "2 unread" && document.title.startsWith("(2) ")`)
	// shot also checks that the page does not scroll sideways at 390 px.
	b.shot("clarifications.png")
	text, _ := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(`#clarifications`)))
	if !strings.Contains(text, "Answer to clar-student") {
		t.Errorf("the list reads %q", text)
	}
}
