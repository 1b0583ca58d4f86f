package web

import (
	"strings"
	"testing"
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
	}
	for _, tc := range tests {
		if got := safeNext(tc.in); got != tc.want {
			t.Errorf("safeNext(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
