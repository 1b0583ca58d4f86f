//go:build long

package web

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserRun runs a real C++ program on the reader's own input from
// the problem page in Chromium: the "Run on my input" form is answered in
// place, without leaving the page (static/run.js, under the pages'
// Content-Security-Policy), with the program's output and stderr; a
// broken source shows the compiler's message; an empty source runs the
// program form's. Then the program submitted shows its sample runs.
func TestBrowserRun(t *testing.T) {
	chrome := needChromium(t)
	e := newProgramPagesEnv(t)
	e.waitCases("flood")
	b := startChromium(t, chrome, e.srv.URL+"/register", 1200, 120*time.Second)
	b.register("runner")
	talk := "#include <cstdio>\nint main() { int n; if (scanf(\"%d\", &n) != 1) return 0; fprintf(stderr, \"size %d\\n\", n); printf(\"%d\\n\", n * 2); }\n"
	b.step("run on my input",
		chromedp.Navigate(e.srv.URL+"/problems/flood#run"),
		chromedp.WaitVisible(chromedp.CSS(`#run-form`)),
		chromedp.SetValue(chromedp.CSS(`#run-form select[name=language]`), "cpp"),
		chromedp.SetValue(chromedp.CSS(`#run-form textarea[name=source]`), talk),
		chromedp.SetValue(chromedp.CSS(`#run-form textarea[name=input]`), "21\n"),
		chromedp.Click(chromedp.CSS(`#run-form button[type=submit]`)),
	)
	b.until("the run's answer", `document.getElementById("run-stdout").textContent === "42\n"`)
	b.until("its stderr and status", `document.getElementById("run-stderr").textContent === "size 21\n" && document.getElementById("run-status").textContent === "ran to the end" && location.pathname === "/problems/flood"`)
	b.shot("run-ok")

	b.step("run a broken source",
		chromedp.SetValue(chromedp.CSS(`#run-form textarea[name=source]`), "int main() { return }\n"),
		chromedp.Click(chromedp.CSS(`#run-form button[type=submit]`)),
	)
	b.until("the compiler's message", `!document.getElementById("run-compile").hidden && document.getElementById("run-compile-output").textContent.indexOf("error") >= 0`)

	b.step("fill the program form", chromedp.SetValue(chromedp.CSS(`#program-form select[name=language]`), "cpp"))
	b.step("fill the program form's source", chromedp.SetValue(chromedp.CSS(`#program-form textarea[name=source]`), talk))
	// chromedp's SetValue refuses "": the script empties it.
	b.until("empty the run's source", `(document.querySelector("#run-form textarea[name=source]").value = "") === ""`)
	b.step("run the program form's source",
		chromedp.SetValue(chromedp.CSS(`#run-form textarea[name=input]`), "4"),
		chromedp.Click(chromedp.CSS(`#run-form button[type=submit]`)),
	)
	b.until("the program form's source ran", `document.getElementById("run-stdout").textContent === "8\n"`)

	// The program submitted: its page shows each sample board's output,
	// stderr and expected answer, compared line by line, and reads at
	// 390 px without scrolling sideways.
	b.submitProgram(e.srv.URL, "flood", "cpp", talk, "wrong-answer")
	b.step("the sample runs", chromedp.WaitVisible(chromedp.CSS(`#sample-runs tr.differs`)))
	b.shot("sample-runs")
}
