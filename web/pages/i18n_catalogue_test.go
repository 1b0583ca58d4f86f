package pages

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/template/parse"

	"github.com/BurntSushi/toml"

	"puzzlejudge/judge"
)

// The catalogue test is a walk of our own, not goi18n extract: goi18n
// extract finds i18n.Message literals in Go code, and the pages' messages
// are asked by id from templates ({{t "id"}}, {{th "id"}}) and from Go
// (p.tr(c, "id"), l.text("id"), l.html("id")). The walk parses every
// template with text/template/parse and every non-test Go file of the
// package with go/ast, collects the first argument of those calls, adds
// the ids built from values (builtMessages), and compares with each
// catalogue: a used id missing from one fails, and so does an id that no
// page uses.

// usedMessages returns every message id the pages ask for, with where.
func usedMessages(t *testing.T) map[string]string {
	t.Helper()
	used := map[string]string{}
	// Templates: calls of t and th whose first argument is a string.
	files, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		src, err := fs.ReadFile(templateFS, f)
		if err != nil {
			t.Fatal(err)
		}
		trees, err := parse.Parse(f, string(src), "", "", funcsFor(newLocale("en", nil)), builtinFuncs())
		if err != nil {
			t.Fatal(err)
		}
		for _, tree := range trees {
			walkTemplate(tree.Root, func(n *parse.CommandNode) {
				if len(n.Args) < 2 {
					return
				}
				id, ok := n.Args[0].(*parse.IdentifierNode)
				if !ok || (id.Ident != "t" && id.Ident != "th") {
					return
				}
				s, ok := n.Args[1].(*parse.StringNode)
				if !ok {
					t.Errorf("%s: %s with a message id that is not a string literal: %s", f, id.Ident, n)
					return
				}
				used[s.Text] = f
			})
		}
	}
	// Go: p.tr(c, "id", ...), x.text("id", ...), x.html("id", ...).
	fset := token.NewFileSet()
	gofiles, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range gofiles {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(fset, f, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			arg := -1
			switch sel.Sel.Name {
			case "tr":
				arg = 1
			case "text", "html":
				arg = 0
			}
			if arg < 0 || len(call.Args) <= arg {
				return true
			}
			if lit, ok := call.Args[arg].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				id, _ := strconv.Unquote(lit.Value)
				used[id] = fset.Position(lit.Pos()).String()
			}
			return true
		})
	}
	for _, id := range builtMessages() {
		used[id] = "builtMessages"
	}
	for _, e := range translatableErrors(t) {
		used["err_"+e.id] = e.where
	}
	return used
}

// translatableError is a call of judge.Errort or judge.Allowt in the
// judge's code or the pages': the message id and its English text.
type translatableError struct{ id, text, where string }

// translatableErrors finds every judge.Errort and judge.Allowt call of the
// non-test Go files under judge/ and of this package, whose ids are the
// catalogues' err_<id>.
func translatableErrors(t *testing.T) []translatableError {
	t.Helper()
	var files []string
	err := filepath.WalkDir("../../judge", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	own, _ := filepath.Glob("*.go")
	for _, f := range own {
		if !strings.HasSuffix(f, "_test.go") {
			files = append(files, f)
		}
	}
	fset := token.NewFileSet()
	var out []translatableError
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var name string
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				name = fn.Sel.Name
			case *ast.Ident:
				name = fn.Name
			}
			arg := map[string]int{"Errort": 1, "Allowt": 2}[name]
			if arg == 0 || len(call.Args) <= arg+1 {
				return true
			}
			where := fset.Position(call.Pos()).String()
			if _, passed := call.Args[arg].(*ast.Ident); passed {
				return true // Allowt passing its own id on
			}
			id, ok1 := call.Args[arg].(*ast.BasicLit)
			text, ok2 := call.Args[arg+1].(*ast.BasicLit)
			if !ok1 || !ok2 || id.Kind != token.STRING || text.Kind != token.STRING {
				t.Errorf("%s: %s with an id or a text that is not a string literal", where, name)
				return true
			}
			idv, _ := strconv.Unquote(id.Value)
			textv, _ := strconv.Unquote(text.Value)
			out = append(out, translatableError{idv, textv, where})
			return true
		})
	}
	if len(out) < 40 {
		t.Fatalf("found only %d judge.Errort calls: the walk is broken", len(out))
	}
	return out
}

// builtinFuncs names the template functions that text/template knows
// itself, for parse.Parse.
func builtinFuncs() map[string]any {
	m := map[string]any{}
	for _, name := range []string{"and", "or", "not", "len", "index", "slice", "print", "printf", "println", "eq", "ne", "lt", "le", "gt", "ge", "html", "js", "urlquery", "call"} {
		m[name] = fmt.Sprint
	}
	return m
}

// walkTemplate calls f on every command of the tree.
func walkTemplate(n parse.Node, f func(*parse.CommandNode)) {
	walkTree(n, func(n parse.Node) {
		if c, ok := n.(*parse.CommandNode); ok {
			f(c)
		}
	})
}

// walkTree calls f on every node of the tree, in the order of the
// template's text: a node, then its pipeline, its body and its else.
func walkTree(n parse.Node, f func(parse.Node)) {
	switch n := n.(type) {
	case *parse.ListNode:
		if n == nil {
			return
		}
	case *parse.PipeNode:
		if n == nil {
			return
		}
	}
	f(n)
	switch n := n.(type) {
	case *parse.ListNode:
		for _, c := range n.Nodes {
			walkTree(c, f)
		}
	case *parse.ActionNode:
		walkTree(n.Pipe, f)
	case *parse.PipeNode:
		for _, c := range n.Cmds {
			walkTree(c, f)
		}
	case *parse.CommandNode:
		for _, a := range n.Args {
			walkTree(a, f)
		}
	case *parse.IfNode:
		walkBranch(&n.BranchNode, f)
	case *parse.RangeNode:
		walkBranch(&n.BranchNode, f)
	case *parse.WithNode:
		walkBranch(&n.BranchNode, f)
	case *parse.TemplateNode:
		walkTree(n.Pipe, f)
	}
}

func walkBranch(n *parse.BranchNode, f func(parse.Node)) {
	walkTree(n.Pipe, f)
	walkTree(n.List, f)
	walkTree(n.ElseList, f)
}

// catalogueIDs reads the ids of lang's catalogue (locales/*.<lang>.toml),
// failing on an id that two of its files define.
func catalogueIDs(t *testing.T, lang string) map[string]bool {
	t.Helper()
	ids := map[string]bool{}
	for f, raw := range catalogueRaw(t, lang) {
		for id := range raw {
			if ids[id] {
				t.Errorf("%s: %s is defined twice in the %s catalogue", f, id, lang)
			}
			ids[id] = true
		}
	}
	return ids
}

// catalogueRaw decodes each file of lang's catalogue, by file name.
func catalogueRaw(t *testing.T, lang string) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, f := range catalogueFiles(lang) {
		var raw map[string]any
		if _, err := toml.DecodeFS(localeFS, f, &raw); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[f] = raw
	}
	return out
}

func TestCataloguesComplete(t *testing.T) {
	used := usedMessages(t)
	if len(used) < 100 {
		t.Fatalf("found only %d message ids in the templates and the Go code: the walk is broken", len(used))
	}
	for _, lang := range judge.PageLanguages {
		have := catalogueIDs(t, lang)
		var missing, unused []string
		for id, where := range used {
			if !have[id] {
				missing = append(missing, id+" (used at "+where+")")
			}
		}
		for id := range have {
			if _, ok := used[id]; !ok {
				unused = append(unused, id)
			}
		}
		sort.Strings(missing)
		sort.Strings(unused)
		for _, m := range missing {
			t.Errorf("the %s catalogue (locales/*.%s.toml) lacks %s", lang, lang, m)
		}
		for _, u := range unused {
			t.Errorf("the %s catalogue (locales/*.%s.toml) has %s, which no page uses", lang, lang, u)
		}
	}
}

// visibleAttr finds the attributes a reader sees or hears.
var visibleAttr = regexp.MustCompile(`\b(title|placeholder|aria-label|data-confirm|alt)="([^"{]*)"`)

// tagOrComment matches markup, which is not text.
var tagOrComment = regexp.MustCompile(`(?s)<!--.*?-->|<[^>]*>`)

// englishWord is a word of two letters or more.
var englishWord = regexp.MustCompile(`[A-Za-z]{2,}`)

// notWords are the words a template may write itself: the name of the
// site, units, a file extension, the names of file formats and the zone
// of an example.
var notWords = map[string]bool{"puzzlejudge": true, "MiB": true, "KiB": true, "out": true, "Asia": true, "Shanghai": true, "CSV": true, "JSON": true}

// TestTemplatesHaveNoLiteralText fails when a template writes a word
// itself instead of asking the catalogue: every visible string must be a
// message, or the Chinese page would show it in English.
func TestTemplatesHaveNoLiteralText(t *testing.T) {
	files, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		src, _ := fs.ReadFile(templateFS, f)
		trees, err := parse.Parse(f, string(src), "", "", funcsFor(newLocale("en", nil)), builtinFuncs())
		if err != nil {
			t.Fatal(err)
		}
		for _, tree := range trees {
			// The text of the whole template, an action standing for
			// each value it prints, so that a tag split by actions is
			// still one tag.
			var all strings.Builder
			walkText(tree.Root, func(text string) { all.WriteString(text) })
			text := all.String()
			var seen []string
			for _, m := range visibleAttr.FindAllStringSubmatch(text, -1) {
				seen = append(seen, m[2])
			}
			seen = append(seen, tagOrComment.ReplaceAllString(text, " "))
			for _, s := range seen {
				for _, w := range englishWord.FindAllString(s, -1) {
					if !notWords[w] {
						t.Errorf("%s: the template writes %q itself: make it a catalogue message", f, w)
					}
				}
			}
		}
	}
}

// walkText calls f on the text of every text node of the tree, and on
// "\x00" for each action and template call between them.
func walkText(n parse.Node, f func(string)) {
	walkTree(n, func(n parse.Node) {
		switch n := n.(type) {
		case *parse.TextNode:
			f(string(n.Text))
		case *parse.ActionNode, *parse.TemplateNode:
			f("\x00")
		}
	})
}
