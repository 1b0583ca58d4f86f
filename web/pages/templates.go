package pages

import (
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"path"
	"strconv"
	"strings"

	"puzzlejudge/judge"
)

// templateSet holds one template per page, each a clone of the layout with
// the page's own "content" block, so that pages can never overwrite each
// other's blocks.
type templateSet map[string]*template.Template

// pageTemplates are parsed once from the embedded files, one set per
// language, whose functions t and th speak it: a template error is a
// programming error, caught by the tests that render every page.
var pageTemplates = func() map[string]templateSet {
	out := map[string]templateSet{}
	for _, lang := range judge.PageLanguages {
		out[lang] = mustParseTemplates(templateFS, newLocale(lang, nil))
	}
	return out
}()

// funcsFor are the template functions in the language of l: t (a message
// as text), th (a message that holds markup), verdictText, beside the
// others (templateFuncs).
func funcsFor(l *locale) template.FuncMap {
	fm := template.FuncMap{
		"t":              l.text,
		"th":             l.html,
		"verdictText":    func(v judge.Verdict) string { return verdictText(l, v) },
		"statusText":     func(s judge.Status) string { return l.text("status_" + string(s)) },
		"kindText":       func(k judge.Kind) string { return l.text("kind_" + string(k)) },
		"chipText":       func(s judge.BoardStatus) string { return l.text("chip_" + string(s)) },
		"stateText":      func(s string) string { return l.text("tag_" + s) },
		"kindLongText":   func(k judge.Kind) string { return l.text("kind_" + string(k) + "_long") },
		"caseStatusText": func(s judge.CaseStatus) string { return l.text("case_status_" + string(s)) },
		"genStatusText":  func(s string) string { return l.text("gen_status_" + s) },
		"roleText":       func(r judge.Role) string { return l.text("role_" + string(r)) },
		"puzzleName":     l.puzzleName,
		// ptitle is a problem's title in the reader's language (title_zh
		// on a Chinese page when the problem has one).
		"ptitle":       func(p interface{ TitleIn(string) string }) string { return p.TitleIn(l.Lang) },
		"boardName":    l.boardName,
		"judgeText":    l.judgeText,
		"judgeMessage": l.judgeMessage,
		"judgeMsg":     l.judgeMsg,
		"langChoices":  langChoices,
		"messages":     scriptMessages,
	}
	for k, f := range templateFuncs {
		fm[k] = f
	}
	return fm
}

var templateFuncs = template.FuncMap{
	"verdictClass":    func(v judge.Verdict) string { return "v-" + strings.ReplaceAll(string(v), "_", "-") },
	"score":           func(f float64) string { return fmt.Sprintf("%.0f", f) },
	"instructor":      func(u *judge.User) bool { return u != nil && u.IsInstructor() },
	"inc":             func(i int) int { return i + 1 },
	"dec":             func(i int) int { return i - 1 },
	"contestDuration": judge.FormatContestDuration,
	"grade":           judge.FormatScore,
	"seconds":         func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) + " s" },
	"cell":            cellClass,
	"ms":              func(ms int64) string { return strconv.FormatInt(ms, 10) + " ms" },
	"kib":             humanKiB,
	"lineDiff":        lineDiff,
	"firstDiffering":  firstDiffering,
	// filter is the data of the "studentFilter" form.
	"filter": func(table, value string) studentFilter { return studentFilter{table, value} },
	// listTable and listRow are the data of the "listTable" partial.
	"listTable": func(class string, rows any, none string, v view) listTable { return listTable{class, rows, none, v} },
	"listRow":   func(row any, v view) listRow { return listRow{row, v} },
	// studentTable is the data of the "studentTable" partial.
	"studentTable": func(id, class string, v view) studentTable { return studentTable{id, class, v} },
	// runStream is the data of the "runStream" partial.
	"runStream": func(label, class, text, empty string) runStream { return runStream{label, class, text, empty} },
}

// scriptMessages are the words a page's script writes, for a <script
// type="application/json"> block: pairs of a name and a message rendered
// in the page's language with {name} where the script puts a value. A
// message with plural forms is given twice, as name_one (Count 1) and
// name_other (Count 2), and the script picks one with Intl.PluralRules.
func scriptMessages(pairs ...string) (map[string]string, error) {
	if len(pairs)%2 != 0 {
		return nil, fmt.Errorf("messages: %d arguments, want pairs of a name and a message", len(pairs))
	}
	out := make(map[string]string, len(pairs)/2)
	for i := 0; i < len(pairs); i += 2 {
		out[pairs[i]] = pairs[i+1]
	}
	return out, nil
}

// humanKiB writes a memory size given in KiB in the unit that reads best:
// 536 KiB, 2.5 MiB, 256 MiB, 1.25 GiB.
func humanKiB(kib int64) string {
	switch {
	case kib < 1<<10:
		return strconv.FormatInt(kib, 10) + " KiB"
	case kib < 100<<10:
		return strconv.FormatFloat(float64(kib)/(1<<10), 'f', 1, 64) + " MiB"
	case kib < 1<<20:
		return strconv.FormatFloat(float64(kib)/(1<<10), 'f', 0, 64) + " MiB"
	}
	return strconv.FormatFloat(float64(kib)/(1<<20), 'f', 2, 64) + " GiB"
}

// studentFilter is the filter form above a table of students: the id of
// the table whose rows it hides as one types, and the filter's value.
type studentFilter struct{ Table, Value string }

// listTable is a page's list of things (the "listTable" partial): the
// table's classes after "list", the things (a slice), the sentence shown
// when there are none, and the page's view.
type listTable struct {
	Class string
	Rows  any
	None  string
	View  view
}

// listRow is one thing of a listTable, with the page's view for what its
// row needs beside the thing (the reader's zone, the user).
type listRow struct {
	Row  any
	View view
}

// studentTable is a page's table of students (the "studentTable" partial):
// its id, which the filter form names, its classes, and the page's view,
// whose Data holds the Rows and the Filter.
type studentTable struct {
	ID, Class string
	View      view
}

// runStream is one stream of a program's run on a sample board (its output
// or its stderr): the label above it, the class of its <pre>, its text and
// the note shown instead when the text is empty.
type runStream struct{ Label, Class, Text, Empty string }

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
func verdictText(l *locale, v judge.Verdict) string {
	if v == "" {
		return l.text("verdict_pending")
	}
	return l.text("verdict_" + string(v)) // builtMessages lists them
}

func mustParseTemplates(fsys fs.FS, l *locale) templateSet {
	ts, err := parseTemplates(fsys, l)
	if err != nil {
		panic(err)
	}
	return ts
}

// parseTemplates reads templates/layout.html, the partials templates/_*.html
// and one page per other file, named after the file without ".html".
func parseTemplates(fsys fs.FS, l *locale) (templateSet, error) {
	base, err := template.New("layout.html").Funcs(funcsFor(l)).ParseFS(fsys, "templates/layout.html", "templates/_*.html")
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
