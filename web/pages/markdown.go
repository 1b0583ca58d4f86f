package pages

import (
	"bytes"
	"crypto/sha256"
	"html/template"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"

	"puzzlejudge/internal/cache"
)

// markdown turns problem statements into HTML. goldmark already drops raw
// HTML (it runs without html.WithUnsafe); bluemonday's UGC policy then keeps
// only harmless elements and attributes and vets every link, so a statement
// written by an instructor can never run a script in a student's browser.
type markdown struct {
	md     goldmark.Markdown
	policy *bluemonday.Policy

	cache cache.Memo[[sha256.Size]byte, template.HTML]
}

// markdownCacheSize bounds the cache of rendered statements; there are a
// handful of problems, so this is never reached in practice.
const markdownCacheSize = 256

func newMarkdown() *markdown {
	policy := bluemonday.UGCPolicy()
	// Fenced code blocks carry their language as a class (language-text).
	policy.AllowAttrs("class").Matching(bluemonday.SpaceSeparatedTokens).OnElements("code")
	return &markdown{
		md: goldmark.New(
			goldmark.WithExtensions(extension.Table, extension.Strikethrough),
			goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		),
		policy: policy,
	}
}

// render returns src as sanitised HTML.
func (m *markdown) render(src string) template.HTML {
	key := sha256.Sum256([]byte(src))
	if out, ok := m.cache.Get(key); ok {
		return out
	}
	var buf bytes.Buffer
	if err := m.md.Convert([]byte(src), &buf); err != nil {
		// goldmark fails only when writing to buf fails, which it cannot;
		// show the text itself rather than nothing.
		return template.HTML("<pre>" + template.HTMLEscapeString(src) + "</pre>")
	}
	out := template.HTML(m.policy.SanitizeBytes(buf.Bytes()))
	m.cache.Put(key, out, markdownCacheSize)
	return out
}
