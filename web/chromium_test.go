package web

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
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

// needChromium returns the Chromium the browser tests drive; without one the
// test skips, unless $PUZZLEJUDGE_REQUIRE_BROWSER is set.
func needChromium(t *testing.T) string {
	t.Helper()
	chrome := findChromium()
	if chrome == "" && os.Getenv("PUZZLEJUDGE_REQUIRE_BROWSER") != "" {
		// CI sets this after installing Chromium, so that a broken install
		// fails instead of silently skipping.
		t.Fatal("PUZZLEJUDGE_REQUIRE_BROWSER is set but no Chromium was found (apt-get install chromium)")
	}
	if chrome == "" {
		t.Skip("no Chromium on this machine: install it (apt-get install chromium) to run the browser test, or set PUZZLEJUDGE_CHROMIUM to its path")
	}
	return chrome
}

// chromiumSession is one headless Chromium driven by a test.
type chromiumSession struct {
	t *testing.T
	// ctx runs the test's steps, bounded by the timeout given to
	// startChromium; the browser closes when the test ends.
	ctx context.Context
}

// startChromium starts chrome headless, width x 900, on a fresh profile and
// opens url in it.
func startChromium(t *testing.T, chrome, url string, width int, timeout time.Duration) *chromiumSession {
	t.Helper()
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
		chromedp.WindowSize(width, 900),
	)
	t.Cleanup(cancelAlloc)
	browser, cancelBrowser := chromedp.NewContext(alloc)
	t.Cleanup(cancelBrowser)
	// The first call starts the browser and must not carry a timeout (it
	// would stop the browser); later steps are bounded.
	if err := chromedp.Do(browser, chromedp.Navigate(url)); err != nil {
		t.Fatalf("starting %s: %v", chrome, err)
	}
	ctx, cancel := context.WithTimeout(browser, timeout)
	t.Cleanup(cancel)
	return &chromiumSession{t: t, ctx: ctx}
}

// step runs actions, failing the test with the page's address when one fails.
func (s *chromiumSession) step(what string, actions ...chromedp.Action[chromedp.Void]) {
	s.t.Helper()
	if err := chromedp.Do(s.ctx, actions...); err != nil {
		loc, _ := chromedp.Run(s.ctx, chromedp.Location())
		s.t.Fatalf("%s (at %s): %v", what, loc, err)
	}
}

// shot writes a screenshot of the whole page to the test's temporary
// directory, and also to $PUZZLEJUDGE_SCREENSHOTS when it is set.
func (s *chromiumSession) shot(name string) {
	s.t.Helper()
	png, err := chromedp.Run(s.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		s.t.Fatalf("screenshot %s: %v", name, err)
	}
	dirs := []string{s.t.TempDir()}
	if d := os.Getenv("PUZZLEJUDGE_SCREENSHOTS"); d != "" {
		dirs = append(dirs, d)
	}
	for _, d := range dirs {
		p := filepath.Join(d, name)
		if err := os.WriteFile(p, png, 0o644); err != nil {
			s.t.Fatal(err)
		}
		s.t.Logf("screenshot: %s", p)
	}
}

// until waits for a JavaScript condition of the page, failing the test
// with the play status after 15 s. It asks in a loop: chromedp.Poll
// compiles its predicate with new Function, which the pages'
// Content-Security-Policy forbids.
func (s *chromiumSession) until(what, expr string) {
	s.t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		ok, err := chromedp.Run(s.ctx, chromedp.Evaluate[bool](expr))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			status, _ := chromedp.Run(s.ctx, chromedp.Evaluate[string](`(document.getElementById("play-status")||{}).textContent || ""`))
			s.t.Fatalf("%s: waiting for %s: %v (status %q)", what, expr, err, status)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
