package pages

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"
	"github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
)

// A program's source is shown highlighted by chroma: its HTML formatter
// writes class names only, so that the pages' Content-Security-Policy
// (style-src 'self', no inline styles) holds; the classes' colours are
// static/source.css, written by chroma from the styles below (the test
// TestSourceCSS keeps the file in step with the library).

// sourceStyles are chroma's styles of the light and the dark page.
const sourceStyleLight, sourceStyleDark = "github", "github-dark"

// sourceFormatter writes numbered lines, each number a link to its line
// (#L12), so that an instructor can point a student at one.
var sourceFormatter = html.New(html.WithClasses(true), html.WithLineNumbers(true),
	html.WithLinkableLineNumbers(true, "L"), html.TabWidth(4))

// lexerNames maps the ids of the languages (config.yaml languages:) to
// chroma's lexers where the two differ; an id not here is looked up as
// it is, so that a language an instructor adds is highlighted when chroma
// knows its name.
var lexerNames = map[string]string{
	"cpp98":   "cpp",
	"cpp17":   "cpp",
	"python3": "python",
	"python":  "python",
	"py":      "python",
	"golang":  "go",
}

// lexerFor returns the lexer of a language id, plain text when chroma has
// none of that name.
func lexerFor(language string) chroma.Lexer {
	name := strings.ToLower(language)
	if n, ok := lexerNames[name]; ok {
		name = n
	}
	l := lexers.Get(name)
	if l == nil {
		l = lexers.Fallback
	}
	return chroma.Coalesce(l)
}

// highlightBudget bounds the time spent lexing one source: chroma's
// lexers are regular expressions with backtracking (each match may take
// 250 ms before it gives up), and a student's source must not hold a page,
// nor a worker of the server, for long. Past the budget the rest of the
// source is shown as plain text.
const highlightBudget = 300 * time.Millisecond

// highlight returns source as HTML: a <pre class="chroma"> of numbered,
// highlighted lines. chroma escapes every token, so the HTML is safe to
// put in a page whatever the source holds. Line ends are made \n and
// bytes that are not UTF-8 U+FFFD first, as chroma does, so that the
// tokens are the source's bytes.
func highlight(language, source string) (h template.HTML, err error) {
	return highlightWithin(language, source, highlightBudget)
}

func highlightWithin(language, source string, budget time.Duration) (h template.HTML, err error) {
	defer func() {
		// A lexer that panics on some text fails the highlighting, not
		// the page: the source is then shown plain.
		if r := recover(); r != nil {
			h, err = "", fmt.Errorf("highlighting %s source: panic: %v", language, r)
		}
	}()
	source = strings.ReplaceAll(strings.ReplaceAll(source, "\r\n", "\n"), "\r", "\n")
	if !utf8.ValidString(source) {
		// chroma lexes runes: each byte that is not UTF-8 becomes U+FFFD.
		source = string([]rune(source))
	}
	it, err := lexerFor(language).Tokenise(nil, source)
	if err != nil {
		return "", fmt.Errorf("highlighting %s source: %w", language, err)
	}
	var buf bytes.Buffer
	if err := sourceFormatter.Format(&buf, styles.Get(sourceStyleLight), within(it, source, time.Now().Add(budget))); err != nil {
		return "", fmt.Errorf("highlighting %s source: %w", language, err)
	}
	return template.HTML(buf.String()), nil
}

// within returns the tokens of it, the lexer's over source, until the
// deadline; then the rest of source as one plain token.
func within(it chroma.Iterator, source string, deadline time.Time) chroma.Iterator {
	consumed, done := 0, false
	return func() chroma.Token {
		if done {
			return chroma.EOF
		}
		if time.Now().After(deadline) {
			done = true
			if consumed >= len(source) {
				return chroma.EOF
			}
			return chroma.Token{Type: chroma.Text, Value: source[consumed:]}
		}
		t := it()
		if t == chroma.EOF {
			done = true
		}
		consumed += len(t.Value)
		return t
	}
}

// writeSourceCSS writes static/source.css: the classes of the light style
// for a browser in light mode, those of the dark one in dark mode. Each
// style sets only the classes it colours, so the two must not both apply
// (a class only the light style colours would keep its light colour on the
// dark background).
func writeSourceCSS(w io.Writer) error {
	fmt.Fprintf(w, "/* The colours of highlighted sources (chroma's %q and %q styles).\n   Written by chroma: go test ./web/pages -run TestSourceCSS -update */\n", sourceStyleLight, sourceStyleDark)
	for _, mode := range []struct{ media, style string }{
		{"not all and (prefers-color-scheme: dark)", sourceStyleLight},
		{"(prefers-color-scheme: dark)", sourceStyleDark},
	} {
		fmt.Fprintf(w, "@media %s {\n", mode.media)
		if err := sourceFormatter.WriteCSS(w, styles.Get(mode.style)); err != nil {
			return err
		}
		if _, err := io.WriteString(w, "}\n"); err != nil {
			return err
		}
	}
	return nil
}
