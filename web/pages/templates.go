package pages

import (
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"time"

	"puzzlejudge/judge"
)

// templateSet holds one template per page, each a clone of the layout with
// the page's own "content" block, so that pages can never overwrite each
// other's blocks.
type templateSet map[string]*template.Template

// pageTemplates is parsed once from the embedded files: a template error is a
// programming error, caught by the tests that render every page.
var pageTemplates = mustParseTemplates(templateFS)

var templateFuncs = template.FuncMap{
	"verdictText":     verdictText,
	"verdictClass":    func(v judge.Verdict) string { return "v-" + strings.ReplaceAll(string(v), "_", "-") },
	"score":           func(f float64) string { return fmt.Sprintf("%.0f", f) },
	"when":            func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05 UTC") },
	"instructor":      func(u *judge.User) bool { return u != nil && u.IsInstructor() },
	"inc":             func(i int) int { return i + 1 },
	"dec":             func(i int) int { return i - 1 },
	"contestDuration": judge.FormatContestDuration,
	"grade":           judge.FormatScore,
	"seconds":         func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) + " s" },
	"cell":            cellClass,
	// filter is the data of the "studentFilter" form.
	"filter": func(table, value string) studentFilter { return studentFilter{table, value} },
}

// studentFilter is the filter form above a table of students: the id of
// the table whose rows it hides as one types, and the filter's value.
type studentFilter struct{ Table, Value string }

// cellClass colours a progress cell: full marks, some, none yet, not tried.
func cellClass(score float64, submissions int) string {
	switch {
	case score >= 100:
		return "g-full"
	case score > 0:
		return "g-part"
	case submissions > 0:
		return "g-zero"
	}
	return "g-none"
}

// verdictText is how a verdict reads on a page ("wrong answer"); pending
// submissions have none yet.
func verdictText(v judge.Verdict) string {
	if v == "" {
		return "pending"
	}
	return strings.ReplaceAll(string(v), "_", " ")
}

func mustParseTemplates(fsys fs.FS) templateSet {
	ts, err := parseTemplates(fsys)
	if err != nil {
		panic(err)
	}
	return ts
}

// parseTemplates reads templates/layout.html, the partials templates/_*.html
// and one page per other file, named after the file without ".html".
func parseTemplates(fsys fs.FS) (templateSet, error) {
	base, err := template.New("layout.html").Funcs(templateFuncs).ParseFS(fsys, "templates/layout.html", "templates/_*.html")
	if err != nil {
		return nil, err
	}
	files, err := fs.Glob(fsys, "templates/*.html")
	if err != nil {
		return nil, err
	}
	ts := templateSet{}
	for _, f := range files {
		name := strings.TrimSuffix(path.Base(f), ".html")
		if name == "layout" || strings.HasPrefix(name, "_") {
			continue
		}
		t, err := base.Clone()
		if err != nil {
			return nil, err
		}
		if _, err := t.ParseFS(fsys, f); err != nil {
			return nil, err
		}
		ts[name] = t
	}
	return ts, nil
}

// execute renders page name inside the layout.
func (ts templateSet) execute(w io.Writer, name string, v view) error {
	t, ok := ts[name]
	if !ok {
		return fmt.Errorf("no page template %q", name)
	}
	return t.ExecuteTemplate(w, "layout", v)
}
