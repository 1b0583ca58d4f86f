// Command yajsv stands in for github.com/neilpa/yajsv, the JSON schema
// validator the Contest API's check script (check-api.sh) runs, which the
// Go module proxy does not serve. It does what the script asks of it, with
// the same validator as the tests (santhosh-tekuri/jsonschema, draft
// 2020-12):
//
//	yajsv [-q] -s SCHEMA [-r 'DIR/*.json']... DOCUMENT...
//
// -s is the schema to validate against, -r the schemas it refers to (each
// known by its $id, as the release's "common.json#/..." references need),
// -q prints the failures only. Each document is reported as
// "PATH: pass" or "PATH: fail: REASON". The exit status is yajsv's: 0 when
// every document passes, 1 when one fails its validation, 2 when one does
// not load (not JSON), 3 for both, 4 for a usage or schema error.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// globs is the repeatable -r flag.
type globs []string

func (g *globs) String() string     { return fmt.Sprint(*g) }
func (g *globs) Set(s string) error { *g = append(*g, s); return nil }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("yajsv", flag.ContinueOnError)
	fs.SetOutput(stderr)
	quiet := fs.Bool("q", false, "print the failures only")
	schema := fs.String("s", "", "the schema to validate against")
	var refs globs
	fs.Var(&refs, "r", "schemas the schema refers to (a glob; repeatable)")
	if err := fs.Parse(args); err != nil {
		return 4
	}
	if *schema == "" || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: yajsv [-q] -s SCHEMA [-r GLOB]... DOCUMENT...")
		return 4
	}
	sch, err := compile(*schema, refs)
	if err != nil {
		fmt.Fprintf(stderr, "%s: schema: %v\n", *schema, err)
		return 4
	}
	failed, broken := false, false
	for _, path := range fs.Args() {
		data, err := os.ReadFile(path)
		var doc any
		if err == nil {
			doc, err = jsonschema.UnmarshalJSON(bytes.NewReader(data))
		}
		if err != nil {
			fmt.Fprintf(stdout, "%s: error: %v\n", path, err)
			broken = true
			continue
		}
		if err := sch.Validate(doc); err != nil {
			fmt.Fprintf(stdout, "%s: fail: %v\n", path, err)
			failed = true
			continue
		}
		if !*quiet {
			fmt.Fprintf(stdout, "%s: pass\n", path)
		}
	}
	code := 0
	if failed {
		code |= 1
	}
	if broken {
		code |= 2
	}
	return code
}

// compile loads the schema and those of refs, each under its $id (and its
// file's URL when it has none), and compiles the schema.
func compile(schema string, refs []string) (*jsonschema.Schema, error) {
	comp := jsonschema.NewCompiler()
	added := map[string]bool{}
	add := func(path string) (string, error) {
		abs, err := filepath.Abs(path)
		if err != nil {
			return "", err
		}
		data, err := os.ReadFile(abs)
		if err != nil {
			return "", err
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
		if err != nil {
			return "", fmt.Errorf("%s: %w", path, err)
		}
		url := "file://" + filepath.ToSlash(abs)
		if m, ok := doc.(map[string]any); ok {
			if id, ok := m["$id"].(string); ok && id != "" {
				url = id
			}
		}
		if !added[url] {
			added[url] = true
			if err := comp.AddResource(url, doc); err != nil {
				return "", fmt.Errorf("%s: %w", path, err)
			}
		}
		return url, nil
	}
	for _, g := range refs {
		paths, err := filepath.Glob(g)
		if err != nil {
			return nil, err
		}
		for _, p := range paths {
			if _, err := add(p); err != nil {
				return nil, err
			}
		}
	}
	url, err := add(schema)
	if err != nil {
		return nil, err
	}
	return comp.Compile(url)
}
