//go:build long

package web

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserAxe runs axe-core, the accessibility checker, over the play,
// replay, problem (with its program form), submissions and result pages
// (of moves, of an accepted program with its highlighted source, of a
// program that does not compile, of a wrong one with its sample runs, and
// the problem's run form) at 1280 and 390 px, in light and dark mode; every violation fails the test. It needs axe.min.js,
// which the repository does not ship: it runs when $PUZZLEJUDGE_AXE names
// the file (npm install axe-core in a temporary directory gives
// node_modules/axe-core/axe.min.js) and skips otherwise, so that CI does
// not depend on npm.
func TestBrowserAxe(t *testing.T) {
	file := os.Getenv("PUZZLEJUDGE_AXE")
	if file == "" {
		t.Skip("set $PUZZLEJUDGE_AXE to axe-core's axe.min.js to run the accessibility audit")
	}
	axe, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	chrome := needChromium(t)
	e := newProgramPagesEnv(t)
	flood := e.waitCases("flood")
	b := startChromium(t, chrome, e.srv.URL+"/register", 1280, 300*time.Second)
	step := b.step
	b.register("auditor")
	result := b.submitMoves(e.srv.URL, "flood", flood[1].ID, "1 9", "invalid")
	ida, err := os.ReadFile("../problems/floodit/submissions/accepted/ida.cpp")
	if err != nil {
		t.Fatal(err)
	}
	program := b.submitProgram(e.srv.URL, "flood", "cpp", string(ida), "accepted")
	broken := b.submitProgram(e.srv.URL, "flood", "cpp", "int main() { return }\n", "compile-error")
	wrong := b.submitProgram(e.srv.URL, "flood", "cpp", "#include <cstdio>\nint main() { fprintf(stderr, \"hi\\n\"); puts(\"5\"); }\n", "wrong-answer")
	pages := []struct{ name, url, ready string }{
		{"play", fmt.Sprintf("%s/problems/flood/play/%d", e.srv.URL, flood[1].ID), `#play-board svg`},
		{"replay", result + "/replay", `#replay-steps li.bad.current`},
		{"problem", e.srv.URL + "/problems/flood", `#program-form`},
		{"submissions", e.srv.URL + "/submissions", `table.list`},
		{"result", result, `.result`},
		{"program", program, `#source pre.chroma`},
		{"compile error", broken, `#compile-output pre`},
		{"sample runs", wrong, `#sample-runs table.diff`},
		{"run form", e.srv.URL + "/problems/flood#run", `#run-form`},
	}
	checked := 0
	for _, p := range pages {
		for _, scheme := range []string{"light", "dark"} {
			for _, w := range []int64{1280, 390} {
				step("open "+p.name,
					setColourScheme(scheme),
					chromedp.EmulateViewport(w, 900),
					chromedp.Navigate(p.url),
					chromedp.WaitVisible(chromedp.CSS(p.ready)),
				)
				if _, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](string(axe)+";true")); err != nil {
					t.Fatalf("loading axe-core: %v", err)
				}
				out, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`axe.run(document).then(function (r) {
					return JSON.stringify(r.violations.map(function (v) {
						return { id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map(function (n) { return n.target.join(" ") + ": " + n.failureSummary.replace(/\s+/g, " "); }) };
					}));
				})`, chromedp.EvalAwaitPromise))
				if err != nil {
					t.Fatalf("axe on %s: %v", p.name, err)
				}
				var violations []struct {
					ID, Impact, Help string
					Nodes            []string
				}
				if err := json.Unmarshal([]byte(out), &violations); err != nil {
					t.Fatal(err)
				}
				for _, v := range violations {
					t.Errorf("%s (%s, %d px): %s [%s, %s]: %s", p.name, scheme, w, v.ID, v.Impact, v.Help, strings.Join(v.Nodes, "; "))
				}
				checked++
			}
		}
	}
	step("reset", setColourScheme(""), chromedp.EmulateViewport(1280, 900))
	t.Logf("axe-core %s over %d page views (%d pages, light and dark, 1280 and 390 px)", axeVersion(axe), checked, len(pages))
}

// axeVersion reads the version from axe.min.js's banner.
func axeVersion(src []byte) string {
	s := string(src[:min(len(src), 200)])
	if i := strings.Index(s, "axe v"); i >= 0 {
		return strings.Fields(s[i+4:])[0]
	}
	return "(version unknown)"
}
