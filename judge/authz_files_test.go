package judge_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var canRule = regexp.MustCompile(`^Can[A-Z]`)

// TestCanRulesInAuthz keeps the permission rules in one file: no non-test
// Go file of the module but judge/authz.go declares a function or method
// named Can*, so a reader who wants to know who may do what reads one file.
func TestCanRulesInAuthz(t *testing.T) {
	root := ".."
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			// node_modules: what npm installed, not the module (a local
			// npm install in tools/similarity puts Go examples there).
			if name := d.Name(); name == "testdata" || name == "node_modules" || (path != root && strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") || rel == "judge/authz.go" {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && canRule.MatchString(fn.Name.Name) {
				t.Errorf("%s declares %s: permission rules live in judge/authz.go", rel, fn.Name.Name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
