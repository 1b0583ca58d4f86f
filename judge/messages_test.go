package judge

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestMessageText(t *testing.T) {
	tests := []struct {
		m    Msg
		want string
	}{
		{M("correct"), "correct"},
		{M("moves_optimal", "Count", 1), "1 move, optimal"},
		{M("moves_optimal", "Count", 12), "12 moves, optimal"},
		{M("move_bad", "Index", 7, "Token", `"9"`, "Reason", M("floodit_colour_not_on_board", "Colours", 6)),
			`move 7 ("9"): no such colour on a 6-colour board`},
		{M("at_line", "Line", 2, "Text", M("fifteen_above_optimum", "Used", M("n_moves", "Count", 1), "Optimal", 0)),
			"line 2: 1 move, the optimum is 0"},
		{M("no_such_id"), ""},
		{M("move_bad", "Index", 1), ""}, // an argument missing
	}
	for _, tc := range tests {
		if got := tc.m.Text(); got != tc.want {
			t.Errorf("%v.Text() = %q, want %q", tc.m, got, tc.want)
		}
	}
}

func TestEveryMessageParses(t *testing.T) {
	for _, m := range Messages() {
		if _, ok := englishTemplates()[m.ID]; !ok {
			t.Errorf("message %s: its English text does not parse as a template", m.ID)
		}
		if m.Other == "" {
			t.Errorf("message %s has no text", m.ID)
		}
	}
}

func TestMessageArgsRoundTrip(t *testing.T) {
	m := M("move_bad", "Index", 7, "Token", `"9"`, "Reason", M("floodit_no_such_colour", "Max", 9))
	r := Result{Verdict: Invalid}.With(m)
	if r.Message != `move 7 ("9"): no such colour: colours are 0..9` || r.MessageID != "move_bad" {
		t.Fatalf("With = %+v", r)
	}
	back, ok := ParseMsg(r.MessageID, r.MessageArgs)
	if !ok || back.Text() != r.Message {
		t.Fatalf("ParseMsg(%q, %q) = %v, %v; its text %q, want %q", r.MessageID, r.MessageArgs, back, ok, back.Text(), r.Message)
	}
	// An old stored row: flat strings, as judge.Args wrote them.
	if old, ok := ParseMsg("moves_optimal", `{"Count":"3"}`); !ok || old.Text() != "3 moves, optimal" {
		t.Errorf("ParseMsg of an old row = %v, %v", old, ok)
	}
	for _, bad := range []struct{ id, args string }{{"no_such_id", ""}, {"move_bad", "{"}, {"move_bad", `{"Reason":{"id":"nope"}}`}, {"move_bad", `{"Index":7}`}} {
		if m, ok := ParseMsg(bad.id, bad.args); ok {
			t.Errorf("ParseMsg(%q, %q) = %v, want not ok", bad.id, bad.args, m)
		}
	}
	if !reflect.DeepEqual(M("x").Args, []MsgArg{}) || M("x").ArgsJSON() != "" {
		t.Errorf("a message without arguments stores none")
	}
}

// TestMessageIDsDeclared walks the Go code of the module for judge.M and
// M calls whose id is a string literal and fails on an id that
// messageTexts does not declare: a typo would otherwise make a message
// without text.
func TestMessageIDsDeclared(t *testing.T) {
	root := ".."
	fset := token.NewFileSet()
	calls := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			// The id is the first argument of judge.M, textin.Why and a
			// token's Fail, the third of textin.Fail(line, col, id, ...).
			i := -1
			switch fn := call.Fun.(type) {
			case *ast.Ident:
				switch fn.Name {
				case "M", "Why":
					i = 0
				case "Fail":
					i = 2
				}
			case *ast.SelectorExpr:
				x, _ := fn.X.(*ast.Ident)
				switch {
				case x != nil && x.Name == "judge" && fn.Sel.Name == "M", x != nil && x.Name == "textin" && fn.Sel.Name == "Why":
					i = 0
				case x != nil && x.Name == "textin" && fn.Sel.Name == "Fail":
					i = 2
				case fn.Sel.Name == "Fail":
					i = 0
				}
			}
			if i < 0 || len(call.Args) <= i {
				return true
			}
			lit, ok := call.Args[i].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			id, _ := strconv.Unquote(lit.Value)
			calls++
			if !KnownMessage(id) && !strings.HasPrefix(id, "x_") && id != "no_such_id" && id != "x" {
				t.Errorf("%s: message id %q is not in messageTexts", fset.Position(lit.Pos()), id)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls < 80 {
		t.Fatalf("found only %d message calls: the walk is broken", calls)
	}
}
