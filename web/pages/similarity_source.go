package pages

import (
	"fmt"
	"html/template"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/alecthomas/chroma/v2"

	"puzzlejudge/judge"
)

// The pair page shows two sources line by line, highlighted by chroma's
// lexers with the classes of static/source.css (as the submission page),
// each line of a matching fragment marked with the fragment's colour class
// (sim-f0 .. sim-f7 in static/similarity.css): fragment k has the same
// colour on both sides.

// fragmentColours is the number of fragment colours the style sheet has.
const fragmentColours = 8

// sourceLine is one line of a source on the pair page.
type sourceLine struct {
	N    int
	HTML template.HTML
	// Colour is the class of the first fragment holding the line
	// ("sim-f3"), "" for none; Fragment its number from 1.
	Colour   string
	Fragment int
}

// splitLines splits a source into lines as Dolos counts them: line ends
// made \n, no empty last line after a final newline.
func splitLines(source string) []string {
	source = strings.ReplaceAll(strings.ReplaceAll(source, "\r\n", "\n"), "\r", "\n")
	source = strings.TrimSuffix(source, "\n")
	return strings.Split(source, "\n")
}

// highlightLines returns each line of source highlighted, within
// highlightBudget (the rest plain, as highlight does).
func highlightLines(language, source string) (lines []template.HTML, err error) {
	defer func() {
		if r := recover(); r != nil {
			lines, err = nil, panicError{r}
		}
	}()
	source = strings.ReplaceAll(strings.ReplaceAll(source, "\r\n", "\n"), "\r", "\n")
	if !utf8.ValidString(source) {
		source = string([]rune(source))
	}
	it, err := lexerFor(language).Tokenise(nil, source)
	if err != nil {
		return nil, err
	}
	it = within(it, source, time.Now().Add(highlightBudget))
	var b strings.Builder
	for t := it(); t != chroma.EOF; t = it() {
		class := tokenClass(t.Type)
		parts := strings.Split(t.Value, "\n")
		for i, part := range parts {
			if i > 0 {
				lines = append(lines, template.HTML(b.String()))
				b.Reset()
			}
			if part == "" {
				continue
			}
			if class != "" {
				b.WriteString(`<span class="` + class + `">`)
			}
			b.WriteString(template.HTMLEscapeString(part))
			if class != "" {
				b.WriteString(`</span>`)
			}
		}
	}
	if b.Len() > 0 {
		lines = append(lines, template.HTML(b.String()))
	}
	return lines, nil
}

// tokenClass is chroma's class of a token type, as its HTML formatter
// writes it: the type's own, else its sub-category's, else its category's.
func tokenClass(t chroma.TokenType) string {
	for _, tt := range []chroma.TokenType{t, t.SubCategory(), t.Category()} {
		if c, ok := chroma.StandardTypes[tt]; ok && tt != chroma.Text && tt != chroma.Background {
			return c
		}
	}
	return ""
}

// markFragments numbers the lines and marks those of the fragments: a
// line holds the colour of the first fragment that covers it.
func markFragments(lines []template.HTML, fragments []judge.LineRange) []sourceLine {
	out := make([]sourceLine, len(lines))
	for i, l := range lines {
		out[i] = sourceLine{N: i + 1, HTML: l}
	}
	for k, f := range fragments {
		for n := max(f.Start, 1); n <= f.End && n <= len(out); n++ {
			if out[n-1].Fragment == 0 {
				out[n-1].Fragment = k + 1
				out[n-1].Colour = fmt.Sprintf("sim-f%d", k%fragmentColours)
			}
		}
	}
	return out
}

// panicError is a lexer's panic as an error.
type panicError struct{ v any }

func (e panicError) Error() string { return fmt.Sprintf("highlighting: panic: %v", e.v) }
