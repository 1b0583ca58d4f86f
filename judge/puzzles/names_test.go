package puzzles

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestPuzzleNamesInTwoFiles keeps the registry the one place that knows the
// puzzles: outside reference/, at most two non-test Go files may name a
// puzzle in a string literal (its name, or a path under it such as
// "floodit/..."): its adapter here, which registers it, and its drawer in
// web/pages. Everything else asks the registry or reads a catalogue.
func TestPuzzleNamesInTwoFiles(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the module's root is not %s: %v", root, err)
	}
	names := PuzzleNames()
	files := map[string][]string{} // puzzle name -> files that name it
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel == "reference" || d.Name() == "testdata" || (rel != "." && strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		named := map[string]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			for _, name := range names {
				if s == name || strings.HasPrefix(s, name+"/") {
					named[name] = true
				}
			}
			return true
		})
		for name := range named {
			files[name] = append(files[name], rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		if got := files[name]; len(got) > 2 {
			slices.Sort(got)
			t.Errorf("%d non-test Go files outside reference/ name the puzzle %q, at most 2 may (its adapter and its drawer): %s",
				len(got), name, strings.Join(got, ", "))
		}
	}
}
