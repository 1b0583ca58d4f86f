package puzzles

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"

	"puzzlejudge/judge"
)

// TestRegistry finds the puzzles the adapter files of this folder register
// (a Register call each), so that a new puzzle needs no edit here.
func TestRegistry(t *testing.T) {
	if got, want := len(PuzzleNames()), registerCalls(t); got != want || got == 0 {
		t.Errorf("PuzzleNames() = %q: %d puzzles, but the adapters call Register %d times", PuzzleNames(), got, want)
	}
	for _, name := range PuzzleNames() {
		p, err := Lookup(name)
		if err != nil || p.Name() != name {
			t.Errorf("Lookup(%q) = %v, %v", name, p, err)
			continue
		}
		if info := p.Info(); info.Unit == "" || info.MovesSyntax == "" {
			t.Errorf("Lookup(%q).Info() = %+v: a field is empty", name, info)
		}
	}
	_, err := Lookup("chess")
	if judge.ErrorCode(err) != judge.EINVALID || !strings.Contains(judge.ErrorMessage(err), `unknown puzzle "chess" (known: `+strings.Join(PuzzleNames(), ", ")+")") {
		t.Errorf("Lookup(chess) = %v", err)
	}
}

// registerCalls counts the calls of Register in the non-test files here.
func registerCalls(t *testing.T) int {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(node ast.Node) bool {
			if call, ok := node.(*ast.CallExpr); ok {
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "Register" {
					n++
				}
			}
			return true
		})
	}
	return n
}

func TestRegisterTwicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("registering floodit a second time did not panic")
		}
	}()
	Register(Floodit{})
}
