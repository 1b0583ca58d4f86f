//go:build long

package web

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"puzzlejudge/judge"
)

// TestBrowserScoreboardLive opens a contest's public board in a real
// headless Chromium and watches a verdict appear on it without a reload:
// the page's poll of its table (ETag, 304 until the board changes) draws
// the new cell, first to solve. At 390 px the page does not scroll sideways.
func TestBrowserScoreboardLive(t *testing.T) {
	chrome := needChromium(t)
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	ctx := context.Background()
	c, err := e.svc.CreateContest(ctx, staff, judge.ContestSpec{Title: "Live board", StartTime: time.Now().Add(-time.Minute),
		Duration: 5 * time.Hour, Scoring: judge.ScoringICPC, Public: true,
		Problems: []judge.ContestProblemSpec{{Slug: "flood"}, {Slug: "rot"}, {Slug: "maya"}}})
	if err != nil {
		t.Fatal(err)
	}
	bob, err := e.svc.Register(ctx, "bob", "bob-pass-123", judge.RoleStudent)
	if err != nil {
		t.Fatal(err)
	}
	board := e.srv.URL + "/contests/" + strconv.FormatInt(c.ID, 10) + "/scoreboard"
	b := startChromium(t, chrome, board, 1200, 90*time.Second)
	b.step("open the board", chromedp.WaitVisible(chromedp.CSS(`#scoreboard table.scoreboard`)))
	// A mark on the window: a reload would drop it.
	if _, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`window.notReloaded = true`)); err != nil {
		t.Fatal(err)
	}

	var right string
	for _, cs := range cases {
		right += cs.Expected.Answer
	}
	sub, err := e.svc.Submit(ctx, bob, judge.Submission{ProblemSlug: "flood", Kind: judge.KindAnswer, Payload: right, ContestID: c.ID})
	if err != nil {
		t.Fatal(err)
	}
	b.until("the verdict on the open board", `!!document.querySelector("#scoreboard td.cell.first") && window.notReloaded === true`)
	text, err := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(`#scoreboard tbody tr`)))
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := e.svc.Submission(ctx, staff, sub.ID); got.Verdict != judge.Accepted {
		t.Errorf("the submission is %s, want accepted", got.Verdict)
	}
	t.Logf("the row drawn: %q", text)
	b.shot("scoreboard")
}
