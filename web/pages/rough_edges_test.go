package pages

import (
	"net/url"
	"regexp"
	"strings"
	"testing"

	"puzzlejudge/problems"
)

// TestContestFormExample: the contest form's example of a problem line names
// a problem the server ships, in both languages, and the label's text with
// its <code> stays one piece of the label (a label of the form is a flex
// column: each bare piece of markup took a line of its own, a lone ")").
func TestContestFormExample(t *testing.T) {
	e := newPagesEnv(t, Options{})
	prof := e.browser()
	prof.login("admin", pagesAdminPassword)
	shipped, err := problems.Shipped()
	if err != nil {
		t.Fatal(err)
	}
	slugs := map[string]bool{}
	for _, p := range shipped {
		slugs[p.Problem.Slug] = true
	}
	example := regexp.MustCompile(`<span>[^<]*[(（]<code>A ([a-z0-9-]+)</code>[)）]</span> <textarea name="problems"`)
	for _, lang := range []string{"en", "zh-CN"} {
		prof.post("/language", url.Values{"lang": {lang}, "next": {"/contests"}})
		p := prof.get("/contests").want(t, 200, `name="problems"`)
		m := example.FindStringSubmatch(p.body)
		if m == nil {
			t.Errorf("%s: the problems label is not one span with its example:\n%s", lang, p.body)
			continue
		}
		if !slugs[m[1]] {
			t.Errorf("%s: the example names %q, which the server does not ship", lang, m[1])
		}
	}
}

// TestProblemKindsListed: the problem header lists the kinds a problem takes
// as a list ("Takes your program's output, move sequences"), in zh with 、,
// not the words run together.
func TestProblemKindsListed(t *testing.T) {
	e := newPagesEnv(t, Options{})
	b := e.browser()
	kinds := regexp.MustCompile(`(?s)<p class="meta kinds" id="kinds">(.*?)(?: ·|</p>)`)
	tags := regexp.MustCompile(`<[^>]*>`)
	for _, tc := range []struct{ lang, want string }{
		{"en", "Takes your program&#39;s output, move sequences"},
		{"zh-CN", "接受 程序输出、走法序列"},
	} {
		b.post("/language", url.Values{"lang": {tc.lang}, "next": {"/"}})
		p := b.get("/problems/flood").want(t, 200)
		m := kinds.FindStringSubmatch(p.body)
		if m == nil {
			t.Fatalf("%s: no kinds on the problem page", tc.lang)
		}
		if got := strings.Join(strings.Fields(tags.ReplaceAllString(m[1], "")), " "); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: the header reads %q, want it to start %q", tc.lang, got, tc.want)
		}
	}
}
