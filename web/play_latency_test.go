//go:build long

package web

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// TestBrowserPlayLatency measures click to picture on the play page in a
// real headless Chromium: the page's own clock (performance.now) from the
// click event to the new board's picture in the DOM, one GET /play/move a
// move. The page is loaded afresh ten times, so that each load's first
// click is measured apart from the warm ones, with the browser's cache off
// (undo and redo would otherwise come from it). It logs the figures for
// docs/PERFORMANCE.md; it fails only past $PUZZLEJUDGE_CLICK_MS when set,
// since a loaded machine is slower than the goal of 50 ms.
func TestBrowserPlayLatency(t *testing.T) {
	chrome := needChromium(t)
	e := newPagesEnv(t, Options{})
	flood := e.waitCases("flood")
	b := startChromium(t, chrome, e.srv.URL+"/", 1280, 120*time.Second)
	b.step("turn the cache off", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		if _, err := cdp.Call(ctx, tg, network.Enable, network.EnableParams{}); err != nil {
			return err
		}
		_, err := cdp.Call(ctx, tg, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true})
		return err
	}))

	// Flood-it sample 2: the palette's 1, a square of colour 2, the
	// palette's 1 (flooded), undo, redo.
	clicks := []string{`button[data-move="1"]`, `#play-board svg g.cell:nth-of-type(3) rect`, `button[data-move="1"]`, `#play-undo`, `#play-redo`}
	// Half the loads are clicked the moment the board shows, while the
	// browser may still be busy with the page; the others half a second
	// later, a person's reaction time.
	var first, paused, warm []float64
	const loads = 10
	for i := range loads {
		b.step("open the play page",
			chromedp.Navigate(fmt.Sprintf("%s/problems/flood/play/%d", e.srv.URL, flood[1].ID)),
			chromedp.WaitVisible(chromedp.CSS(`#play-board svg`)),
		)
		if i%2 == 1 {
			time.Sleep(500 * time.Millisecond)
		}
		for k, sel := range clicks {
			b.step("click "+sel, chromedp.Click(chromedp.CSS(sel)))
			// Wait in the page for the picture, without polling: a poll
			// every few ms would take the page's thread from the click.
			ok, err := chromedp.Run(b.ctx, chromedp.Evaluate[bool](fmt.Sprintf(`new Promise(function (resolve) {
				var el = document.getElementById("play");
				function done() { return (el.dataset.latencies || "").split(" ").filter(Boolean).length >= %d; }
				if (done()) { resolve(true); return; }
				var o = new MutationObserver(function () { if (done()) { o.disconnect(); resolve(true); } });
				o.observe(el, { attributes: true, attributeFilter: ["data-latencies"] });
				setTimeout(function () { o.disconnect(); resolve(done()); }, 15000);
			})`, k+1), chromedp.EvalAwaitPromise))
			if err != nil || !ok {
				got, _ := chromedp.Run(b.ctx, chromedp.Evaluate[string](`(document.getElementById("play").dataset.latencies || "") + " | " + document.getElementById("play-text").value + " | " + document.getElementById("play-status").textContent`))
				t.Fatalf("load %d click %d: no picture in 15 s (%v): %q", i+1, k+1, err, got)
			}
		}
		b.until("flooded", `document.getElementById("play").dataset.solved === "yes"`)
		got, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](`document.getElementById("play").dataset.latencies`))
		if err != nil {
			t.Fatal(err)
		}
		for k, f := range strings.Fields(got) {
			ms, err := strconv.ParseFloat(f, 64)
			if err != nil {
				t.Fatalf("latency %q: %v", f, err)
			}
			switch {
			case k == 0 && i%2 == 0:
				first = append(first, ms)
			case k == 0:
				paused = append(paused, ms)
			default:
				warm = append(warm, ms)
			}
		}
	}
	load, _ := os.ReadFile("/proc/loadavg")
	t.Logf("click to picture, first click of a page at once: %s; after 0.5 s: %s; warm: %s (load average %s)",
		spread(first), spread(paused), spread(warm), strings.Join(strings.Fields(string(load))[:min(3, len(strings.Fields(string(load))))], " "))
	if limit, err := strconv.ParseFloat(os.Getenv("PUZZLEJUDGE_CLICK_MS"), 64); err == nil {
		for _, ms := range slices.Concat(first, paused, warm) {
			if ms > limit {
				t.Errorf("a click took %.0f ms to its picture, over $PUZZLEJUDGE_CLICK_MS = %.0f", ms, limit)
			}
		}
	}
}

// spread describes a sample: its count, median and range, in ms.
func spread(xs []float64) string {
	if len(xs) == 0 {
		return "none"
	}
	s := slices.Sorted(slices.Values(xs))
	return fmt.Sprintf("median %.0f ms, %.0f-%.0f ms (%d clicks)", s[len(s)/2], s[0], s[len(s)-1], len(s))
}
