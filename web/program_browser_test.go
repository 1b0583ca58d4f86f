//go:build long

package web

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"puzzlejudge/internal/testkit/sandboxtest"
	"puzzlejudge/internal/testkit/webtest"
	"puzzlejudge/judge/service"
)

// newProgramPagesEnv is newPagesEnv over a service with the real embedded
// sandbox, so that programs sent through the pages really run.
func newProgramPagesEnv(t *testing.T) *pagesEnv {
	t.Helper()
	runner := sandboxtest.Embedded(t)
	metrics := NewMetrics()
	svc, db, logger := webtest.NewService(t, webtest.Setup{Config: service.Config{RegistrationOpen: true, Sandbox: runner},
		AdminPassword: adminPassword, Catalogue: webtest.Catalogue()})
	server := NewServer(svc, logger, metrics, Options{Logins: db})
	srv := httptest.NewServer(server.Router())
	t.Cleanup(srv.Close)
	return &pagesEnv{t: t, svc: svc, srv: srv, server: server}
}

// submitProgram pastes source into the problem page's program form with
// its language, sends it and waits for the result page's verdict; it
// returns the result page's address.
func (s *chromiumSession) submitProgram(base, slug, language, source, verdict string) string {
	s.t.Helper()
	s.step("submit a program to "+slug,
		chromedp.Navigate(base+"/problems/"+slug),
		chromedp.SetValue(chromedp.CSS(`#program-form select[name=language]`), language),
		chromedp.SetValue(chromedp.CSS(`#program-form textarea[name=source]`), source),
		chromedp.Click(chromedp.CSS(`#program-form button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`.result .v-`+verdict)),
	)
	loc, err := chromedp.Run(s.ctx, chromedp.Location())
	if err != nil {
		s.t.Fatal(err)
	}
	return loc
}

// TestBrowserProgram sends a real C++ program through the problem page's
// program form in Chromium: choosing the file selects its language (by
// its extension, pages.js), the result page reloads itself until the
// verdict is in, and shows the time and memory of each board and the
// highlighted source; at 390 px no page scrolls sideways.
func TestBrowserProgram(t *testing.T) {
	chrome := needChromium(t)
	e := newProgramPagesEnv(t)
	e.waitCases("flood")
	src, err := os.ReadFile("../problems/floodit/submissions/accepted/ida.cpp")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "flood.cc")
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}

	b := startChromium(t, chrome, e.srv.URL+"/register", 1200, 120*time.Second)
	b.register("coder")
	b.step("open the problem",
		chromedp.Navigate(e.srv.URL+"/problems/flood"),
		chromedp.WaitVisible(chromedp.CSS(`#program-form select[name=language]`)),
	)
	b.step("choose the file", chromedp.SetUploadFiles(chromedp.CSS(`#program-file`), []string{file}))
	b.until("the language follows the file's extension", `document.getElementById("program-language").value === "cpp"`)
	b.shot("program-form.png")
	b.step("submit the program",
		chromedp.Click(chromedp.CSS(`#program-form button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`.result .v-accepted`)),
		chromedp.WaitVisible(chromedp.CSS(`#figures`)),
		chromedp.WaitVisible(chromedp.CSS(`#source pre.chroma`)),
	)
	table, err := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(`table.cases`)))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"CPU", "Wall", "Memory", " ms", "KiB"} {
		if !strings.Contains(table, want) {
			t.Errorf("the per-board table reads %q, want %q in it", table, want)
		}
	}
	figures, err := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(`#figures`)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(figures, "slowest board") || !strings.Contains(figures, "largest memory") {
		t.Errorf("the header's figures read %q", figures)
	}
	b.shot("program-result.png")
	b.step("the list", chromedp.Navigate(e.srv.URL+"/submissions"), chromedp.WaitVisible(chromedp.CSS(`table.list`)))
	row, err := chromedp.Run(b.ctx, chromedp.Text(chromedp.CSS(`table.list tbody tr`)))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(row, "cpp") || !strings.Contains(row, " ms") {
		t.Errorf("the list's row reads %q, want the language and the time", row)
	}
	b.shot("program-list.png")
}
