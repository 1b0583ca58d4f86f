//go:build long

package web

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserAuthoring walks the authoring pages in a headless Chromium: the
// instructor creates a problem, generates boards of a chosen difficulty,
// follows the run until it is done and sees the boards ready on the boards
// page. It skips without a Chromium, like TestBrowser.
func TestBrowserAuthoring(t *testing.T) {
	chrome := needChromium(t)
	e := newPagesEnv(t, Options{})
	b := startChromium(t, chrome, e.srv.URL+"/login", 1200, 90*time.Second)
	ctx, shot, step := b.ctx, b.shot, b.step

	step("log in as the instructor",
		chromedp.WaitVisible(chromedp.CSS(`form[action="/login"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), "admin"),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), adminPassword),
		chromedp.Click(chromedp.CSS(`form[action="/login"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`a[href="/problems/new"]`)),
	)
	step("create a problem",
		chromedp.Click(chromedp.CSS(`a[href="/problems/new"]`)),
		chromedp.WaitVisible(chromedp.CSS(`form[action^="/problems/new"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=slug]`), "flood-six"),
		chromedp.SendKeys(chromedp.CSS(`input[name=title]`), "Flood six"),
		chromedp.SetValue(chromedp.CSS(`select[name=puzzle]`), "floodit"),
		chromedp.SetValue(chromedp.CSS(`textarea[name=statement]`), "# Flood six\n\nFlood the board in as few moves as you can."),
		chromedp.Click(chromedp.CSS(`input[name=published]`)),
		chromedp.Click(chromedp.CSS(`form[action^="/problems/new"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`#generate form`)),
	)
	shot("authoring-new.png")
	step("generate boards",
		chromedp.SetValue(chromedp.CSS(`input[name=count]`), "3"),
		chromedp.SetValue(chromedp.CSS(`input[name=seed]`), "7"),
		chromedp.SetValue(chromedp.CSS(`input[name=param_size]`), "9"),
		chromedp.SetValue(chromedp.CSS(`input[name=param_colors]`), "4"),
		chromedp.SetValue(chromedp.CSS(`input[name=min_optimal]`), "11"),
		chromedp.SetValue(chromedp.CSS(`input[name=max_optimal]`), "12"),
		chromedp.Click(chromedp.CSS(`#generate button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`.generation`)),
	)
	// The run's page reloads itself every second while it runs (pages.js;
	// this headless Chromium did not act on the meta refresh); a query held
	// across a reload would wait on the old document, so look again each
	// time.
	for deadline := time.Now().Add(60 * time.Second); ; {
		done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector(".generation.g-done")`))
		if err == nil && done {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the generation page does not say done after 60 s (last error %v)", err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	report, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`.gen-report`)))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("generation: %s", report)
	shot("authoring-generation.png")
	step("see the boards ready",
		chromedp.Click(chromedp.CSS(`a[href="/problems/flood-six/cases"]`)),
		chromedp.WaitVisible(chromedp.CSS(`.case-list`)),
	)
	ready, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(".case .s-ready").length`))
	if err != nil {
		t.Fatal(err)
	}
	if ready != 3 {
		t.Errorf("the boards page shows %d ready boards, want 3", ready)
	}
	shot("authoring-cases.png")
}
