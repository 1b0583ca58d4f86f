package web

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserAuthoring walks the authoring pages in a headless Chromium: the
// instructor creates a problem, generates boards of a chosen difficulty,
// follows the run until it is done and sees the boards ready on the boards
// page. It skips without a Chromium, like TestBrowser.
func TestBrowserAuthoring(t *testing.T) {
	chrome := findChromium()
	if chrome == "" && os.Getenv("PUZZLEJUDGE_REQUIRE_BROWSER") != "" {
		t.Fatal("PUZZLEJUDGE_REQUIRE_BROWSER is set but no Chromium was found (apt-get install chromium)")
	}
	if chrome == "" {
		t.Skip("no Chromium on this machine: install it (apt-get install chromium) to run the browser test")
	}
	e := newPagesEnv(t, Options{})
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chrome),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.UserDataDir(filepath.Join(t.TempDir(), "profile")),
		chromedp.WindowSize(1200, 900),
	)
	defer cancelAlloc()
	browser, cancelBrowser := chromedp.NewContext(alloc)
	defer cancelBrowser()
	if err := chromedp.Do(browser, chromedp.Navigate(e.srv.URL+"/login")); err != nil {
		t.Fatalf("starting %s: %v", chrome, err)
	}
	ctx, cancel := context.WithTimeout(browser, 90*time.Second)
	defer cancel()
	shot := func(name string) {
		t.Helper()
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatalf("screenshot %s: %v", name, err)
		}
		dirs := []string{t.TempDir()}
		if d := os.Getenv("PUZZLEJUDGE_SCREENSHOTS"); d != "" {
			dirs = append(dirs, d)
		}
		for _, d := range dirs {
			if err := os.WriteFile(filepath.Join(d, name), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	step := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			loc, _ := chromedp.Run(ctx, chromedp.Location())
			t.Fatalf("%s (at %s): %v", what, loc, err)
		}
	}

	step("log in as the instructor",
		chromedp.WaitVisible(chromedp.CSS(`form[action="/login"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), "admin"),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), adminPassword),
		chromedp.Click(chromedp.CSS(`form[action="/login"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`a[href="/problems/new"]`)),
	)
	step("create a problem",
		chromedp.Click(chromedp.CSS(`a[href="/problems/new"]`)),
		chromedp.WaitVisible(chromedp.CSS(`form[action="/problems/new"]`)),
		chromedp.SendKeys(chromedp.CSS(`input[name=slug]`), "flood-six"),
		chromedp.SendKeys(chromedp.CSS(`input[name=title]`), "Flood six"),
		chromedp.SetValue(chromedp.CSS(`select[name=puzzle]`), "floodit"),
		chromedp.SetValue(chromedp.CSS(`textarea[name=statement]`), "# Flood six\n\nFlood the board in as few moves as you can."),
		chromedp.Click(chromedp.CSS(`input[name=published]`)),
		chromedp.Click(chromedp.CSS(`form[action="/problems/new"] button[type=submit]`)),
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
