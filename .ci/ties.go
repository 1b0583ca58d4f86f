//go:build ignore

// Command ties counts, for each Go package directory given, its non-test
// files, how many of them name a symbol (a package-level name, or a method)
// declared in another file of the same package, and the ties: the distinct
// (file, other file) pairs so named. Standard library only:
//
//	go run .ci/ties.go ./judge ./judge/puzzles ./judge/service
package main

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "source", nil)
	for _, dir := range os.Args[1:] {
		names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		var files []*ast.File
		for _, n := range names {
			if strings.HasSuffix(n, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, n, nil, parser.SkipObjectResolution)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			files = append(files, f)
		}
		info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
		conf := types.Config{Importer: imp.(types.ImporterFrom)}
		pkg, err := conf.Check(dir, fset, files, info)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		ties := map[[2]string]bool{}
		naming := map[string]bool{}
		for id, obj := range info.Uses {
			if obj.Pkg() != pkg {
				continue
			}
			if obj.Parent() != pkg.Scope() {
				fn, ok := obj.(*types.Func)
				if !ok || fn.Type().(*types.Signature).Recv() == nil {
					continue
				}
			}
			from, to := fset.Position(id.Pos()).Filename, fset.Position(obj.Pos()).Filename
			if from != to {
				ties[[2]string{from, to}] = true
				naming[from] = true
			}
		}
		fmt.Printf("%-16s %2d files, %2d name another file's symbol, %3d ties\n", dir, len(files), len(naming), len(ties))
	}
}
