package pages

import (
	"net/url"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

func TestPagesMarkdown(t *testing.T) {
	md := newMarkdown()
	tests := []struct {
		name, src string
		want      []string
		reject    []string
	}{
		{"emphasis and headings", "# Title\n\nsome **bold** and `code`", []string{`<h1 id="title">Title</h1>`, "<strong>bold</strong>", "<code>code</code>"}, nil},
		{"fenced sample", "```text\n2\n0 0\n```", []string{`<pre><code class="language-text">2`}, nil},
		{"table", "| a | b |\n|---|---|\n| 1 | 2 |", []string{"<table>", "<td>1</td>"}, nil},
		{"raw script", "hello <script>alert(1)</script>", []string{"hello"}, []string{"<script", "alert(1)</script>"}},
		{"event handler", `<img src="x" onerror="alert(1)">`, nil, []string{"onerror"}},
		{"javascript link", "[x](javascript:alert(1))", nil, []string{"javascript:"}},
		{"style", "<style>body{display:none}</style>text", nil, []string{"<style"}},
		{"link kept", "[seeds](https://example.org/a)", []string{`href="https://example.org/a"`, `rel="nofollow"`}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := string(md.render(tc.src))
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("render(%q) = %q, want it to contain %q", tc.src, got, w)
				}
			}
			for _, r := range tc.reject {
				if strings.Contains(got, r) {
					t.Errorf("render(%q) = %q, contains %q", tc.src, got, r)
				}
			}
			if again := string(md.render(tc.src)); again != got {
				t.Errorf("cached render differs: %q then %q", got, again)
			}
		})
	}
}

func TestPagesWithoutTitle(t *testing.T) {
	tests := []struct{ statement, title, want string }{
		{"# Flood-it\n\nRules.", "Flood-it", "\nRules."},
		{"\n# Flood-it \r\nRules.", "Flood-it", "Rules."},
		{"# Another title\nRules.", "Flood-it", "# Another title\nRules."},
		{"## Flood-it\nRules.", "Flood-it", "## Flood-it\nRules."},
		{"Flood-it\nRules.", "Flood-it", "Flood-it\nRules."},
		{"", "x", ""},
	}
	for _, tc := range tests {
		if got := withoutTitle(tc.statement, tc.title); got != tc.want {
			t.Errorf("withoutTitle(%q, %q) = %q, want %q", tc.statement, tc.title, got, tc.want)
		}
	}
}

func TestPagesSafeNext(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "/"},
		{"/submissions", "/submissions"},
		{"/problems/flood?x=1", "/problems/flood?x=1"},
		{"https://evil.example/", "/"},
		{"//evil.example/", "/"},
		{"/\\evil.example", "/"},
		{"javascript:alert(1)", "/"},
		{"submissions", "/"},
		{"http://127.0.0.1:8080/problems", "/"},
		{"/%2Fevil.example", "/%2Fevil.example"}, // a path here, kept escaped
		{"/%2F ", "/"},                           // normalises to "//%20"
	}
	for _, tc := range tests {
		if got := safeNext(tc.in); got != tc.want {
			t.Errorf("safeNext(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// FuzzPagesMarkdown renders any statement and checks, on the parsed output,
// that nothing executable survives: no script-like element, no event
// handler, no javascript: or data: URL, whatever the Markdown or HTML sent.
func FuzzPagesMarkdown(f *testing.F) {
	for _, p := range pagesCatalogue {
		f.Add(p.problem.Statement)
	}
	f.Add("<a href=\"JaVaScRiPt:alert(1)\">x</a> <svg onload=alert(1)> <iframe src=x>")
	f.Add("[x](  javascript:alert(1) ) ![i](data:text/html;base64,PHNjcmlwdD4=)")
	f.Add("```\n<script>x</script>\n```\n<div style=\"background:url(javascript:x)\">")
	md := newMarkdown()
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > 1<<16 {
			return
		}
		out := string(md.render(src))
		z := html.NewTokenizer(strings.NewReader(out))
		for {
			tt := z.Next()
			if tt == html.ErrorToken {
				return
			}
			if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
				continue
			}
			tok := z.Token()
			switch tok.Data {
			case "script", "style", "iframe", "object", "embed", "svg", "math", "form", "input", "base", "meta", "link":
				t.Fatalf("render(%q) kept <%s>: %s", src, tok.Data, out)
			}
			for _, a := range tok.Attr {
				key := strings.ToLower(a.Key)
				val := strings.ToLower(strings.TrimSpace(a.Val))
				if strings.HasPrefix(key, "on") || key == "style" ||
					(key == "href" || key == "src") && (strings.HasPrefix(val, "javascript:") || strings.HasPrefix(val, "data:") || strings.HasPrefix(val, "vbscript:")) {
					t.Fatalf("render(%q) kept %s=%q on <%s>: %s", src, a.Key, a.Val, tok.Data, out)
				}
			}
		}
	})
}

// FuzzPagesSafeNext checks that no login redirect target leaves the site.
func FuzzPagesSafeNext(f *testing.F) {
	for _, s := range []string{"/submissions", "//evil", "/\\evil", "https://x/", "/a?b=c#d", "/%2F%2Fevil", "\t//evil"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, next string) {
		got := safeNext(next)
		u, err := url.Parse(got)
		if !strings.HasPrefix(got, "/") || strings.HasPrefix(got, "//") || strings.HasPrefix(got, "/\\") || err != nil || u.Host != "" || u.Scheme != "" {
			t.Fatalf("safeNext(%q) = %q leaves the site", next, got)
		}
	})
}
