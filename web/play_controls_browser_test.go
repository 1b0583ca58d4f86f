//go:build long

package web

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestBrowserPlayControls drives the play page's other controls in a real
// headless Chromium: the Hint button on a sample board of a problem with
// hints on (the hinted move is named and marked, the counter goes up, and
// the instructor sees the count beside the student's result), Ctrl+Z and
// Ctrl+Y, a Mayan board played by dragging blocks with the mouse (pointer
// events sent as the mouse's own) and then by the keyboard alone, and dark
// mode (prefers-color-scheme emulated): the colours change and text keeps a
// contrast of at least 4.5:1; a long replay scrubbed across its pages of
// steps. Every page is also checked at 390 px.
func TestBrowserPlayControls(t *testing.T) {
	chrome := needChromium(t)
	e := newPagesEnv(t, Options{})
	flood := e.waitCases("flood")
	maya := e.waitCases("maya")
	if err := e.svc.SetProblemHints(context.Background(), staff, "flood", true); err != nil {
		t.Fatal(err)
	}

	b := startChromium(t, chrome, e.srv.URL+"/register", 1280, 120*time.Second)
	step, until := b.step, b.until
	// The longest username there may be, for the 390 px checks of the top
	// bar and of the result page that names it.
	b.register("hinter-with-a-long-username-3210")
	count := func(n int) string {
		return fmt.Sprintf(`document.getElementById("play-count").textContent === "%d" && document.getElementById("play").dataset.latencies.split(" ").length >= %d`, n, n)
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.querySelector(`+strconv.Quote(sel)+`).textContent`))
		if err != nil {
			t.Fatalf("%s: %v", sel, err)
		}
		return s
	}

	// Flood-it sample 2 (optimum "1 2 1"): a hint from the start.
	step("open flood-it sample 2",
		chromedp.Navigate(fmt.Sprintf("%s/problems/flood/play/%d", e.srv.URL, flood[1].ID)),
		chromedp.WaitVisible(chromedp.CSS(`#play-board svg`)),
	)
	if got := text("#play-hints"); got != "0" {
		t.Errorf("hints taken before any = %q, want 0", got)
	}
	step("ask for a hint", chromedp.Click(chromedp.CSS(`#play-hint`)))
	until("the hint", `document.getElementById("play-status").textContent.startsWith("Hint: the next move of a shortest solution is 1.")`)
	until("the counter", `document.getElementById("play-hints").textContent === "1"`)
	until("the hinted button", `document.querySelector("button.hinted") === document.querySelector('button[data-move="1"]') && document.activeElement.dataset.move === "1"`)
	b.shot("play-hint")
	step("play the hinted move", chromedp.KeyEvent(kb.Enter))
	until("after the hinted move", count(1))
	if n, _ := chromedp.Run(b.ctx, chromedp.Evaluate[int](`document.querySelectorAll("button.hinted").length`)); n != 0 {
		t.Errorf("%d buttons still marked after the move", n)
	}

	// Undo and redo by the keyboard.
	step("key 2", chromedp.KeyEvent("2"))
	until("two moves", count(2))
	step("Ctrl+Z", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	until("undone once", `document.getElementById("play-count").textContent === "1"`)
	step("Ctrl+Z", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	until("undone twice", `document.getElementById("play-count").textContent === "0" && document.getElementById("play-text").value === ""`)
	step("Ctrl+Y", chromedp.KeyEvent("y", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	until("redone once", `document.getElementById("play-count").textContent === "1" && document.getElementById("play-text").value === "1"`)
	step("Ctrl+Y", chromedp.KeyEvent("y", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	until("redone twice", `document.getElementById("play-text").value === "1 2"`)
	step("Ctrl+Y with nothing to redo", chromedp.KeyEvent("y", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	step("key 1", chromedp.KeyEvent("1"))
	until("flooded", `document.getElementById("play").dataset.solved === "yes" && document.getElementById("play-text").value === "1 2 1"`)
	step("submit",
		chromedp.Click(chromedp.CSS(`#play-submit button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`.result .v-accepted`)),
	)
	b.shot("result-student")
	result, err := chromedp.Run(b.ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	step("to the submissions", chromedp.Navigate(e.srv.URL+"/submissions"), chromedp.WaitVisible(chromedp.CSS(`table.list`)))
	b.shot("submissions-student")

	// Mayan sample 1, "2 1 1", "3 1 1", "3 0 1": each block dragged one
	// square to the right with the mouse.
	mayan := fmt.Sprintf("%s/problems/maya/play/%d", e.srv.URL, maya[0].ID)
	step("open mayan", chromedp.Navigate(mayan), chromedp.WaitVisible(chromedp.CSS(`#play-board svg`)))
	for i, block := range []string{"2 1", "3 1", "3 0"} {
		box, err := chromedp.Run(b.ctx, chromedp.Evaluate[[]float64](`(function () {
			var r = document.querySelector('#play-board [data-block="`+block+`"]').getBoundingClientRect();
			return [r.left + r.width / 2, r.top + r.height / 2, r.width];
		})()`))
		if err != nil || len(box) != 3 {
			t.Fatalf("block %s: %v %v", block, box, err)
		}
		x, y, w := box[0], box[1], box[2]
		pressed := func(p *input.DispatchMouseEventParams) {
			p.Button, p.Buttons, p.ClickCount = input.MouseButtonLeft, 1, 1
		}
		step("drag block "+block,
			chromedp.MouseEvent(chromedp.MouseMoved, x, y),
			chromedp.MouseEvent(chromedp.MousePressed, x, y, pressed),
			chromedp.MouseEvent(chromedp.MouseMoved, x+w/3, y, pressed),
			chromedp.MouseEvent(chromedp.MouseMoved, x+w*0.8, y, pressed),
			chromedp.MouseEvent(chromedp.MouseReleased, x+w*0.8, y, pressed),
		)
		until("mayan drag "+block, count(i+1))
	}
	until("mayan cleared by dragging", `document.getElementById("play").dataset.solved === "yes" && document.getElementById("play-text").value === "2 1 1\n3 1 1\n3 0 1"`)

	// The same by the keyboard alone: the block list, then the arrow key.
	step("reset", chromedp.Navigate(mayan), chromedp.WaitVisible(chromedp.CSS(`#play-board svg`)))
	for i, block := range []string{"2 1", "3 1", "3 0"} {
		step("focus the block list", chromedp.Focus(chromedp.CSS(`#play-block`)))
		for k := 0; ; k++ {
			v, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.getElementById("play-block").value`))
			if v == block {
				break
			}
			if k > 30 {
				t.Fatalf("the block list never reached %s (at %s)", block, v)
			}
			// Down or up the list, towards the block wanted.
			key := kb.ArrowDown
			if up, _ := chromedp.Run(b.ctx, chromedp.Evaluate[bool](`(function (p) {
				return Array.from(p.options).findIndex(function (o) { return o.value === "`+block+`"; }) < p.selectedIndex;
			})(document.getElementById("play-block"))`)); up {
				key = kb.ArrowUp
			}
			step("another block", chromedp.KeyEvent(key))
		}
		step("move it right", chromedp.KeyEvent(kb.ArrowRight))
		until("mayan key "+block, count(i+1))
	}
	until("mayan cleared by keys", `document.getElementById("play").dataset.solved === "yes"`)

	// A long replay comes in pages of steps: it opens at the failing move
	// 501 with its page (401-501) listed, and scrubbing back to move 1
	// fetches the first page.
	rot := e.waitCases("rot")
	b.submitMoves(e.srv.URL, "rot", rot[0].ID, strings.Repeat("AF", 250)+"Z", "invalid")
	step("open its replay",
		chromedp.Click(chromedp.CSS(`a[href$="/replay"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#replay-steps li.bad.current`)),
	)
	until("the failing move's page", `document.querySelector("#replay-steps li.current").dataset.step === "501" && document.querySelectorAll("#replay-steps li").length === 101`)
	b.shot("replay-long")
	step("scrub to the start", chromedp.Focus(chromedp.CSS(`#replay-scrub`)), chromedp.KeyEvent(kb.Home))
	until("the start", `document.getElementById("play-status").textContent === "The starting board."`)
	step("scrub to move 1", chromedp.KeyEvent(kb.ArrowRight))
	until("move 1 from the first page", `document.querySelector("#replay-steps li.current") !== null && document.querySelector("#replay-steps li.current").dataset.step === "1" && document.querySelectorAll("#replay-steps li").length === 200 && document.getElementById("play-status").textContent.startsWith("Move 1 (A)")`)
	step("scrub to the end", chromedp.KeyEvent(kb.End))
	until("back at the failing move", `document.querySelector("#replay-steps li.bad.current") !== null && document.getElementById("play-status").textContent.startsWith("Not a move")`)

	// Dark mode, on the play page and on the result page as the
	// instructor sees it, with the hints taken beside the student's result.
	step("log in as the instructor",
		chromedp.Click(chromedp.CSS(`form[action="/logout"] button`)),
		chromedp.WaitVisible(chromedp.CSS(`a[href="/login"]`)),
		chromedp.Navigate(e.srv.URL+"/login"),
		chromedp.SendKeys(chromedp.CSS(`input[name=username]`), "admin"),
		chromedp.SendKeys(chromedp.CSS(`input[name=password]`), adminPassword),
		chromedp.Click(chromedp.CSS(`form[action="/login"] button[type=submit]`)),
		chromedp.WaitVisible(chromedp.CSS(`nav a[href="/users"]`)),
		chromedp.Navigate(result),
		chromedp.WaitVisible(chromedp.CSS(`.result .v-accepted`)),
	)
	if got := text(".hints"); got != "1 hint taken on this problem" {
		t.Errorf("the instructor's result page says %q beside the result", got)
	}
	b.shot("result-instructor")
	step("the instructor's submissions", chromedp.Navigate(e.srv.URL+"/submissions"), chromedp.WaitVisible(chromedp.CSS(`table.list`)))
	b.shot("submissions-instructor")
	for _, page := range []string{result, mayan} {
		step("open "+page, chromedp.Navigate(page), chromedp.WaitVisible(chromedp.CSS(`main h1`)))
		light := colours(t, b)
		step("dark", setColourScheme("dark"))
		dark := colours(t, b)
		name := "dark-" + strings.Trim(strings.ReplaceAll(strings.TrimPrefix(page, e.srv.URL), "/", "-"), "-")
		b.shot(name)
		step("light", setColourScheme(""))
		if light["body"].Bg == dark["body"].Bg || light["body"].Fg == dark["body"].Fg {
			t.Errorf("%s: dark mode does not change the page's colours (light %+v, dark %+v)", page, light["body"], dark["body"])
		}
		for sel, c := range dark {
			if r := contrast(t, c.Fg, c.Bg); r < 4.5 {
				t.Errorf("%s in dark mode: %s is %s on %s, contrast %.2f:1 (want >= 4.5)", page, sel, c.Fg, c.Bg, r)
			}
		}
		for sel, c := range light {
			if r := contrast(t, c.Fg, c.Bg); r < 4.5 {
				t.Errorf("%s in light mode: %s is %s on %s, contrast %.2f:1 (want >= 4.5)", page, sel, c.Fg, c.Bg, r)
			}
		}
	}
}

// setColourScheme emulates prefers-color-scheme: "dark", "light", or ""
// for the machine's own.
func setColourScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		p := emulation.SetEmulatedMediaParams{}
		if scheme != "" {
			p.Features = []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}
		}
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, p)
		return err
	})
}

// pair is a text colour and the background it is drawn on.
type pair struct{ Fg, Bg string }

// textColours reads, for the body and the first visible element of each
// kind of text the pages show, its colour and the first opaque background
// behind it.
const textColours = `(function () {
  function bg(e) {
    for (; e; e = e.parentElement) {
      var c = getComputedStyle(e).backgroundColor;
      if (c && c !== "transparent" && !/rgba\(.*, 0\)$/.test(c)) { return c; }
    }
    return "rgb(255, 255, 255)";
  }
  var out = {};
  ["body", "main h1", "main a", ".meta", "main p", "main button", "table.list td", "table.list th", ".verdict", ".play-status", ".hints", "textarea", "select", "#play-count", ".label"].forEach(function (sel) {
    var e = Array.from(document.querySelectorAll(sel)).find(function (x) { return x.getClientRects().length && x.textContent.trim() !== "" || x.tagName === "BODY"; });
    if (e) { out[sel] = { Fg: getComputedStyle(e).color, Bg: bg(e) }; }
  });
  return JSON.stringify(out);
})()`

func colours(t *testing.T, b *chromiumSession) map[string]pair {
	t.Helper()
	s, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](textColours))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]pair{}
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		t.Fatalf("%v: %s", err, s)
	}
	return out
}

// contrast is the WCAG contrast ratio of two CSS colours rgb(r, g, b).
func contrast(t *testing.T, fg, bg string) float64 {
	t.Helper()
	l1, l2 := luminance(t, fg), luminance(t, bg)
	if l1 < l2 {
		l1, l2 = l2, l1
	}
	return (l1 + 0.05) / (l2 + 0.05)
}

func luminance(t *testing.T, css string) float64 {
	t.Helper()
	inner := strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(css, "rgba("), "rgb("), ")")
	parts := strings.Split(inner, ",")
	if len(parts) < 3 {
		t.Fatalf("colour %q", css)
	}
	var l float64
	for i, w := range []float64{0.2126, 0.7152, 0.0722} {
		v, err := strconv.ParseFloat(strings.TrimSpace(parts[i]), 64)
		if err != nil {
			t.Fatalf("colour %q: %v", css, err)
		}
		c := v / 255
		if c <= 0.03928 {
			c /= 12.92
		} else {
			c = math.Pow((c+0.055)/1.055, 2.4)
		}
		l += w * c
	}
	return l
}
