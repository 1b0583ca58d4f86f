package pages

import (
	"html"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// talkSource prints 5 for every board and tells its stderr the board's size.
const talkSource = `#include <cstdio>
int main() { int n; if (scanf("%d", &n) != 1) return 0; fprintf(stderr, "size %d\n", n); printf("5\n"); }
`

// TestSampleRunsPage submits a real C++ program that prints 5 and reads
// its page: each sample board shows the program's output, its stderr, the
// expected answer and the line that differs, in English and in Chinese;
// the hidden board shows none of them; another reading (an instructor's)
// shows the same samples.
func TestSampleRunsPage(t *testing.T) {
	e := newProgramEnv(t)
	e.waitCases("flood")
	alice := e.browser()
	alice.register("alice", "alice-password")
	alice.get("/problems/flood")
	path := alice.post("/problems/flood/submissions", url.Values{"kind": {"program"}, "language": {"cpp"}, "source": {talkSource}}).
		redirectTo(t, "/submissions/")
	page := alice.waitDone(path).want(t, 200, `id="sample-runs"`, `<tr class="differs"><td class="num">1</td>`,
		`<pre class="run-output">5`, `<pre class="run-stderr">size `, "line 1 differs", "Your output", "The expected answer")
	noTemplateError(t, page)
	sub := submissionOf(t, e, strings.TrimPrefix(path, "/submissions/"))
	samples := 0
	for _, r := range sub.Results {
		id := `id="sample-run-` + strconv.Itoa(r.Position) + `"`
		if r.Run == nil {
			if strings.Contains(page.body, id) {
				t.Errorf("the hidden board %d has a run shown", r.Position)
			}
			continue
		}
		samples++
		if !strings.Contains(page.body, id) || !strings.Contains(page.body, `<pre class="run-expected">`+html.EscapeString(r.Run.Expected)) {
			t.Errorf("sample board %d: no run shown with its expected answer %q", r.Position, r.Run.Expected)
		}
	}
	if samples == 0 || samples == len(sub.Results) {
		t.Fatalf("%d of %d boards carry a run; want the samples only (the fixture has both kinds)", samples, len(sub.Results))
	}
	if n := strings.Count(page.body, `class="sample-run"`); n != samples {
		t.Errorf("the page shows %d sample runs, want %d", n, samples)
	}

	alice.post("/language", url.Values{"lang": {"zh-CN"}, "next": {"/"}})
	alice.get(path).want(t, 200, `id="sample-runs"`, "你的程序在样例棋盘上的运行", "第 1 行不同", "标准答案", "你的输出")

	staffBrowser := e.browser()
	staffBrowser.login("admin", pagesAdminPassword)
	staffBrowser.get(path).want(t, 200, `id="sample-runs"`, `<pre class="run-output">5`)
}

// TestLineDiff compares answers line by line.
func TestLineDiff(t *testing.T) {
	for _, tc := range []struct {
		expected, output string
		first, lines     int
	}{
		{"3\n", "3\n", 0, 1},
		{"3\n", "3", 0, 1},
		{"3 \n", "3\n", 0, 1},
		{"3\n4\n", "3\n5\n", 2, 2},
		{"3\n4\n", "3\n", 2, 2},
		{"3\n", "3\n4\n", 2, 2},
		{"", "", 0, 0},
		{"1\n", "", 1, 1},
	} {
		got := lineDiff(tc.expected, tc.output)
		if first := firstDiffering(got); first != tc.first || len(got) != tc.lines {
			t.Errorf("lineDiff(%q, %q): first differing %d of %d lines; want %d of %d", tc.expected, tc.output, first, len(got), tc.first, tc.lines)
		}
	}
}
