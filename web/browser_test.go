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
// to say accepted. Screenshots go to the test's temporary directory, and also
// to $PUZZLEJUDGE_SCREENSHOTS when it is set (to look at them).
func TestBrowser(t *testing.T) {
	chrome := findChromium()
	if chrome == "" {
		t.Skip("no Chromium on this machine: install it (apt-get install chromium) to run the browser test, or set PUZZLEJUDGE_CHROMIUM to its path")
	}
	e := newPagesEnv(t, Options{RegistrationOpen: true})
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
}
