package web

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
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
	// width is the window's width; dir holds the screenshots.
	width int
	dir   string
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
	return &chromiumSession{t: t, ctx: ctx, width: width}
}

// step runs actions, failing the test with the page's address when one fails.
func (s *chromiumSession) step(what string, actions ...chromedp.Action[chromedp.Void]) {
	s.t.Helper()
	if err := chromedp.Do(s.ctx, actions...); err != nil {
		loc, _ := chromedp.Run(s.ctx, chromedp.Location())
		s.t.Fatalf("%s (at %s): %v", what, loc, err)
	}
}

// register fills in and sends the registration form the browser is on,
// and waits for the problem list it lands on, logged in as username.
func (s *chromiumSession) register(username string) {
	s.t.Helper()
	s.step("register "+username,
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), username),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), username+"-pass-1"),
		chromedp.SendKeys(chromedp.CSS(`input[name=password2]`), username+"-pass-1"),
		chromedp.Click(chromedp.CSS(`form[action="/register"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`a[href="/problems/flood"]`)),
	)
}

// submitMoves sends moves for a board through the problem page's moves
// form and waits for their result page and its verdict; it returns the
// result page's address.
func (s *chromiumSession) submitMoves(base, slug string, caseID int64, moves, verdict string) string {
	s.t.Helper()
	s.step("submit moves to "+slug,
		chromedp.Navigate(base+"/problems/"+slug),
		chromedp.SetValue(chromedp.CSS(`#moves-form select[name=case]`), strconv.FormatInt(caseID, 10)),
		chromedp.SetValue(chromedp.CSS(`#moves-form textarea[name=moves]`), moves),
		chromedp.Click(chromedp.CSS(`#moves-form button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`.result .v-`+verdict)),
	)
	loc, err := chromedp.Run(s.ctx, chromedp.Location())
	if err != nil {
		s.t.Fatal(err)
	}
	return loc
}

// shot takes the whole page at the session's width and at 390 px (a
// phone), writing name.png and name-390.png to the test's temporary
// directory, and also to $PUZZLEJUDGE_SCREENSHOTS when it is set. At 390 px
// the page must not scroll sideways (document.documentElement.scrollWidth
// over 390 is an error) and the site's header must take at most 60 px (its
// links fold into a menu; it took 130-180 px, issue 34).
func (s *chromiumSession) shot(name string) {
	s.t.Helper()
	name = strings.TrimSuffix(name, ".png")
	s.write(name + ".png")
	s.step("narrow "+name, chromedp.EmulateViewport(390, 900))
	defer s.step("widen "+name, chromedp.EmulateViewport(int64(s.width), 900))
	s.write(name + "-390.png")
	if sw, err := chromedp.Run(s.ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`)); err != nil {
		s.t.Errorf("%s: %v", name, err)
	} else if sw > 390 {
		wide, _ := chromedp.Run(s.ctx, chromedp.Evaluate[string](wideElements))
		s.t.Errorf("%s at 390 px is %d px wide: it scrolls sideways (widest: %s)", name, sw, wide)
	}
	if h, err := chromedp.Run(s.ctx, chromedp.Evaluate[float64](`document.querySelector("header.top").getBoundingClientRect().height`)); err != nil {
		s.t.Errorf("%s: %v", name, err)
	} else if h > 60 {
		s.t.Errorf("%s at 390 px: the header takes %.0f px, want at most 60", name, h)
	}
}

// wideElements names the elements that reach past the right edge of the
// viewport, for the message of a page that scrolls sideways.
const wideElements = `Array.from(document.querySelectorAll("body *")).filter(function (e) {
  return e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5;
}).slice(-5).map(function (e) {
  return e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && e.className.baseVal === undefined ? "." + String(e.className).split(" ").join(".") : "") + " " + Math.round(e.getBoundingClientRect().right);
}).join(", ")`

// untilLimit bounds until's wait. It was 15 s until a .ci/run on a slow
// machine (33% steal, 2026-12-02) failed TestBrowserClarifications: the
// server's SQLite statements took 2.8-11 s there (gorm's SLOW SQL lines),
// so the page's three-second poll saw the jury's messages after the wait
// had ended. A condition that never comes still fails, later.
const untilLimit = 45 * time.Second

// write writes a screenshot of the whole page as it is now.
func (s *chromiumSession) write(file string) {
	s.t.Helper()
	png, err := chromedp.Run(s.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		s.t.Fatalf("screenshot %s: %v", file, err)
	}
	if s.dir == "" {
		s.dir = s.t.TempDir()
		s.t.Logf("screenshots in %s", s.dir)
	}
	for _, d := range []string{s.dir, os.Getenv("PUZZLEJUDGE_SCREENSHOTS")} {
		if d == "" {
			continue
		}
		if err := os.WriteFile(filepath.Join(d, file), png, 0o644); err != nil {
			s.t.Fatal(err)
		}
	}
}

// until waits for a JavaScript condition of the page, failing the test
// with the play status after untilLimit. It asks in a loop: chromedp.Poll
// compiles its predicate with new Function, which the pages'
// Content-Security-Policy forbids.
func (s *chromiumSession) until(what, expr string) {
	s.t.Helper()
	deadline := time.Now().Add(untilLimit)
	for {
		ok, err := chromedp.Run(s.ctx, chromedp.Evaluate[bool](expr))
		if err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			status, _ := chromedp.Run(s.ctx, chromedp.Evaluate[string](`(document.getElementById("play-status")||{}).textContent || ""`))
			s.t.Fatalf("%s: waiting for %s: %v (status %q)", what, expr, err, status)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
