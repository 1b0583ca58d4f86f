//go:build long

package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// TestBrowserCourses walks issue 13 in a real headless Chromium: an
// instructor creates an assignment through the form and downloads its
// grades as CSV (a real download, read from the download folder), then a
// student sees it in the list with the time left.
func TestBrowserCourses(t *testing.T) {
	chrome := needChromium(t)
	e := newPagesEnv(t, Options{})
	e.waitCases("flood")
	b := startChromium(t, chrome, e.srv.URL+"/login", 1200, 90*time.Second)
	ctx, step := b.ctx, b.step
	downloads := t.TempDir()
	if _, err := chromedp.CallBrowser(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads}); err != nil {
		t.Fatal(err)
	}

	now := time.Now().UTC()
	step("log in as the instructor",
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), "admin"),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), adminPassword),
		chromedp.Click(chromedp.CSS(`form[action="/login"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`.role`)),
	)
	step("create an assignment",
		chromedp.Click(chromedp.CSS(`nav a[href="/assignments"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#new form`)),
		chromedp.SendKeys(chromedp.CSS(`#new input[name=title]`), "Week 1 in the browser"),
		chromedp.SetValue(chromedp.CSS(`#new input[name=opens_at]`), now.Add(-time.Hour).Format("2006-01-02T15:04")),
		chromedp.SetValue(chromedp.CSS(`#new input[name=due_at]`), now.Add(75*time.Hour).Format("2006-01-02T15:04")),
		chromedp.Click(chromedp.CSS(`#new input[name=problem][value=flood]`)),
		chromedp.Click(chromedp.CSS(`#new button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`a[href$="/grades.csv"]`)),
	)
	step("download the grades", chromedp.Click(chromedp.CSS(`a[href$="/grades.csv"]`)))
	var csv []byte
	deadline := time.Now().Add(30 * time.Second)
	for csv == nil {
		if m, _ := filepath.Glob(filepath.Join(downloads, "*.csv")); len(m) == 1 {
			csv, _ = os.ReadFile(m[0])
		}
		if time.Now().After(deadline) {
			t.Fatalf("no CSV in the download folder %s", downloads)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !strings.HasPrefix(string(csv), "username,flood,total\r\n") {
		t.Errorf("downloaded CSV = %q", csv)
	}

	step("log out and register a student",
		chromedp.Click(chromedp.CSS(`form[action="/logout"] button`)),
		chromedp.WaitVisible(chromedp.CSS(`a[href="/login"]`)),
		chromedp.Navigate(e.srv.URL+"/register"),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), "browser-student"),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), "browser-pass-1"),
		chromedp.SendKeys(chromedp.CSS(`input[name=password2]`), "browser-pass-1"),
		chromedp.Click(chromedp.CSS(`form[action="/register"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`nav a[href="/assignments"]`)),
	)
	step("see the assignment with the time left",
		chromedp.Click(chromedp.CSS(`nav a[href="/assignments"]`)),
		chromedp.WaitVisible(chromedp.CSS(`table.assignments .time-left`)),
	)
	row, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`table.assignments tbody tr`)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(row, "Week 1 in the browser") || !strings.Contains(row, "3 days 2 hours left") {
		t.Errorf("the student's row reads %q, want the title and 3 days 2 hours left", row)
	}
	b.shot("assignments")
}
