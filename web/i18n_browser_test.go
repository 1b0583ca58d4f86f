//go:build long

package web

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge"
)

// TestBrowserChinese walks the pages in Chinese in a real headless
// Chromium (issue 26): the language switch of the page, then a student's
// problem, submission, assignment, contest and scoreboard pages, each shot
// at 1280 and 390 px (zh-*.png; CJK glyphs come from fonts-noto-cjk,
// which .ci/run installs).
// Every page must say it is zh-CN and none may scroll sideways at 390 px.
func TestBrowserChinese(t *testing.T) {
	chrome := needChromium(t)
	e := newPagesEnv(t, Options{})
	cases := e.waitCases("flood")
	now := time.Now().UTC()
	a, err := e.svc.CreateAssignment(context.Background(), webtest.Staff, judge.AssignmentSpec{Title: "第一周：搜索",
		Problems: []judge.AssignmentProblemSpec{{Slug: "flood"}}, OpensAt: now.Add(-time.Hour), DueAt: now.Add(50 * time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	ct, err := e.svc.CreateContest(context.Background(), webtest.Staff, judge.ContestSpec{Title: "周赛 1",
		Problems: []judge.ContestProblemSpec{{Slug: "flood"}}, StartTime: now.Add(-time.Hour), Duration: 5 * time.Hour, Freeze: time.Hour,
		Scoring: judge.ScoringICPC, Public: true})
	if err != nil {
		t.Fatal(err)
	}
	b := startChromium(t, chrome, e.srv.URL+"/register", 1280, 120*time.Second)
	zh := func(what string) {
		t.Helper()
		lang, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.documentElement.lang`))
		if err != nil || lang != "zh-CN" {
			t.Errorf("%s: the page's language is %q (%v), want zh-CN", what, lang, err)
		}
	}
	b.step("switch to Chinese",
		chromedp.Click(chromedp.CSS(`#lang-switch button[value="zh-CN"]`)),
		chromedp.WaitVisible(chromedp.CSS(`html[lang="zh-CN"] form[action="/register"]`)),
	)
	zh("register")
	b.register("xiaohong")
	b.step("open the problem", chromedp.Navigate(e.srv.URL+"/problems/flood"), chromedp.WaitVisible(chromedp.CSS(`#moves-form`)))
	zh("problem")
	title, _ := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(`#submit h2`)))
	if strings.TrimSpace(title) != "提交" {
		t.Errorf("the submit section is titled %q, want 提交", title)
	}
	b.shot("zh-problem")

	sample := cases[1] // 02-sample-2: the first needs no move
	// The play page's script writes its status in the page's words:
	// sample 2's optimum is 1 2 1.
	b.step("play a move in Chinese",
		chromedp.Navigate(e.srv.URL+"/problems/flood/play/"+strconv.FormatInt(sample.ID, 10)),
		chromedp.WaitVisible(chromedp.CSS(`#play-board svg`)),
		chromedp.Click(chromedp.CSS(`button[data-move="1"]`)),
	)
	b.until("the first move's status", `document.getElementById("play-status").textContent.startsWith("第 1 步（1）")`)
	b.step("solve it", chromedp.Click(chromedp.CSS(`button[data-move="2"]`)))
	b.until("the second move's status", `document.getElementById("play-status").textContent.startsWith("第 2 步（2）")`)
	b.step("solve it", chromedp.Click(chromedp.CSS(`button[data-move="1"]`)))
	b.until("solved, in Chinese", `document.getElementById("play").dataset.solved === "yes" && document.getElementById("play-status").textContent.endsWith("用 3 步解出！")`)
	b.step("undo", chromedp.Click(chromedp.CSS(`#play-undo`)))
	b.until("undone, in Chinese", `document.getElementById("play-status").textContent.startsWith("已撤销，还剩 2 步")`)
	status, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.getElementById("play-status").textContent`))
	if strings.Contains(status, "Undone") || strings.Contains(status, "Move") {
		t.Errorf("the play status reads %q, English words on a Chinese page", status)
	}
	b.shot("zh-play")
	b.submitMoves(e.srv.URL, "flood", sample.ID, sample.Expected.Moves, "accepted")
	zh("submission")
	verdict, _ := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(`.result .verdict`)))
	if strings.TrimSpace(verdict) != "通过" {
		t.Errorf("the verdict reads %q, want 通过", verdict)
	}
	b.shot("zh-submission")

	b.step("open the assignment", chromedp.Navigate(e.srv.URL+"/assignments/"+strconv.FormatInt(a.ID, 10)), chromedp.WaitVisible(chromedp.CSS(`#dates`)))
	zh("assignment")
	dates, _ := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(`#dates`)))
	if !strings.Contains(dates, "截止于") {
		t.Errorf("the assignment's dates read %q, want a deadline (截止于)", dates)
	}
	b.shot("zh-assignment")

	contest := e.srv.URL + "/contests/" + strconv.FormatInt(ct.ID, 10)
	b.step("open the contest", chromedp.Navigate(contest), chromedp.WaitVisible(chromedp.CSS(`.contest-problems`)))
	zh("contest")
	// The script's clock ticks in the page's words: 剩余 h:mm:ss.
	b.step("the clock ticks in Chinese", chromedp.WaitVisible(chromedp.CSS(`.contest-clock strong`)))
	clock, _ := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(`.contest-clock strong`)))
	if !strings.HasPrefix(strings.TrimSpace(clock), "剩余 ") || strings.Contains(clock, "left") {
		t.Errorf("the contest's clock reads %q, want 剩余 and the time left", clock)
	}
	b.shot("zh-contest")
	// The clarifications' script writes the unread count in the page's
	// words as soon as it runs.
	b.step("open the clarifications", chromedp.Navigate(contest+"/clarifications"), chromedp.WaitVisible(chromedp.CSS(`#unread`)))
	b.until("the unread count in Chinese", `document.getElementById("unread").textContent === "0 条未读"`)
	b.step("open the scoreboard", chromedp.Navigate(contest+"/scoreboard"), chromedp.WaitVisible(chromedp.CSS(`#scoreboard table.scoreboard`)))
	zh("scoreboard")
	head, _ := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(`table.scoreboard thead`)))
	if !strings.Contains(head, "排名") || !strings.Contains(head, "罚时") {
		t.Errorf("the scoreboard's head reads %q, want 排名 and 罚时", head)
	}
	b.shot("zh-scoreboard")
}
