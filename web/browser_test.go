package web

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// findChromium returns the path of a Chromium on this machine, or "".
func findChromium() string {
	if p := os.Getenv("PUZZLEJUDGE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestBrowser walks the pages in a real headless Chromium against the real
// router, judge service and SQLite database on a free port: register, open
// a problem, submit an answer through the form, and wait for the result page
// to say accepted; then an instructor adds a board and sees it solved.
// Screenshots go to the test's temporary directory, and also to
// $PUZZLEJUDGE_SCREENSHOTS when it is set (to look at them). Without a
// Chromium the test skips, unless $PUZZLEJUDGE_REQUIRE_BROWSER is set.
func TestBrowser(t *testing.T) {
	chrome := findChromium()
	if chrome == "" && os.Getenv("PUZZLEJUDGE_REQUIRE_BROWSER") != "" {
		// CI sets this after installing Chromium, so that a broken install
		// fails instead of silently skipping.
		t.Fatal("PUZZLEJUDGE_REQUIRE_BROWSER is set but no Chromium was found (apt-get install chromium)")
	}
	if chrome == "" {
		t.Skip("no Chromium on this machine: install it (apt-get install chromium) to run the browser test, or set PUZZLEJUDGE_CHROMIUM to its path")
	}
	e := newPagesEnv(t, Options{})
	var answer strings.Builder
	for _, c := range e.waitCases("flood") {
		answer.WriteString(c.Expected.Answer)
	}

	// The machines have no network: these flags stop Chromium from trying
	// to reach it (updates, sync, QUIC probes) and from asking questions on
	// a first run. A fresh profile per run keeps runs independent.
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

	// The first call starts the browser and must not carry a timeout (it
	// would stop the browser); later steps are bounded.
	if err := chromedp.Do(browser, chromedp.Navigate(e.srv.URL+"/register")); err != nil {
		t.Fatalf("starting %s: %v", chrome, err)
	}
	ctx, cancel := context.WithTimeout(browser, 60*time.Second)
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
			p := filepath.Join(d, name)
			if err := os.WriteFile(p, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("screenshot: %s", p)
		}
	}
	step := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, actions...); err != nil {
			loc, _ := chromedp.Run(ctx, chromedp.Location())
			t.Fatalf("%s (at %s): %v", what, loc, err)
		}
	}

	step("register",
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), "browser-student"),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), "browser-pass-1"),
		chromedp.SendKeys(chromedp.CSS(`input[name=password2]`), "browser-pass-1"),
		chromedp.Click(chromedp.CSS(`form[action="/register"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`a[href="/problems/flood"]`)),
	)
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
