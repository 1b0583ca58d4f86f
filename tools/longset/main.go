// Command longset lists the tests that the long set (go test -tags long)
// runs or changes, so that .ci/run's long step, which follows the quick
// step, runs those and not every quick test a second time (the tag changes
// the build of every package that imports internal/testutil, so without a
// filter the long step repeats the whole quick set: about 4 minutes).
//
// It reads the _test.go files of every package below the working directory
// and prints go test's arguments, one a line: -run=^(TestA|TestB|...)$,
// then the packages that have such a test. A test is in the long set when
// it is declared in a file built only with the tag long (//go:build long),
// or when it, or a function of its package's tests that it names, reads
// testutil.Long, testutil.LongOnly or testutil.Quick (a test whose size
// the tag changes). Naming is followed through the package's tests only:
// a helper outside _test.go files that read those would hide its callers,
// so longset fails when it finds one.
//
// Usage (from the repository's root):
//
//	mapfile -t args < <(go run ./tools/longset)
//	PUZZLEJUDGE_LONG_STEP=1 go test -tags long "${args[@]}"
package main

import (
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// longReads are the names of internal/testutil whose use puts a test in
// the long set.
var longReads = map[string]bool{"Long": true, "LongOnly": true, "Quick": true}

func main() {
	pkgs, names, err := longTests(".")
	if err != nil {
		fmt.Fprintln(os.Stderr, "longset:", err)
		os.Exit(1)
	}
	if len(names) == 0 {
		fmt.Fprintln(os.Stderr, "longset: no test of the long set found")
		os.Exit(1)
	}
	fmt.Printf("-run=^(%s)$\n", strings.Join(names, "|"))
	for _, p := range pkgs {
		fmt.Println(p)
	}
}

// longTests returns the packages (as ./dir, from root) that hold tests of the long
// set below root, and the names of those tests, sorted and without repeats.
func longTests(root string) (pkgs, names []string, err error) {
	dirs := map[string][]string{} // folder -> its _test.go files
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		base := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_") || base == "testdata" || base == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(base, ".go") {
			return nil
		}
		if strings.HasSuffix(base, "_test.go") {
			dirs[filepath.Dir(path)] = append(dirs[filepath.Dir(path)], path)
			return nil
		}
		if filepath.Base(filepath.Dir(path)) == "testutil" {
			return nil
		}
		return checkNotRead(path)
	})
	if err != nil {
		return nil, nil, err
	}
	seen := map[string]bool{}
	for dir, files := range dirs {
		tests, err := packageLongTests(files)
		if err != nil {
			return nil, nil, err
		}
		if len(tests) == 0 {
			continue
		}
		rel, err := filepath.Rel(root, dir)
		if err != nil {
			return nil, nil, err
		}
		pkgs = append(pkgs, "./"+filepath.ToSlash(rel))
		for _, t := range tests {
			if !seen[t] {
				seen[t] = true
				names = append(names, t)
			}
		}
	}
	slices.Sort(pkgs)
	slices.Sort(names)
	return pkgs, names, nil
}

// checkNotRead fails when a file outside the tests reads testutil's long
// switch: the tests that call it would be missed.
func checkNotRead(path string) error {
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	var found string
	ast.Inspect(f, func(n ast.Node) bool {
		if name := longRead(n); name != "" && found == "" {
			found = name
		}
		return found == ""
	})
	if found != "" {
		return fmt.Errorf("%s reads testutil.%s outside a _test.go file: its callers' tests would not be listed", path, found)
	}
	return nil
}

// longRead returns the name when n is testutil.Long, LongOnly or Quick.
func longRead(n ast.Node) string {
	sel, ok := n.(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	if x, ok := sel.X.(*ast.Ident); ok && x.Name == "testutil" && longReads[sel.Sel.Name] {
		return sel.Sel.Name
	}
	return ""
}

// packageLongTests returns the tests (Test*, Fuzz*) of one folder's test
// files that belong to the long set.
func packageLongTests(files []string) ([]string, error) {
	fset := token.NewFileSet()
	refs := map[string]map[string]bool{} // a function's name -> the names it uses
	long := map[string]bool{}            // functions in the long set
	var tests []string
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		onlyLong := builtOnlyWithLong(f)
		for _, decl := range f.Decls {
			var name string
			switch d := decl.(type) {
			case *ast.FuncDecl:
				name = d.Name.Name
				if d.Recv == nil && (strings.HasPrefix(name, "Test") || strings.HasPrefix(name, "Fuzz")) && name != "TestMain" {
					tests = append(tests, name)
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					if vs, ok := spec.(*ast.ValueSpec); ok {
						for _, id := range vs.Names {
							name = id.Name
							scan(vs, name, refs, long, onlyLong)
						}
					}
				}
				continue
			default:
				continue
			}
			// A method of a file built only with -tags long serves that
			// file's tests alone; by name it could be taken for another.
			scan(decl, name, refs, long, onlyLong && decl.(*ast.FuncDecl).Recv == nil)
		}
	}
	// A function that names one in the long set is in it too.
	for changed := true; changed; {
		changed = false
		for name, uses := range refs {
			if long[name] {
				continue
			}
			for u := range uses {
				if long[u] {
					long[name], changed = true, true
					break
				}
			}
		}
	}
	var out []string
	for _, t := range tests {
		if long[t] {
			out = append(out, t)
		}
	}
	return out, nil
}

// scan records the names node uses under name, and marks name long when
// node reads the long switch or its file is built only with -tags long.
func scan(node ast.Node, name string, refs map[string]map[string]bool, long map[string]bool, onlyLong bool) {
	if refs[name] == nil {
		refs[name] = map[string]bool{}
	}
	if onlyLong {
		long[name] = true
	}
	ast.Inspect(node, func(n ast.Node) bool {
		if longRead(n) != "" {
			long[name] = true
		}
		switch n := n.(type) {
		case *ast.Ident:
			refs[name][n.Name] = true
		case *ast.SelectorExpr:
			refs[name][n.Sel.Name] = true // a method or a field: counted as a use, which errs on the side of running
		}
		return true
	})
}

// builtOnlyWithLong reports whether the file's //go:build line holds with
// the tag long and not without it (on this machine's GOOS and GOARCH).
func builtOnlyWithLong(f *ast.File) bool {
	for _, group := range f.Comments {
		if group.Pos() > f.Package {
			break
		}
		for _, c := range group.List {
			if !constraint.IsGoBuild(c.Text) {
				continue
			}
			expr, err := constraint.Parse(c.Text)
			if err != nil {
				return false
			}
			with := func(long bool) bool {
				return expr.Eval(func(tag string) bool {
					switch tag {
					case "long":
						return long
					case runtime.GOOS, runtime.GOARCH, "gc":
						return true
					case "unix":
						return runtime.GOOS != "windows" && runtime.GOOS != "plan9"
					}
					return false
				})
			}
			return with(true) && !with(false)
		}
	}
	return false
}
