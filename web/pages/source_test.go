package pages

import (
	"bytes"
	"flag"
	"html"
	"html/template"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/alecthomas/chroma/v2/lexers"

	"puzzlejudge/judge/sandbox"
)

var update = flag.Bool("update", false, "rewrite static/source.css from chroma")

// TestSourceCSS keeps static/source.css, the colours of the highlighted
// sources, equal to what chroma writes for the formatter and styles the
// pages use: a chroma upgrade that renames a class fails here, and
// -update rewrites the file.
func TestSourceCSS(t *testing.T) {
	var want bytes.Buffer
	if err := writeSourceCSS(&want); err != nil {
		t.Fatal(err)
	}
	const file = "static/source.css"
	if *update {
		if err := os.WriteFile(file, want.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Errorf("%s differs from what chroma writes: go test ./web/pages -run TestSourceCSS -update", file)
	}
	for _, rule := range []string{".chroma .k {", ".chroma .ln {", "@media not all and (prefers-color-scheme: dark) {", "@media (prefers-color-scheme: dark) {"} {
		if !strings.Contains(want.String(), rule) {
			t.Errorf("chroma's CSS has no %q", rule)
		}
	}
	css, err := os.ReadFile("static/pages.css")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(css), `@import "source.css";`) {
		t.Errorf("static/pages.css does not begin with @import \"source.css\" (an @import after other rules is ignored)")
	}
}

// TestLexerFor checks that each language the judge knows out of the box is
// highlighted by a lexer of its own, not as plain text, and that an
// unknown id falls back to plain text.
func TestLexerFor(t *testing.T) {
	want := map[string]string{"c": "C", "cpp": "C++", "cpp98": "C++", "python3": "Python", "java": "Java", "go": "Go"}
	for _, l := range sandbox.DefaultLanguages() {
		name, ok := want[l.ID]
		if !ok {
			t.Errorf("language %q has no expected lexer in this test: add it (and to lexerNames when chroma names it otherwise)", l.ID)
			continue
		}
		if got := lexerFor(l.ID).Config().Name; got != name {
			t.Errorf("lexerFor(%q) = %q, want %q", l.ID, got, name)
		}
	}
	if got, fallback := lexerFor("no-such-language").Config().Name, lexers.Fallback.Config().Name; got != fallback {
		t.Errorf("lexerFor(unknown) = %q, want the fallback %q", got, fallback)
	}
}

// TestHighlight checks the HTML of a highlighted source: classes and no
// inline style (the CSP forbids them), numbered lines linkable as #L2,
// and a source that holds HTML escaped, never markup.
func TestHighlight(t *testing.T) {
	for _, tc := range []struct {
		name, language, source string
		want                   []string
	}{
		{"cpp", "cpp", "#include <cstdio>\nint main() { return 0; }\n",
			[]string{`<pre class="chroma">`, `class="cp"`, `&lt;cstdio&gt;`, `class="kt">int</span>`, `id="L2"`, `href="#L2"`}},
		{"python", "python3", "def f(x):\n    return x  # done\n",
			[]string{`class="k">def</span>`, `class="c1"># done</span>`}},
		{"hostile", "cpp", "// </pre><script>alert(1)</script>\nint x;\n",
			[]string{`&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;`}},
		{"unknown language", "no-such-language", "<b>DISPLAY</b>\n",
			[]string{`&lt;b&gt;DISPLAY&lt;/b&gt;`, `id="L1"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := highlight(tc.language, tc.source)
			if err != nil {
				t.Fatal(err)
			}
			got := string(h)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("highlight(%q, %q) has no %q:\n%s", tc.language, tc.source, w, got)
				}
			}
			for _, bad := range []string{"style=", "<script", "<b>"} {
				if strings.Contains(got, bad) {
					t.Errorf("highlight(%q, %q) contains %q:\n%s", tc.language, tc.source, bad, got)
				}
			}
		})
	}
}

// lineNumber matches the number chroma writes before each line.
var lineNumber = regexp.MustCompile(`<span class="ln" id="L\d+"><a class="lnlinks" href="#L\d+">\d+</a></span>`)

// shownText is the text a reader sees in highlighted HTML, line numbers
// aside: the source, if nothing was lost or added.
func shownText(h template.HTML) string {
	s := lineNumber.ReplaceAllString(string(h), "")
	s = regexp.MustCompile(`<[^>]*>`).ReplaceAllString(s, "")
	return html.UnescapeString(s)
}

// checkShown fails unless h shows exactly source (line ends made \n, bytes
// that are not UTF-8 U+FFFD; chroma may end the last line).
func checkShown(t *testing.T, h template.HTML, source string) {
	t.Helper()
	want := string([]rune(strings.ReplaceAll(strings.ReplaceAll(source, "\r\n", "\n"), "\r", "\n")))
	if got := shownText(h); got != want && got != want+"\n" {
		t.Errorf("the highlighted source shows %q, want %q", got, want)
	}
}

// sourceLanguages are the language ids the fuzz test highlights with.
var sourceLanguages = []string{"cpp", "c", "python3", "java", "go", "no-such-language"}

// FuzzHighlight: whatever a student sends, highlighting neither panics nor
// loses, adds or unescapes a character. Seeded from testdata/sources.
func FuzzHighlight(f *testing.F) {
	files, err := filepath.Glob("testdata/sources/*")
	if err != nil || len(files) == 0 {
		f.Fatalf("no seeds in testdata/sources: %v", err)
	}
	for i, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(i), string(b))
	}
	f.Fuzz(func(t *testing.T, lang uint8, source string) {
		h, err := highlight(sourceLanguages[int(lang)%len(sourceLanguages)], source)
		if err != nil {
			return // shown plain by the page
		}
		if strings.Contains(string(h), "<script") {
			t.Fatalf("unescaped markup in %q", h)
		}
		checkShown(t, h, source)
	})
}

// TestHighlightBudget: a source the lexer cannot finish within the budget
// is shown whole, the rest as plain text, once the budget is spent.
func TestHighlightBudget(t *testing.T) {
	src, err := os.ReadFile("testdata/sources/hello.cpp")
	if err != nil {
		t.Fatal(err)
	}
	for _, budget := range []time.Duration{-time.Second, time.Minute} {
		h, err := highlightWithin("cpp", string(src), budget)
		if err != nil {
			t.Fatal(err)
		}
		checkShown(t, h, string(src))
		if highlighted := strings.Contains(string(h), `class="cp"`); highlighted != (budget > 0) {
			t.Errorf("budget %v: highlighted %v", budget, highlighted)
		}
	}
}

// BenchmarkHighlight highlights the shipped Flood-it C++ program as it is
// (a few KiB, as students send) and repeated to 128 KiB, the default code
// limit, without the budget.
func BenchmarkHighlight(b *testing.B) {
	src := floodIDA(b)
	for _, tc := range []struct {
		name   string
		source string
	}{
		{"ida.cpp", src},
		{"128KiB", strings.Repeat(src, (128<<10)/len(src))},
	} {
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(tc.source)))
			for b.Loop() {
				if _, err := highlightWithin("cpp", tc.source, time.Hour); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
